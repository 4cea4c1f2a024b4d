import { type Context, Hono } from 'hono';
import { CODE_PATTERN } from '../../shared/code';
import { COLLECTION_ID_PATTERN } from '../../shared/collection';
import { photoResponse } from '../photos';
import type { AppEnv } from '../types';
import { VERSION_FILE } from './content';
import { collectionCardKey, stoneCardKey } from './storage';

/*
 * The share cards' addresses (shared/share-image.ts): `/share/stone/{code}/{version}.png` and
 * `/share/collection/{id}/{version}.png`, from R2. A version is never drawn twice differently, so an answer may be
 * kept forever. Anything else is a 404: the generic card `/share/reisesteine.png` is a static file, served before
 * the Worker runs.
 */

/** A card's bytes with the photos' image headers (stored as image/png), kept forever: a version never changes. */
const card = (c: Context<AppEnv>, key: string | null): Promise<Response> | Response =>
  key ? photoResponse(c, key, 'public, max-age=31536000, immutable') : c.body(null, 404);

const version = (file: string) => VERSION_FILE.exec(file)?.[1] ?? null;

export const shareImages = new Hono<AppEnv>()
  .get('/stone/:code/:file', (c) => {
    const code = c.req.param('code');
    const v = version(c.req.param('file'));
    return card(c, CODE_PATTERN.test(code) && v ? stoneCardKey(code, v) : null);
  })
  .get('/collection/:id/:file', (c) => {
    const id = c.req.param('id');
    const v = version(c.req.param('file'));
    return card(c, COLLECTION_ID_PATTERN.test(id) && v ? collectionCardKey(id, v) : null);
  });
