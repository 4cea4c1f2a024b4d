import type { Address } from './api-table';

/**
 * Every API address the browser calls, built with its parameters encoded; shared/api-table.ts says what each one
 * answers. This module loads only with the screens that call these: the reads of every page's first JavaScript
 * (shared/queries.ts) and the find form's calls (shared/api-routes-find-form.ts) are built beside it, the same way.
 */
const at = encodeURIComponent;
const stone = (code: string) => `/api/stones/${at(code)}`;
const ownerStone = (ownerToken: string) => `/api/admin/stones/${at(ownerToken)}`;
const ownerCollection = (ownerToken: string) => `/api/admin/collections/${at(ownerToken)}`;
const operatorStone = (id: string) => `/api/admin/stones/id/${at(id)}`;

/** A file or an image the browser loads by its address (a link, an `<img>`): not a JSON call. */
type FileAddress = string;

export const stonesAddress = () => '/api/stones' as Address<'/api/stones'>;
/**
 * A find kept on the device, as the offline outbox sends it later (the find form's own is built with the form,
 * shared/api-routes-find-form.ts: the outbox loads without the stone page's modules, and sharing one would split it).
 */
export const outboxFindsAddress = (code: string) => `${stone(code)}/finds` as Address<'/api/stones/:code/finds'>;
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
export const preferencesAddress = () => '/api/notifications/preferences' as Address<'/api/notifications/preferences'>;
export const pushKeyAddress = () => '/api/push/public-key' as Address<'/api/push/public-key'>;
export const stonePushAddress = (code: string) => `${stone(code)}/push` as Address<'/api/stones/:code/push'>;
export const collectionPushAddress = (id: string) => `/api/collections/${at(id)}/push` as Address<'/api/collections/:id/push'>;

/**
 * The address search of the owner's goal and of several finds at once (the find form's own is in
 * api-routes-find-form.ts, with the stone page).
 */
export const placeSearchAddress = (query: string) => `/api/geocode?q=${encodeURIComponent(query)}` as Address<'/api/geocode'>;

/** The find form's published place (loaded after the form): the name of a position, asked for at the finder's precision (rounded already). */
export const reverseGeocodeAddress = (latitude: string, longitude: string, precision: string) =>
  `/api/geocode/reverse?lat=${at(latitude)}&lon=${at(longitude)}&precision=${precision}` as Address<'/api/geocode/reverse'>;

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
export type PushAddress = ReturnType<typeof stonePushAddress | typeof collectionPushAddress>;
export type OwnerLinkRequestAddress = ReturnType<typeof stoneOwnerLinkAddress | typeof collectionOwnerLinkAddress>;
export type TokenActionAddress = ReturnType<typeof confirmSubscriptionAddress | typeof unsubscribeAddress>;
export type OwnerDeleteAddress = ReturnType<typeof ownerStoneAddress | typeof ownerCollectionAddress>;
export type RevokeLinksAddress = ReturnType<typeof ownerRevokeLinksAddress | typeof ownerCollectionRevokeLinksAddress>;
export type OperatorStoneAddress = ReturnType<typeof operatorStoneAddress>;

/** Several stones found at one place, logged in one go (the find dialog). */
export const manyFindsAddress = () => '/api/finds' as Address<'/api/finds'>;
