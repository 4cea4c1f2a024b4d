import { type Context, Hono } from 'hono';
import { intlTag } from '../../../../shared/i18n/locale';
import { addStonesSchema, collectionUpdateSchema } from '../../../../shared/schemas/collection';
import { MAX_COLLECTION_STONES } from '../../../../shared/schemas/limits';
import type { OwnerCollectionView } from '../../../../shared/types';
import { getDb } from '../../../db/client';
import { deriveStoneTokens, sha256Hex } from '../../../lib/crypto';
import { ApiError } from '../../../lib/errors';
import { log } from '../../../lib/logger';
import { enforceRateLimits } from '../../../lib/rate-limit';
import { parseInput, readJsonObject } from '../../../lib/validate';
import type { AppEnv } from '../../../types';
import { erase } from '../../erasure/erase';
import { publishStatistics } from '../../statistics/queries';
import { qrCodeUrl } from '../../stones/queries';
import { addCollectionStones, collectionForAdding } from '../create/queries';
import { createdStone } from '../index';
import { readCollection } from '../queries';
import { ownedCollectionId, ownerExtras, rememberStoneTokens, updateCollection } from './queries';

/** Owner tokens are 43 base64url characters; anything unlike one is "not found" without a database read. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,200}$/;

const notFound = () => new ApiError(404, 'NOT_FOUND', 'api.collectionOwnerNotFound');

/** The collection behind the owner link in the path: a wrong token is a 404 on every call, and changes nothing. */
async function collectionOf(c: Context<AppEnv>): Promise<{ token: string; id: string }> {
  const token = c.req.param('adminToken') ?? '';
  const id = TOKEN_SHAPE.test(token) ? await ownedCollectionId(getDb(c.env.DB), token) : null;
  if (!id) throw notFound();
  return { token, id };
}

/**
 * The collection as its owner manages it: every stone with its owner link derived from THIS request's token. A
 * token that came by mail derives other stone tokens than the creation's, so before answering each stone's
 * derived hash is made known to its owner page (only the unknown ones: a repeated read writes nothing).
 */
async function ownerView(c: Context<AppEnv>, token: string, id: string): Promise<OwnerCollectionView> {
  const db = getDb(c.env.DB);
  const origin = new URL(c.req.url).origin;
  const read = await readCollection(db, id, { origin, locale: intlTag[c.get('locale')] });
  if (!read) throw notFound();
  const derived = await deriveStoneTokens(
    token,
    read.stones.map((stone) => stone.id),
  );
  const hashes = await Promise.all(derived.map(sha256Hex));
  const extras = await ownerExtras(db, id, hashes);
  await rememberStoneTokens(
    db,
    read.stones.flatMap((stone, i) => {
      const tokenHash = hashes[i] ?? '';
      return tokenHash === stone.ownerTokenHash || extras.known.has(tokenHash) ? [] : [{ tokenHash, stoneId: stone.id }];
    }),
  );
  return {
    ...read.view,
    stones: read.view.stones.map((stone, i) => ({
      ...stone,
      adminToken: derived[i] ?? '',
      adminUrl: `/admin/stone/${derived[i] ?? ''}`,
      qrCodeUrl: qrCodeUrl(origin, stone.code),
    })),
    creatorEmail: read.collection.creatorEmail,
    followers: extras.followers,
    followerCount: extras.followerCount,
  };
}

/**
 * The collection owner's secret-link API, `/api/admin/collections/{adminToken}`. Only requests without an
 * Authorization header reach it (lib/routing.ts): owner calls never send one.
 */
export const collectionOwner = new Hono<AppEnv>()
  .get('/:adminToken', async (c) => {
    const { token, id } = await collectionOf(c);
    return c.json(await ownerView(c, token, id), 200, { 'Cache-Control': 'no-store' });
  })
  .patch('/:adminToken', async (c) => {
    await enforceRateLimits(c, [{ name: 'clientWrites' }]);
    const { token, id } = await collectionOf(c);
    const input = parseInput(collectionUpdateSchema, await readJsonObject(c.req.raw));
    await updateCollection(getDb(c.env.DB), id, input);
    return c.json(await ownerView(c, token, id), 200, { 'Cache-Control': 'no-store' });
  })
  // The owner deletes the whole collection with its stones (they were made for it), after confirming it on the owner
  // page: every row and object about them (api/erasure).
  .delete('/:adminToken', async (c) => {
    await enforceRateLimits(c, [{ name: 'clientWrites' }]);
    const { id } = await collectionOf(c);
    if (!(await erase(c, { collectionId: id }))) throw notFound();
    log.info('collection deleted by its owner', { collectionId: id });
    return c.json({ deleted: true });
  })
  .post('/:adminToken/stones', async (c) => {
    await enforceRateLimits(c, [{ name: 'clientWrites' }]);
    const { token, id } = await collectionOf(c);
    const { titles } = parseInput(addStonesSchema, await readJsonObject(c.req.raw));
    const db = getDb(c.env.DB);
    const collection = await collectionForAdding(db, id);
    if (!collection) throw notFound();
    const full = () =>
      new ApiError(422, 'COLLECTION_FULL', {
        id: 'api.collectionFull',
        values: { max: MAX_COLLECTION_STONES, room: Math.max(0, MAX_COLLECTION_STONES - collection.stoneCount) },
      });
    if (collection.stoneCount + titles.length > MAX_COLLECTION_STONES) throw full();
    const added = await addCollectionStones(db, collection, token, titles);
    if (added.full) throw full();
    await publishStatistics(c.env.CACHE, added.totals);
    const origin = new URL(c.req.url).origin;
    return c.json({ stones: added.stones.map((stone) => createdStone(origin, stone)) }, 201, { 'Cache-Control': 'no-store' });
  });
