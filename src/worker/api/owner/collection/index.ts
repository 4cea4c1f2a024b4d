import { type Context, Hono } from 'hono';
import { collectionPath } from '../../../../shared/collection';
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
import { queueMails } from '../../../mail/outbox';
import type { AppEnv } from '../../../types';
import { addCollectionStones, collectionForAdding } from '../../collections/create/queries';
import { createdStone } from '../../collections/index';
import { readCollection } from '../../collections/queries';
import { erase } from '../../erasure/erase';
import { publishStatistics } from '../../statistics/queries';
import { qrCodeUrl } from '../../stones/view-queries';
import { exportHeader, exportResponse, stoneDocuments } from '../export/document';
import { readCollectionForExport, readStonesForExport } from '../export/queries';
import { revokeCollectionLinks } from '../links/queries';
import {
  knownStoneTokens,
  type OwnedCollection,
  ownedCollection,
  ownerExtras,
  rememberedExpiries,
  rememberStoneTokens,
  updateCollection,
} from './queries';

/** Owner tokens are 43 base64url characters; anything unlike one is "not found" without a database read. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,200}$/;

const notFound = () => new ApiError(404, 'NOT_FOUND', 'server-owner.api.collectionOwnerNotFound');

type OwnerLink = OwnedCollection & { token: string };

/**
 * The collection behind the owner link in the path, and when that link expires: a wrong or expired token is a 404
 * on every call, and changes nothing.
 */
async function collectionOf(c: Context<AppEnv>): Promise<OwnerLink> {
  const token = c.req.param('ownerToken') ?? '';
  const owned = TOKEN_SHAPE.test(token) ? await ownedCollection(getDb(c.env.DB), token) : null;
  if (!owned) throw notFound();
  return { ...owned, token };
}

/**
 * Each stone's owner token, derived from THIS request's collection link. A link that came by mail derives other
 * stone tokens than the creation's, so each derived hash is made known to its stone's owner page for exactly as
 * long as the collection link lives: a hash not yet known, or known with another expiry, is written (a repeated
 * read writes nothing). `known` is what owner_tokens has of `hashes`.
 */
async function rememberDerived(
  c: Context<AppEnv>,
  link: OwnerLink,
  stones: Array<{ id: string; ownerTokenHash: string }>,
  hashes: string[],
  known: Map<string, number | null>,
): Promise<void> {
  const expiry = link.expiresAt?.getTime() ?? null;
  await rememberStoneTokens(
    getDb(c.env.DB),
    stones.flatMap((stone, i) => {
      const tokenHash = hashes[i] ?? '';
      const current = tokenHash === stone.ownerTokenHash || (known.has(tokenHash) && known.get(tokenHash) === expiry);
      return current ? [] : [{ tokenHash, stoneId: stone.id, expiresAt: link.expiresAt }];
    }),
  );
}

async function derivedTokens(link: OwnerLink, stones: Array<{ id: string }>) {
  const derived = await deriveStoneTokens(
    link.token,
    stones.map((stone) => stone.id),
  );
  return { derived, hashes: await Promise.all(derived.map(sha256Hex)) };
}

/** The collection as its owner manages it: every stone with its owner link derived from THIS request's link. */
async function ownerView(c: Context<AppEnv>, link: OwnerLink): Promise<OwnerCollectionView> {
  const db = getDb(c.env.DB);
  const origin = new URL(c.req.url).origin;
  const read = await readCollection(db, link.id, { origin, locale: intlTag[c.get('locale')] });
  if (!read) throw notFound();
  const { derived, hashes } = await derivedTokens(link, read.stones);
  const extras = await ownerExtras(db, link.id, hashes);
  await rememberDerived(c, link, read.stones, hashes, extras.known);
  return {
    ...read.view,
    stones: read.view.stones.map((stone, i) => ({
      ...stone,
      adminToken: derived[i] ?? '',
      adminUrl: `/admin/stone/${derived[i] ?? ''}`,
      qrCodeUrl: qrCodeUrl(origin, stone.code),
    })),
    creatorEmail: read.collection.creatorEmail,
    notify: read.collection.notify,
    memorialDay: read.collection.memorialDay,
    memorialLetter: read.collection.memorialLetter,
    followers: extras.followers,
    followerCount: extras.followerCount,
  };
}

/**
 * The collection owner's secret-link API, `/api/admin/collections/{ownerToken}`. Only requests without an
 * Authorization header reach it (lib/routing.ts): owner calls never send one.
 */
