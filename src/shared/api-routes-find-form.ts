import type { Address } from './api-table';

/**
 * The find form's calls, built as shared/api-routes.ts builds the others: apart, because the form is in the stone
 * page's first JavaScript and that module is not (see tests/unit/api-addresses.test.ts).
 */
/** A find of the stone `code`, logged from the form. */
export const stoneFindsAddress = (code: string) => `/api/stones/${encodeURIComponent(code)}/finds` as Address<'/api/stones/:code/finds'>;
/** The address search: the places a text names. */
export const geocodeAddress = (query: string) => `/api/geocode?q=${encodeURIComponent(query)}` as Address<'/api/geocode'>;
