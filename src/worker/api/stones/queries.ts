import { and, asc, eq, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { randomCode } from '../../../shared/code';
import { collectionPath } from '../../../shared/collection';
import { formatDistance } from '../../../shared/geo';
import type { OwnerLocale } from '../../../shared/i18n/locale';
import { stoneShareImagePath } from '../../../shared/share-image';
import type { CollectionRef, FindPhotoStatus, FindView, OwnerFindView, StoneView } from '../../../shared/types';
import type { Db } from '../../db/client';
import { FIND_COLUMNS, STONE_REF_COLUMNS } from '../../db/columns';
import { uniqueViolation } from '../../db/errors';
import { collections, finds, photos, type StoneRow, stones } from '../../db/schema';
import { indexTitles, reindexTitles } from '../../db/title-words';
import { randomToken, sha256Hex } from '../../lib/crypto';
import { ApiError } from '../../lib/errors';
import { shownPlace } from '../../lib/legacy-place';
import { mailDedupe } from '../../mail/builders';
import { insertMail } from '../../mail/queries';
import { findPhotosOf } from '../finds/photos/queries';
import { changeTotals } from '../statistics/queries';

/** Where the view's URLs point: photos and QR code live on the serving origin. */
export interface ViewContext {
  origin: string;
  locale: string;
  /**
   * Where the stone's owner sees a finder's photo that is not public (yet): through their own link. Without it (the
   * operator's view) only an approved photo has an address, its public one.
   */
  ownerPhotoUrl?: (findId: string) => string;
}

export const photoUrl = (origin: string, r2Key: string) => `${origin}/photos/${r2Key}`;
/**
 * An approved finder's photo: by its find, not its key, so the route asks D1 on every request whether it is still
 * approved and its find still shown (src/worker/photos.ts), and a photo taken down stops answering at once.
 */
export const findPhotoUrl = (origin: string, findId: string) => `${origin}/photos/finds/${findId}`;
export const qrCodeUrl = (origin: string, code: string) => `${origin}/api/stones/${code}/qr.svg`;

/**
 * Loads a stone with its finds (in journey order) and photos in one round trip. The public view leaves hidden
 * finds out; the owner's (`withHidden`) keeps them, marked.
 */
export async function getStoneView(db: Db, code: string, ctx: ViewContext): Promise<StoneView | null>;
export async function getStoneView(
  db: Db,
  code: string,
  ctx: ViewContext,
  withHidden: true,
): Promise<(Omit<StoneView, 'finds'> & { finds: OwnerFindView[] }) | null>;
export async function getStoneView(db: Db, code: string, ctx: ViewContext, withHidden = false) {
  const byCode = sql`(select ${stones.id} from ${stones} where ${stones.code} = ${code})`;
  const [stoneRows, storedFinds, photoRows, collectionRows, findPhotoRows] = await db.batch([
    db.select().from(stones).where(eq(stones.code, code)).limit(1),
    db
      .select({ ...FIND_COLUMNS, hidden: finds.hidden, hiddenBy: finds.hiddenBy })
      .from(finds)
      .where(withHidden ? eq(finds.stoneId, byCode) : and(eq(finds.stoneId, byCode), eq(finds.hidden, false)))
      .orderBy(asc(finds.seq)),
    db.select({ r2Key: photos.r2Key }).from(photos).where(eq(photos.stoneId, byCode)).orderBy(asc(photos.createdAt)),
    db
      .select({ id: collections.id, title: collections.title })
      .from(collections)
      .where(eq(collections.id, sql`(select ${stones.collectionId} from ${stones} where ${stones.code} = ${code})`)),
    findPhotosOf(db, byCode, withHidden),
  ]);
  const stone = stoneRows[0];
  if (!stone) return null;
  // Every reader (the page, the API, the journey files, the owner and the operator) sees the place as published.
  const findRows = storedFinds.map(({ precision, ...f }) => ({ ...f, location: shownPlace({ ...f, precision }) }));
  const collection = collectionRows[0] ? { ...collectionRows[0], url: `${ctx.origin}${collectionPath(collectionRows[0].id)}` } : null;
  const view = toView(
    stone,
    collection,
    findRows.map(({ hidden: _, hiddenBy: __, flag, flagAccepted, ...f }) => ({
      ...f,
      createdAt: f.createdAt.toISOString(),
      pending: flag !== null && !flagAccepted,
      photo: findPhotoRows.some((p) => p.findId === f.id && p.status === 'approved') ? { url: findPhotoUrl(ctx.origin, f.id) } : null,
    })),
    photoRows.map((p) => photoUrl(ctx.origin, p.r2Key)),
    ctx,
  );
  if (!withHidden) return view;
  const photoOf = new Map(findPhotoRows.map((p) => [p.findId, p]));
  const ownerPhoto = (findId: string): OwnerFindView['photo'] => {
    const photo = photoOf.get(findId);
    if (!photo) return null;
    return { url: photo.r2Key === null ? null : ownerFindPhotoUrl(ctx, findId, photo.status), status: photo.status };
  };
  return {
    ...view,
    finds: findRows.map((f) => ({
      ...f,
      // A find hidden before who hid it was stored counts as its owner's.
      hiddenBy: f.hidden ? (f.hiddenBy ?? 'owner') : null,
      createdAt: f.createdAt.toISOString(),
      pending: f.flag !== null && !f.flagAccepted,
      photo: ownerPhoto(f.id),
    })),
  };
}

/** A finder's photo as the owner's (or the operator's) view gives its address. */
function ownerFindPhotoUrl(ctx: ViewContext, findId: string, status: FindPhotoStatus): string | null {
  if (ctx.ownerPhotoUrl) return ctx.ownerPhotoUrl(findId);
  return status === 'approved' ? findPhotoUrl(ctx.origin, findId) : null;
}

function toView(
  stone: StoneRow,
  collection: CollectionRef | null,
  findViews: FindView[],
  photoUrls: string[],
  ctx: ViewContext,
): StoneView {
  return {
    id: stone.id,
    code: stone.code,
    title: stone.title,
    story: stone.hasStory ? stone.story : null,
    hasPhotos: stone.hasPhotos,
    hasStory: stone.hasStory,
    isPaid: stone.isPaid,
    photos: photoUrls,
    createdAt: stone.createdAt.toISOString(),
    qrCodeUrl: qrCodeUrl(ctx.origin, stone.code),
    finds: findViews,
    findCount: stone.findSeq - stone.hiddenFindCount,
    totalDistance: stone.totalDistanceKm,
    formattedDistance: formatDistance(stone.totalDistanceKm, ctx.locale),
    status: stone.status,
    statusSince: (stone.statusSince ?? stone.createdAt).toISOString(),
    collection,
    shareImage: `${ctx.origin}${stoneShareImagePath(stone.code, stone.shareCard)}`,
  };
}

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
  adminToken: string | null;
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
  const adminToken = options.ownerTokenHash ? null : randomToken();
  const ownerTokenHash = options.ownerTokenHash ?? (await sha256Hex(adminToken ?? ''));
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
      return { id, code, adminToken, totals, mailIds: mail.map((row) => row.id) };
    } catch (error) {
      if (!uniqueViolation(error, 'stones.code')) throw error;
    }
  }
  throw new ApiError(503, 'CODE_EXHAUSTED', 'api.codeExhausted');
}

/** The code of the stone with this id, or null. */
export async function stoneCodeById(db: Db, id: string): Promise<string | null> {
  const row = await db.select({ code: stones.code }).from(stones).where(eq(stones.id, id)).get();
  return row?.code ?? null;
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

/**
 * Changes what an owner or the operator may edit of a stone (only the fields given). A story needs the story
 * feature: without it the change is refused with 402 and nothing is written.
 */
export async function updateStoneText(
  db: Db,
  stone: { id: string; hasStory: boolean },
  changes: { title?: string; story?: string; notifyOnFind?: boolean; status?: 'missing' | 'travelling' },
): Promise<void> {
  if (changes.story !== undefined && !stone.hasStory) throw new ApiError(402, 'FEATURE_REQUIRED', 'api.featureRequired');
  const now = new Date();
  const update = db
    .update(stones)
    .set({
      ...(changes.title !== undefined ? { title: changes.title } : {}),
      ...(changes.story !== undefined ? { story: changes.story } : {}),
      ...(changes.notifyOnFind !== undefined ? { notifyOnFind: changes.notifyOnFind } : {}),
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
