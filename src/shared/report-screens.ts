import { normalizeCode } from './code';
import { queries } from './queries';
import { type Params, screen } from './screen';

/** A find is named by its row id (a UUID, or a demo row's name), as the API's paths take it. */
const params = { code: normalizeCode, findId: (raw: string) => (/^[A-Za-z0-9-]{1,64}$/.test(raw) ? raw : null) };
/** The stone (its title) and the public find reported, which the stone's view may not embed (only its newest). */
const load = ({ code = '', findId = '' }: Params) => ({ stone: queries.stone(code), find: queries.stoneFind(code, findId) });
const status = ({ stone }: Record<string, unknown>) => (stone ? 200 : 404);

/**
 * Reporting a public find (routes.ts spreads these into the registry): a page of its own, so that reporting costs
 * the stone page only a link per find.
 */
export const reportScreens = {
  reportFind: screen({
    // A form about one find, not a page to find; it works without JavaScript too (a plain form post).
    indexing: 'noindex',
    path: '/:code/fund/:findId/melden',
    page: 'report-find',
    messages: ['report'],
    params,
    load,
    status,
  }),
  findReported: screen({
    indexing: 'noindex',
    path: '/:code/fund/:findId/gemeldet',
    page: 'report-find',
    messages: ['report'],
    params,
    load,
    status,
  }),
};
