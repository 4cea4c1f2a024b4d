import type { BlogPostSummary, BlogPostView, OperatorBlogPost } from './blog-types';
import type { FindAnswer } from './find-answer';
import type { ReportedFind } from './moderation-types';
import type { ReportAction } from './schemas/report';
import type {
  CollectionView,
  CreatedCollection,
  FailedMail,
  FindsPage,
  FindView,
  OperatorCounters,
  OperatorStoneRow,
  OperatorStoneView,
  OwnerCollectionView,
  OwnerStoneView,
  Statistics,
  StoneView,
} from './types';

/**
 * Every API address the browser calls, and the JSON each one answers: the one place an address is spelled and its
 * parameters encoded. The table is keyed like the Worker's route table (worker/endpoints.ts, the owner's and the
 * operator's side of the stones prefix apart); a type test (tests/worker/api-table.test.ts) holds every answer to
 * the answer the Worker's router is inferred to send, so a route that answers something else no longer compiles.
 */
export interface ApiTable {
  '/api/statistics': { $get: Statistics };
  '/api/stones': { $post: { code: string; isPaid: true; upgraded?: true } | { code: string; adminToken: string | null; adminUrl: string } };
  '/api/stones/:code': { $get: StoneView };
  '/api/stones/:code/finds': { $get: FindsPage; $post: FindAnswer };
  '/api/stones/:code/finds/:findId': { $get: FindView };
  '/api/stones/:code/finds/:findId/report': { $post: { reported: true } };
  '/api/stones/:code/notifications': { $post: SubscribeAnswer };
  '/api/stones/:code/owner-link': { $post: { accepted: true } };
  '/api/collections': { $post: CreatedCollection };
  '/api/collections/:id': { $get: CollectionView };
  '/api/collections/:id/notifications': { $post: SubscribeAnswer };
  '/api/collections/:id/owner-link': { $post: { accepted: true } };
  '/api/notifications/confirm': { $post: TokenActionAnswer & { confirmed: true } };
  '/api/notifications/unsubscribe': { $post: TokenActionAnswer & { unsubscribed: true } };
  '/api/blog': { $get: BlogPostSummary[] };
  '/api/blog/:slug': { $get: BlogPostView };
  '/api/geocode': {
    $get: {
      label: string;
      latitude: number;
      longitude: number;
      countryCode: string | null;
      places: { km: string | null; town: string | null };
    };
  };
  '/api/geocode/reverse': { $get: { label: string | null; countryCode: string | null } };
  '/api/create-payment-intent': {
    // A stone whose promo code makes it free is made at once: no payment to confirm.
    $post:
      | { clientSecret: string; paymentIntentId: string; amount: number; adminToken?: string }
      | { clientSecret: null; amount: number; code: string; adminToken?: string };
  };
  '/api/validate-promo-code': {
    $post:
      | { valid: true; discount: number; finalAmount: number; stripePromotionCodeId: string }
      | { valid: false; discount: number; finalAmount: number; stripePromotionCodeId: null };
  };
  '/api/admin/stones/owner/:ownerToken': { $get: OwnerStoneView; $patch: OwnerStoneView; $delete: { deleted: true } };
  '/api/admin/stones/owner/:ownerToken/photos': { $post: { photos: string[] }; $delete: { photos: string[] } };
  '/api/admin/stones/owner/:ownerToken/finds/:findId': { $patch: OwnerStoneView };
  '/api/admin/stones/owner/:ownerToken/revoke-links': { $post: { revoked: true } };
  '/api/admin/collections/:ownerToken': { $get: OwnerCollectionView; $patch: OwnerCollectionView; $delete: { deleted: true } };
  '/api/admin/collections/:ownerToken/stones': { $post: Pick<CreatedCollection, 'stones'> };
  '/api/admin/collections/:ownerToken/revoke-links': { $post: { revoked: true } };
  '/api/admin/login': { $post: { token: string } };
  '/api/admin/statistics': { $get: OperatorCounters };
  '/api/admin/mails': { $get: FailedMail[] };
  '/api/admin/mails/:id/resend': { $post: { queued: true } };
  '/api/admin/blog': { $get: OperatorBlogPost[]; $post: OperatorBlogPost };
  '/api/admin/blog/:id': { $put: OperatorBlogPost; $delete: { deleted: true } };
  '/api/admin/stones/operator': { $get: OperatorStoneRow[] };
  '/api/admin/stones/operator/id/:id': { $get: OperatorStoneView; $patch: OperatorStoneView };
  '/api/admin/stones/operator/id/:id/photos': { $delete: OperatorStoneView };
  '/api/admin/stones/operator/id/:id/finds/:findId': { $patch: OperatorStoneView };
  '/api/admin/stones/operator/:id': { $delete: { deleted: true } };
  '/api/admin/reports': { $get: ReportedFind[] };
  '/api/admin/reports/:findId': { $post: { resolved: true; action: ReportAction } };
}

