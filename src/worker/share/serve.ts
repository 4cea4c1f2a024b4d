import { type Context, Hono } from 'hono';
import { CODE_PATTERN } from '../../shared/code';
import { COLLECTION_ID_PATTERN } from '../../shared/collection';
import { getDb } from '../db/client';
import { photoResponse } from '../photos/serve';
import type { AppEnv } from '../types';
import { VERSION_FILE } from './content';
import { collectionCardValidity, stoneCardValidity } from './queries';
import { collectionCardKey, stoneCardKey } from './storage';

/*
 * The share cards' addresses (shared/share-image.ts): `/share/stone/{code}/{version}.png` and
 * `/share/collection/{id}/{version}.png`, from R2. Anything else is a 404: the generic card `/share/reisesteine.png`
 * is a static file, served before the Worker runs.
 *
 * A card shows a stone at one moment, and what it shows can be erased (a hidden find, a deleted photo, a deleted
 * stone): every request asks D1 (one row by its unique key) whether the version may still be served, the current
 * one or one stored since the last erasure (`cards_valid_from`), so an erased card stops answering at once, even
 * when its object could not be deleted. For the same reason no cache may keep a card past an erasure: browsers and
 * link previewers revalidate with the ETag (`no-cache`), which costs a 304 and no bytes while the card stands.
 */
const CARD_CACHE_CONTROL = 'public, no-cache';

type Validity = { shareCard: string | null; cardsValidFrom: Date | null } | null;

/** The card `version` of an owner whose validity is `validity`, or 404 (a gone stone, an erased card, no such object). */
function card(c: Context<AppEnv>, key: string, version: string, validity: Validity): Promise<Response> | Response {
  if (!validity) return c.body(null, 404);
  const storedSince = version === validity.shareCard ? null : validity.cardsValidFrom;
  return photoResponse(c, key, CARD_CACHE_CONTROL, storedSince);
}

const version = (file: string) => VERSION_FILE.exec(file)?.[1] ?? null;

export const shareImages = new Hono<AppEnv>()
  .get('/stone/:code/:file', async (c) => {
    const code = c.req.param('code');
    const v = version(c.req.param('file'));
    if (!CODE_PATTERN.test(code) || !v) return c.body(null, 404);
    return card(c, stoneCardKey(code, v), v, await stoneCardValidity(getDb(c.env.DB), code));
  })
  .get('/collection/:id/:file', async (c) => {
    const id = c.req.param('id');
    const v = version(c.req.param('file'));
    if (!COLLECTION_ID_PATTERN.test(id) || !v) return c.body(null, 404);
    return card(c, collectionCardKey(id, v), v, await collectionCardValidity(getDb(c.env.DB), id));
  });