export const collectionOwner = new Hono<AppEnv>()
  .get('/:ownerToken', async (c) => {
    const link = await collectionOf(c);
    return c.json(await ownerView(c, link), 200, { 'Cache-Control': 'no-store' });
  })
  .patch('/:ownerToken', async (c) => {
    await enforceRateLimits(c, [{ name: 'clientWrites' }]);
    const link = await collectionOf(c);
    const input = parseInput(collectionUpdateSchema, await readJsonObject(c.req.raw));
    await updateCollection(getDb(c.env.DB), link.id, input);
    return c.json(await ownerView(c, link), 200, { 'Cache-Control': 'no-store' });
  })
  // The owner's copy of the collection's data and each stone's, as a file (a finder's photo by the stone's own link).
  .get('/:ownerToken/export', async (c) => {
    const link = await collectionOf(c);
    const db = getDb(c.env.DB);
    const origin = new URL(c.req.url).origin;
    const read = await readCollectionForExport(db, link.id);
    if (!read) throw notFound();
    const { derived, hashes } = await derivedTokens(link, read.stones);
    if (hashes.length) await rememberDerived(c, link, read.stones, hashes, rememberedExpiries(await knownStoneTokens(db, hashes)));
    const tokenOf = new Map(read.stones.map((stone, i) => [stone.id, derived[i] ?? '']));
    const stones = stoneDocuments(await readStonesForExport(db, [...tokenOf.keys()]), {
      origin,
      findPhoto: (stoneId, findId) => `${origin}/api/admin/stones/${tokenOf.get(stoneId) ?? ''}/finds/${findId}/photo`,
    });
    const { collection, followers } = read;
    return exportResponse(
      c,
      {
        ...exportHeader('collection', origin),
        collection: {
          id: collection.id,
          title: collection.title,
          dedication: collection.dedication,
          url: `${origin}${collectionPath(collection.id)}`,
          createdAt: collection.createdAt.toISOString(),
          updatedAt: collection.updatedAt?.toISOString() ?? null,
          settings: {
            language: collection.locale,
            findMails: collection.notify,
            memorialDay: collection.memorialDay,
            memorialLetter: collection.memorialLetter,
          },
          creatorEmail: collection.creatorEmail,
          followers,
          stones,
        },
      },
      `reisestein-sammlung-${collection.id}.json`,
    );
  })
  /**
   * Ends every owner link of the collection and of each of its stones (they are derived from the collection's),
   * including the one used, and mails the creator the one link that works from then on.
   */
  .post('/:ownerToken/revoke-links', async (c) => {
    await enforceRateLimits(c, [{ name: 'clientWrites' }]);
    const { id } = await collectionOf(c);
    const mailIds = await revokeCollectionLinks(getDb(c.env.DB), id);
    c.executionCtx.waitUntil(queueMails(c.env.EMAIL_QUEUE, mailIds));
    return c.json({ revoked: true }, 202, { 'Cache-Control': 'no-store' });
  })
  // The owner deletes the whole collection with its stones (they were made for it), after confirming it on the owner
  // page: every row and object about them (api/erasure).
  .delete('/:ownerToken', async (c) => {
    await enforceRateLimits(c, [{ name: 'clientWrites' }]);
    const { id } = await collectionOf(c);
    if (!(await erase(c, { collectionId: id }))) throw notFound();
    log.info('collection deleted by its owner', { collectionId: id });
    return c.json({ deleted: true });
  })
  .post('/:ownerToken/stones', async (c) => {
    await enforceRateLimits(c, [{ name: 'clientWrites' }]);
    const link = await collectionOf(c);
    const { id } = link;
    const { titles } = parseInput(addStonesSchema, await readJsonObject(c.req.raw));
    const db = getDb(c.env.DB);
    const collection = await collectionForAdding(db, id);
    if (!collection) throw notFound();
    const full = () =>
      new ApiError(422, 'COLLECTION_FULL', {
        id: 'server-owner.api.collectionFull',
        values: { max: MAX_COLLECTION_STONES, room: Math.max(0, MAX_COLLECTION_STONES - collection.stoneCount) },
      });
    if (collection.stoneCount + titles.length > MAX_COLLECTION_STONES) throw full();
    const added = await addCollectionStones(db, collection, link, titles);
    if (added.full) throw full();
    await publishStatistics(c.env.CACHE, added.totals);
    const origin = new URL(c.req.url).origin;
    return c.json({ stones: added.stones.map((stone) => createdStone(origin, stone)) }, 201, { 'Cache-Control': 'no-store' });
  });
