import { eq, inArray, sql } from 'drizzle-orm';
import { randomCode } from '../../../../shared/code';
import { randomCollectionId } from '../../../../shared/collection';
import type { OwnerLocale } from '../../../../shared/i18n/locale';
import { batchByName } from '../../../db/batch';
import type { Db } from '../../../db/client';
import { uniqueViolation } from '../../../db/errors';
import { collections, ownerTokens, stones } from '../../../db/schema';
import { indexTitles } from '../../../db/title-words';
import { deriveStoneTokens, randomToken, sha256Hex } from '../../../lib/crypto';
import { ApiError } from '../../../lib/errors';
import { mailDedupe } from '../../../mail/builders';
import { insertMail } from '../../../mail/queries';
import { changeTotals } from '../../statistics/queries';

/** Making a collection's stones: creating the collection with its first ones, and adding more later. */

const random = (bytes: Uint8Array) => crypto.getRandomValues(bytes);

/** A stone's title in its collection: the one given, else the collection's title with the stone's number. */
const stoneTitle = (given: string, collectionTitle: string, n: number) => given || `${collectionTitle} #${n}`;

/** A new stone of a collection, its owner token derived from the collection's (decision record 024). */
interface NewCollectionStone {
  id: string;
  ownerToken: string;
  ownerTokenHash: string;
  /** The derived token's hash as an owner_tokens row, when the collection link it came from expires. */
  expiring: { tokenHash: string; expiresAt: Date } | null;
  title: string;
}

/**
 * The stones' tokens, derived from the collection link used. A link that expires (one mailed later) must not give
 * its stones a lasting link: their creation hash is then one nobody holds, and the derived token an owner_tokens
 * row with the collection link's expiry (the creation link's stones are found by their own hash, until revoked).
 */
async function newStones(
  collectionToken: string,
  collectionTitle: string,
  titles: string[],
  firstNumber: number,
  expiresAt: Date | null = null,
): Promise<NewCollectionStone[]> {
  const ids = titles.map(() => crypto.randomUUID());
  const tokens = await deriveStoneTokens(collectionToken, ids);
  return Promise.all(
    ids.map(async (id, i) => {
      const derivedHash = await sha256Hex(tokens[i] ?? '');
      return {
        id,
        ownerToken: tokens[i] ?? '',
        ownerTokenHash: expiresAt ? await sha256Hex(randomToken()) : derivedHash,
        expiring: expiresAt ? { tokenHash: derivedHash, expiresAt } : null,
        title: stoneTitle(titles[i] ?? '', collectionTitle, firstNumber + i),
      };
    }),
  );
}

/** The inserts of a collection's new free stones, one statement each (a stone row has too many values for one). */
function stoneInserts(
  db: Db,
  collection: { id: string; creatorEmail: string; locale: OwnerLocale },
  made: NewCollectionStone[],
  codes: string[],
  now: number,
) {
  // Creation order is the collection's order: each stone a millisecond after the one before.
  const links = made.flatMap((stone, i) =>
    stone.expiring ? [[`link${i}`, db.insert(ownerTokens).values({ ...stone.expiring, stoneId: stone.id })] as const] : [],
  );
  const rows = Object.fromEntries(
    made.map((stone, i) => [
      `stone${i}`,
      db.insert(stones).values({
        id: stone.id,
        code: codes[i] ?? '',
        title: stone.title,
        creatorEmail: collection.creatorEmail,
        locale: collection.locale,
        ownerTokenHash: stone.ownerTokenHash,
        collectionId: collection.id,
        createdAt: new Date(now + i),
      }),
    ]),
  );
  // The operator's search finds them by their titles' words (written after the stones, which it reads).
  const words = indexTitles(
    db,
    inArray(
      stones.id,
      made.map((stone) => stone.id),
    ),
  );
  return { ...rows, ...Object.fromEntries(links), words };
}

/** A stone code or the collection id was taken: draw again (rare: 16^9 codes, 31^10 ids). */
const drawAgain = (error: unknown) => uniqueViolation(error, 'stones.code') || uniqueViolation(error, 'collections.id');

const CODES_EXHAUSTED = () => new ApiError(503, 'CODE_EXHAUSTED', 'server-owner.api.codeExhausted');

