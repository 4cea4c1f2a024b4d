import type { BlogPostSummary, BlogPostView, OperatorBlogPost } from './blog-types';
import type { FindAnswer, ManyFindsAnswer } from './find-answer';
import type { ReportedFind } from './moderation-types';
import type { OpenApiAnswer } from './openapi';
import type { FailedMail, OperatorCounters, OperatorStoneRow, OperatorStoneView } from './operator-types';
import type { Frequency } from './schemas/notify';
import type { ReportAction } from './schemas/report';
import type {
  CollectionView,
  CreatedCollection,
  FindsPage,
  FindView,
  NotificationPreferences,
  OwnerCollectionView,
  OwnerStoneView,
  Statistics,
  StoneView,
} from './types';

/**
 * Every API address the browser calls, and the JSON each one answers (the addresses are built in shared/api-routes.ts,
 * shared/queries.ts and shared/api-routes-find-form.ts). The table is keyed like the Worker's route
 * table (worker/endpoints.ts, the owner's and the operator's side of the stones prefix apart); a type test
 * (tests/worker/api-table.routes.test.ts) holds every answer to the answer the Worker's router is inferred to send,
 * so a route that answers something else no longer compiles.
 */
export interface ApiTable {
  '/api/statistics': { $get: Statistics };
  '/api/openapi.json': { $get: OpenApiAnswer };
  '/api/stones': { $post: { code: string; isPaid: true; upgraded?: true } | { code: string; adminToken: string | null; adminUrl: string } };
  '/api/stones/:code': { $get: StoneView };
  '/api/stones/:code/finds': { $get: FindsPage; $post: FindAnswer };
  '/api/stones/:code/finds/:findId': { $get: FindView };
  '/api/stones/:code/finds/:findId/report': { $post: { reported: true } };
  '/api/finds': { $post: ManyFindsAnswer };
  '/api/stones/:code/notifications': { $post: SubscribeAnswer };
  '/api/stones/:code/owner-link': { $post: { accepted: true } };
  '/api/collections': { $post: CreatedCollection };
  '/api/collections/:id': { $get: CollectionView };
  '/api/collections/:id/notifications': { $post: SubscribeAnswer };
  '/api/collections/:id/owner-link': { $post: { accepted: true } };
  '/api/notifications/confirm': { $post: TokenActionAnswer & { confirmed: true } };
  '/api/notifications/unsubscribe': { $post: TokenActionAnswer & { unsubscribed: true } };
  '/api/notifications/preferences': { $post: NotificationPreferences };
  '/api/push/public-key': { $get: { publicKey: string } };
  '/api/stones/:code/push': { $post: { subscribed: true; frequency: Frequency }; $delete: { subscribed: false } };
  '/api/collections/:id/push': { $post: { subscribed: true; frequency: Frequency }; $delete: { subscribed: false } };
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