/** What following a stone or a collection answers: the follow waits for its confirmation by mail. */
type SubscribeAnswer = { subscribed: true; confirmed: false };

/** What a mail link's token action answers: the stone (or collection) it was about. */
type TokenActionAnswer = { code: string | null; title: string; collectionId?: string };

export type ApiPath = keyof ApiTable;
export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** The JSON answer of a call: the route's, for the method. */
export type ApiAnswer<P extends ApiPath, M extends ApiMethod> = P extends ApiPath
  ? ApiTable[P] extends Record<`$${Lowercase<M>}`, infer A>
    ? A
    : never
  : never;

/** An address of the route `P`: a string that says which route it reaches (the type only). */
export type Address<P extends ApiPath> = string & { readonly route?: P };

/** A file or an image the browser loads by its address (a link, an `<img>`): not a JSON call. */
type FileAddress = string;

// The reads of a page's first JavaScript (shared/queries.ts) and the find form's calls spell their addresses where
// they are, typed by this table: this module loads only with the screens that call the rest.
const at = encodeURIComponent;
const stone = (code: string) => `/api/stones/${at(code)}`;
const ownerStone = (ownerToken: string) => `/api/admin/stones/${at(ownerToken)}`;
const ownerCollection = (ownerToken: string) => `/api/admin/collections/${at(ownerToken)}`;
const operatorStone = (id: string) => `/api/admin/stones/id/${at(id)}`;

export const stonesAddress = () => '/api/stones' as Address<'/api/stones'>;
/** A find, as the offline outbox sends it later (the find form spells its own address: it is in the stone page's first JavaScript). */
export const stoneFindsAddress = (code: string) => `${stone(code)}/finds` as Address<'/api/stones/:code/finds'>;
/** The next page of a stone's older finds, as the stone's answer (or the page before) gives its address. */
export const olderFindsAddress = (given: string) => given as Address<'/api/stones/:code/finds'>;
export const findReportAddress = (code: string, findId: string) =>
  `${stone(code)}/finds/${at(findId)}/report` as Address<'/api/stones/:code/finds/:findId/report'>;
export const stoneNotificationsAddress = (code: string) => `${stone(code)}/notifications` as Address<'/api/stones/:code/notifications'>;
export const stoneOwnerLinkAddress = (code: string) => `${stone(code)}/owner-link` as Address<'/api/stones/:code/owner-link'>;
export const qrCodeAddress = (code: string): FileAddress => `${stone(code)}/qr.svg`;
export const journeyFileAddress = (code: string, format: 'gpx' | 'geojson'): FileAddress => `${stone(code)}/journey.${format}`;

export const collectionsAddress = () => '/api/collections' as Address<'/api/collections'>;
export const collectionNotificationsAddress = (id: string) =>
  `/api/collections/${at(id)}/notifications` as Address<'/api/collections/:id/notifications'>;
export const collectionOwnerLinkAddress = (id: string) =>
  `/api/collections/${at(id)}/owner-link` as Address<'/api/collections/:id/owner-link'>;
export const confirmSubscriptionAddress = () => '/api/notifications/confirm' as Address<'/api/notifications/confirm'>;
export const unsubscribeAddress = () => '/api/notifications/unsubscribe' as Address<'/api/notifications/unsubscribe'>;

export const paymentIntentAddress = () => '/api/create-payment-intent' as Address<'/api/create-payment-intent'>;
export const promoCodeAddress = () => '/api/validate-promo-code' as Address<'/api/validate-promo-code'>;