export interface NewCollection {
  title: string;
  dedication: string | null;
  creatorEmail: string;
  /** The creator's language: the collection's and its stones' mails are written in it. */
  locale: OwnerLocale;
  /** One entry per stone, '' for the default title. */
  titles: string[];
}

/**
 * Creates a collection with all its stones in one batch: the collection row, every stone, the site totals and the
 * one creation mail. A taken code or id draws again and retries the whole batch; nothing is written half.
 */
export async function createCollection(db: Db, input: NewCollection) {
  const ownerToken = randomToken();
  const ownerTokenHash = await sha256Hex(ownerToken);
  const made = await newStones(ownerToken, input.title, input.titles, 1);
  for (let attempt = 0; attempt < 8; attempt++) {
    const id = randomCollectionId(random);
    const codes = made.map(() => randomCode(random));
    const now = Date.now();
    try {
      const written = await batchByName(db, {
        collection: db.insert(collections).values({
          id,
          title: input.title,
          dedication: input.dedication,
          creatorEmail: input.creatorEmail,
          locale: input.locale,
          ownerTokenHash,
          stoneSeq: made.length,
          createdAt: new Date(now),
        }),
        ...stoneInserts(db, { id, creatorEmail: input.creatorEmail, locale: input.locale }, made, codes, now),
        totals: changeTotals(db, { stones: made.length }),
        mail: insertMail(
          db,
          { kind: 'collection-created', collectionId: id, title: input.title, stoneCount: made.length },
          input.creatorEmail,
          input.locale,
          mailDedupe.collectionCreated(id),
        ),
      });
      return {
        id,
        ownerToken,
        stones: made.map((stone, i) => ({ code: codes[i] ?? '', ownerToken: stone.ownerToken })),
        totals: written.totals,
        mailIds: written.mail.map((row) => row.id),
      };
    } catch (error) {
      if (!drawAgain(error)) throw error;
    }
  }
  throw CODES_EXHAUSTED();
}

/** The database's last guard (migration 0009's trigger) refused a stone past MAX_COLLECTION_STONES. */
function tooManyStones(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) if (e.message.includes('MAX_COLLECTION_STONES_EXCEEDED')) return true;
  return false;
}

/** What adding stones needs of a collection: who it belongs to, its title, its numbering and its size. */
export function collectionForAdding(db: Db, id: string) {
  return db
    .select({
      id: collections.id,
      title: collections.title,
      creatorEmail: collections.creatorEmail,
      locale: collections.locale,
      stoneSeq: collections.stoneSeq,
      // Spelled out: inside the subquery an unqualified column would name the stone's own.
      stoneCount: sql<number>`(SELECT count(*) FROM stones AS s WHERE s.collection_id = collections.id)`,
    })
    .from(collections)
    .where(eq(collections.id, id))
    .get();
}

type AddingTo = NonNullable<Awaited<ReturnType<typeof collectionForAdding>>>;

/**
 * Adds stones to a collection, numbered on from its stone_seq, in one batch with the site totals; their owner links
 * derive from the collection `link` used and live as long as it. `full` when the database refuses a stone past the
 * limit (a concurrent add got there first): then nothing was written.
 */
export async function addCollectionStones(db: Db, collection: AddingTo, link: { token: string; expiresAt: Date | null }, titles: string[]) {
  // Two adds at the same moment may both number on from the same stone_seq: only default titles could repeat.
  const made = await newStones(link.token, collection.title, titles, collection.stoneSeq + 1, link.expiresAt);
  for (let attempt = 0; attempt < 8; attempt++) {
    const codes = made.map(() => randomCode(random));
    try {
      const written = await batchByName(db, {
        collection: db
          .update(collections)
          .set({ stoneSeq: sql`${collections.stoneSeq} + ${made.length}`, updatedAt: new Date() })
          .where(eq(collections.id, collection.id)),
        ...stoneInserts(db, collection, made, codes, Date.now()),
        totals: changeTotals(db, { stones: made.length }),
      });
      return {
        full: false as const,
        stones: made.map((stone, i) => ({ code: codes[i] ?? '', ownerToken: stone.ownerToken })),
        totals: written.totals,
      };
    } catch (error) {
      if (tooManyStones(error)) return { full: true as const };
      if (!uniqueViolation(error, 'stones.code')) throw error;
    }
  }
  throw CODES_EXHAUSTED();
}
