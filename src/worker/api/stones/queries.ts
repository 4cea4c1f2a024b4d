import { eq, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { randomCode } from '../../../shared/code';
import type { OwnerLocale } from '../../../shared/i18n/locale';
import type { GoalInput } from '../../../shared/schemas/goal';
import { type Frequency, notifyFromFlag, type OwnerNotify } from '../../../shared/schemas/notify';
import type { Db } from '../../db/client';
import { STONE_REF_COLUMNS } from '../../db/columns';
import { uniqueViolation } from '../../db/errors';
import { stones } from '../../db/schema';
import { indexTitles, reindexTitles } from '../../db/title-words';
import { randomToken, sha256Hex } from '../../lib/crypto';
import { ApiError } from '../../lib/errors';
import { mailDedupe } from '../../mail/builders';
import { insertMail } from '../../mail/queries';
import { changeTotals } from '../statistics/queries';
import { goalColumns, reachedAfterChange } from './goal';

export interface NewStone {
  creatorEmail: string;
  /** The creator's language: their mails are written in it. */
  locale: OwnerLocale;
  title: string;
  story: string | null;
  hasPhotos: boolean;
  hasStory: boolean;
  isPaid: boolean;
  paymentIntentId: string | null;
}

export interface CreatedStone {
  id: string;
  code: string;
  /** The owner token, when this call made it (a paid stone's was made with its order). */
  ownerToken: string | null;
  /** The site totals after this stone, for the statistics cache. */
  totals: Array<{ stoneCount: number; findCount: number; totalDistanceKm: number }>;
  /** Outbox rows written with it (the creation mail), to be queued. */
  mailIds: string[];
}

/**
 * Creates a stone with a fresh unique code and owner token (returned once, stored hashed; a paid stone brings
 * the hash of the token made with its order); counts it in the site totals and writes the creation mail to the
 * outbox in the same transaction, with `alongside` (e.g. marking its order done).
 */
export async function createStone(
  db: Db,
  input: NewStone,
  options: { ownerTokenHash?: string; alongside?: (stoneId: string) => BatchItem<'sqlite'> } = {},
): Promise<CreatedStone> {
  const ownerToken = options.ownerTokenHash ? null : randomToken();
  const ownerTokenHash = options.ownerTokenHash ?? (await sha256Hex(ownerToken ?? ''));
  const id = crypto.randomUUID();
  // 16^9 ≈ 6.9·10^10 codes: collisions are rare, but a unique index decides and we draw again.
  for (let attempt = 0; attempt < 8; attempt++) {
    const code = randomCode((bytes) => crypto.getRandomValues(bytes));
    try {
      const [, , totals, mail] = await db.batch([
        db.insert(stones).values({ id, code, ownerTokenHash, ...input }),
        indexTitles(db, eq(stones.id, id)),
        changeTotals(db, { stones: 1, premium: input.hasPhotos || input.hasStory ? 1 : 0 }),
        insertMail(
          db,
          { kind: 'stone-created', stoneId: id, code, title: input.title },
          input.creatorEmail,
          input.locale,
          mailDedupe.created(id),
        ),
        ...(options.alongside ? [options.alongside(id)] : []),
      ]);
      return { id, code, ownerToken, totals, mailIds: mail.map((row) => row.id) };
    } catch (error) {
      if (!uniqueViolation(error, 'stones.code')) throw error;
    }
  }
  throw new ApiError(503, 'CODE_EXHAUSTED', 'server-owner.api.codeExhausted');
}

/** What a write on a stone needs to know of it: its id, and its code and title for the mails it causes. */
export interface StoneRef {
  id: string;
  code: string;
  title: string;
  /** Its memorial collection, whose followers hear of its finds. */
  collectionId: string | null;
}

export async function getStoneRef(db: Db, code: string): Promise<StoneRef | null> {
  return (await db.select(STONE_REF_COLUMNS).from(stones).where(eq(stones.code, code)).get()) ?? null;
}

/** A stone as a find writes on it: its reference, and whether it has a goal not reached yet (decision record 042). */
export interface FindStone extends StoneRef {
  goalOpen: boolean;
}

/** The stone a find is logged on, read by its code before the find's batch (one row, its key). */
export async function getFindStone(db: Db, code: string): Promise<FindStone | null> {
  const goalOpen = sql<number>`(${stones.goalLatitude} IS NOT NULL OR ${stones.goalCountry} IS NOT NULL) AND ${stones.goalReachedAt} IS NULL`;
  const row = await db
    .select({ ...STONE_REF_COLUMNS, goalOpen })
    .from(stones)
    .where(eq(stones.code, code))
    .get();
  return row ? { ...row, goalOpen: Boolean(row.goalOpen) } : null;
}

/**
 * The owner's choice as the stone keeps it: `off` turns `notify_on_find` off and leaves the frequency as it was;
 * any other turns it on with that frequency (decision record 037).
 */
export const notifyColumns = (notify: OwnerNotify) => (notify === 'off' ? { notifyOnFind: false } : { notifyOnFind: true, notify });

/** The owner's choice of a stone as its columns say it. */
export const notifyOf = (row: { notifyOnFind: boolean; notify: Frequency }): OwnerNotify => (row.notifyOnFind ? row.notify : 'off');

/**
 * Changes what an owner or the operator may edit of a stone (only the fields given). A story needs the story
 * feature: without it the change is refused with 402 and nothing is written. A goal is checked before anything is.
 */
export async function updateStoneText(
  db: Db,
  stone: { id: string; hasStory: boolean },
  changes: {
    title?: string;
    story?: string;
    notify?: OwnerNotify;
    notifyOnFind?: boolean;
    status?: 'missing' | 'travelling';
    memorialDay?: string | null;
    memorialLetter?: boolean;
    goal?: GoalInput;
  },
): Promise<void> {
  if (changes.story !== undefined && !stone.hasStory) throw new ApiError(402, 'FEATURE_REQUIRED', 'server.api.featureRequired');
  const goal = changes.goal !== undefined ? await goalColumns(changes.goal) : undefined;
  const now = new Date();
  const notify = changes.notify ?? (changes.notifyOnFind !== undefined ? notifyFromFlag(changes.notifyOnFind) : undefined);
  const update = db
    .update(stones)
    .set({
      ...(changes.title !== undefined ? { title: changes.title } : {}),
      ...(changes.story !== undefined ? { story: changes.story } : {}),
      ...(notify !== undefined ? notifyColumns(notify) : {}),
      ...(changes.memorialDay !== undefined ? { memorialDay: changes.memorialDay } : {}),
      ...(changes.memorialLetter !== undefined ? { memorialLetter: changes.memorialLetter } : {}),
      ...(goal ? { ...goal, goalReachedAt: reachedAfterChange(goal) } : {}),
      // The same state again keeps its date: "missing since" stays the day it went missing.
      ...(changes.status !== undefined
        ? {
            status: changes.status,
            statusSince: sql`CASE WHEN ${stones.status} <> ${changes.status} THEN ${now.getTime()} ELSE ${stones.statusSince} END`,
          }
        : {}),
      updatedAt: now,
    })
    .where(eq(stones.id, stone.id));
  // A new title's words replace the old ones in the operator's search, in the same batch.
  if (changes.title === undefined) await update;
  else await db.batch([update, ...reindexTitles(db, eq(stones.id, stone.id))]);
}