// The owner's side of a stone and of a collection: the secret link's token is the path, no Authorization header.
export const ownerStoneAddress = (ownerToken: string) => ownerStone(ownerToken) as Address<'/api/admin/stones/owner/:ownerToken'>;
export const ownerCollectionAddress = (ownerToken: string) => ownerCollection(ownerToken) as Address<'/api/admin/collections/:ownerToken'>;
export const ownerPhotosAddress = (ownerToken: string) =>
  `${ownerStone(ownerToken)}/photos` as Address<'/api/admin/stones/owner/:ownerToken/photos'>;
export const ownerFindAddress = (ownerToken: string, findId: string) =>
  `${ownerStone(ownerToken)}/finds/${at(findId)}` as Address<'/api/admin/stones/owner/:ownerToken/finds/:findId'>;
export const ownerRevokeLinksAddress = (ownerToken: string) =>
  `${ownerStone(ownerToken)}/revoke-links` as Address<'/api/admin/stones/owner/:ownerToken/revoke-links'>;
export const ownerExportAddress = (ownerToken: string): FileAddress => `${ownerStone(ownerToken)}/export`;
export const ownerCollectionStonesAddress = (ownerToken: string) =>
  `${ownerCollection(ownerToken)}/stones` as Address<'/api/admin/collections/:ownerToken/stones'>;
export const ownerCollectionRevokeLinksAddress = (ownerToken: string) =>
  `${ownerCollection(ownerToken)}/revoke-links` as Address<'/api/admin/collections/:ownerToken/revoke-links'>;
export const ownerCollectionExportAddress = (ownerToken: string): FileAddress => `${ownerCollection(ownerToken)}/export`;

// The operator's: with the token in the Authorization header.
export const loginAddress = () => '/api/admin/login' as Address<'/api/admin/login'>;
/** Logging out answers no JSON: the call is made for its effect. */
export const logoutAddress = (): FileAddress => '/api/admin/logout';
export const operatorCountersAddress = () => '/api/admin/statistics' as Address<'/api/admin/statistics'>;
export const failedMailsAddress = () => '/api/admin/mails' as Address<'/api/admin/mails'>;
export const resendMailAddress = (id: string) => `/api/admin/mails/${at(id)}/resend` as Address<'/api/admin/mails/:id/resend'>;
export const operatorBlogAddress = () => '/api/admin/blog' as Address<'/api/admin/blog'>;
export const blogArticleAddress = (id: string) => `/api/admin/blog/${at(id)}` as Address<'/api/admin/blog/:id'>;
/** A page of the operator's stone table: the search and the page's place, as URLSearchParams writes them. */
export const operatorStonesAddress = (query: { toString(): string }) =>
  `/api/admin/stones?${query}` as Address<'/api/admin/stones/operator'>;
export const operatorStoneAddress = (id: string) => operatorStone(id) as Address<'/api/admin/stones/operator/id/:id'>;
export const operatorPhotosAddress = (id: string) => `${operatorStone(id)}/photos` as Address<'/api/admin/stones/operator/id/:id/photos'>;
export const operatorFindAddress = (id: string, findId: string) =>
  `${operatorStone(id)}/finds/${at(findId)}` as Address<'/api/admin/stones/operator/id/:id/finds/:findId'>;
export const operatorDeleteAddress = (id: string) => `/api/admin/stones/${at(id)}` as Address<'/api/admin/stones/operator/:id'>;
export const reportsAddress = (page: number, pageSize: number) =>
  `/api/admin/reports?page=${page}&pageSize=${pageSize}` as Address<'/api/admin/reports'>;
export const reportAddress = (findId: string) => `/api/admin/reports/${at(findId)}` as Address<'/api/admin/reports/:findId'>;

// What a component takes where it serves a stone and a collection alike (or one stone of the operator's table).
export type FollowAddress = ReturnType<typeof stoneNotificationsAddress | typeof collectionNotificationsAddress>;
export type OwnerLinkRequestAddress = ReturnType<typeof stoneOwnerLinkAddress | typeof collectionOwnerLinkAddress>;
export type TokenActionAddress = ReturnType<typeof confirmSubscriptionAddress | typeof unsubscribeAddress>;
export type OwnerDeleteAddress = ReturnType<typeof ownerStoneAddress | typeof ownerCollectionAddress>;
export type RevokeLinksAddress = ReturnType<typeof ownerRevokeLinksAddress | typeof ownerCollectionRevokeLinksAddress>;
export type OperatorStoneAddress = ReturnType<typeof operatorStoneAddress>;
