import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { randomCode } from '../../../shared/code';
import { formatDistance, hasPosition, haversineKm } from '../../../shared/geo';
import type { FindInput } from '../../../shared/schemas/find';
import { OWNER_NOTIFICATIONS_LISTED } from '../../../shared/schemas/limits';
import type { FindView, OwnerStoneView, StoneView } from '../../../shared/types';
import type { Db } from '../../db/client';
import { finds, photos, type StoneRow, stones, subscriptions } from '../../db/schema';
import { randomToken, sha256Hex } from '../../lib/crypto';
import { ApiError } from '../../lib/errors';

/** Where the view's URLs point: photos and QR code live on the serving origin. */
export interface ViewContext {
  origin: string;
  locale: string;
}

export const photoUrl = (origin: string, r2Key: string) => `${origin}/photos/${r2Key}`;
export const qrCodeUrl = (origin: string, code: string) => `${origin}/api/stones/${code}/qr.svg`;

/** True when D1 refused a write for a unique index on `column` (Drizzle wraps D1's error as `cause`). */
function uniqueViolation(error: unknown, column: string): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if (e.message.includes('UNIQUE constraint failed') && e.message.includes(column)) return true;
  }
  return false;
}

/** Loads a stone with its finds (in journey order) and photos in one round trip. */
export async function getStoneView(db: Db, code: string, ctx: ViewContext): Promise<StoneView | null> {
  const byCode = sql`(select ${stones.id} from ${stones} where ${stones.code} = ${code})`;
  const [stoneRows, findRows, photoRows] = await db.batch([
    db.select().from(stones).where(eq(stones.code, code)).limit(1),
    db
      .select({
        id: finds.id,
        location: finds.location,
        latitude: finds.latitude,
        longitude: finds.longitude,
        comment: finds.comment,
        createdAt: finds.createdAt,
      })
      .from(finds)
      .where(eq(finds.stoneId, byCode))
      .orderBy(asc(finds.seq)),
    db.select({ r2Key: photos.r2Key }).from(photos).where(eq(photos.stoneId, byCode)).orderBy(asc(photos.createdAt)),
  ]);
  const stone = stoneRows[0];
  if (!stone) return null;
  return toView(
    stone,
    findRows.map((f) => ({ ...f, createdAt: f.createdAt.toISOString() })),
    photoRows.map((p) => photoUrl(ctx.origin, p.r2Key)),
    ctx,
  );
}

function toView(stone: StoneRow, findViews: FindView[], photoUrls: string[], ctx: ViewContext): StoneView {
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
    findCount: stone.findSeq,
    totalDistance: stone.totalDistanceKm,
    formattedDistance: formatDistance(stone.totalDistanceKm, ctx.locale),
  };
}

/** The owner's view of the stone behind a secret link, or null for an unknown token. */
export async function getOwnerStoneView(db: Db, token: string, ctx: ViewContext): Promise<OwnerStoneView | null> {
  const hash = await sha256Hex(token);
  const row = await db
    .select({ code: stones.code, creatorEmail: stones.creatorEmail, id: stones.id })
    .from(stones)
    .where(eq(stones.ownerTokenHash, hash))
    .get();
  if (!row) return null;
  const [view, subs, total] = await Promise.all([
    getStoneView(db, row.code, ctx),
    // Bounded: subscribing is open to anyone, so a stone may collect many.
    db
      .select({ id: subscriptions.id, createdAt: subscriptions.createdAt, confirmedAt: subscriptions.confirmedAt })
      .from(subscriptions)
      .where(eq(subscriptions.stoneId, row.id))
      .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
      .limit(OWNER_NOTIFICATIONS_LISTED)
      .all(),
    db.select({ n: count() }).from(subscriptions).where(eq(subscriptions.stoneId, row.id)).get(),
  ]);
  if (!view) return null;
  const notifications = subs.map((s) => ({ id: s.id, createdAt: s.createdAt.toISOString(), confirmed: s.confirmedAt !== null }));
  return { ...view, creatorEmail: row.creatorEmail, notifications, notificationCount: total?.n ?? 0 };
}

export interface NewStone {
  creatorEmail: string;
  title: string;
  story: string | null;
  hasPhotos: boolean;
  hasStory: boolean;
  isPaid: boolean;
  paymentIntentId: string | null;
}

/** Creates a stone with a fresh unique code and owner token; the token is returned once and stored hashed. */
export async function createStone(db: Db, input: NewStone): Promise<{ id: string; code: string; adminToken: string }> {
  const adminToken = randomToken();
  const ownerTokenHash = await sha256Hex(adminToken);
  const id = crypto.randomUUID();
  // 16^9 ≈ 6.9·10^10 codes: collisions are rare, but a unique index decides and we draw again.
  for (let attempt = 0; attempt < 8; attempt++) {
    const code = randomCode((bytes) => crypto.getRandomValues(bytes));
    try {
      await db.insert(stones).values({ id, code, ownerTokenHash, ...input });
      return { id, code, adminToken };
    } catch (error) {
      if (!uniqueViolation(error, 'stones.code')) throw error;
    }
  }
  throw new ApiError(503, 'CODE_EXHAUSTED', 'Could not allocate a stone code, please try again');
}

export interface AddedFind {
  find: FindView;
  totalDistance: number;
}

/**
 * Adds a find and the leg it adds to the journey in one atomic batch. Each find takes the stone's next
 * sequence number; the unique (stone, seq) index makes a concurrent writer's batch fail as a whole, and it
 * retries from a fresh read — so the stored distance always equals a recomputation over the finds.
 */
export async function addFind(db: Db, stoneId: string, input: FindInput): Promise<AddedFind> {
  const position =
    input.latitude !== null && input.longitude !== null && hasPosition(input)
      ? { latitude: input.latitude, longitude: input.longitude }
      : null;
  for (let attempt = 0; attempt < 20; attempt++) {
    const stone = await db
      .select({
        findSeq: stones.findSeq,
        totalDistanceKm: stones.totalDistanceKm,
        lastLatitude: stones.lastLatitude,
        lastLongitude: stones.lastLongitude,
      })
      .from(stones)
      .where(eq(stones.id, stoneId))
      .get();
    if (!stone) throw new ApiError(404, 'STONE_NOT_FOUND', 'No stone found with this code');
    const previous =
      stone.lastLatitude !== null && stone.lastLongitude !== null ? { latitude: stone.lastLatitude, longitude: stone.lastLongitude } : null;
    const leg = position && previous ? haversineKm(previous, position) : 0;
    const seq = stone.findSeq + 1;
    const id = crypto.randomUUID();
    const createdAt = new Date();
    try {
      await db.batch([
        db.insert(finds).values({
          id,
          stoneId,
          seq,
          location: input.location,
          latitude: position?.latitude ?? null,
          longitude: position?.longitude ?? null,
          comment: input.comment,
          finderEmail: input.finderEmail ?? null,
          createdAt,
        }),
        db
          .update(stones)
          .set({
            findSeq: seq,
            totalDistanceKm: sql`${stones.totalDistanceKm} + ${leg}`,
            ...(position ? { lastLatitude: position.latitude, lastLongitude: position.longitude } : {}),
          })
          .where(and(eq(stones.id, stoneId), eq(stones.findSeq, stone.findSeq))),
      ]);
    } catch (error) {
      if (!uniqueViolation(error, 'finds.stone_id')) throw error;
      // Another find took this number: wait a random, growing moment so the writers that lost do not all
      // collide again on the next number (without it, 40 finds at once exhaust the attempts).
      await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(200, 5 * 2 ** attempt)));
      continue;
    }
    return {
      find: {
        id,
        location: input.location,
        latitude: position?.latitude ?? null,
        longitude: position?.longitude ?? null,
        comment: input.comment,
        createdAt: createdAt.toISOString(),
      },
      totalDistance: stone.totalDistanceKm + leg,
    };
  }
  throw new ApiError(503, 'BUSY', 'Too many finds at once for this stone, please try again');
}

/** Stores an unconfirmed subscription; a repeated address for the same stone is a no-op. */
export async function addSubscription(db: Db, stoneId: string, email: string): Promise<{ created: boolean }> {
  const inserted = await db
    .insert(subscriptions)
    .values({ id: crypto.randomUUID(), stoneId, email: email.toLowerCase() })
    .onConflictDoNothing({ target: [subscriptions.stoneId, subscriptions.email] })
    .returning({ id: subscriptions.id });
  return { created: inserted.length > 0 };
}

export async function getStoneIdByCode(db: Db, code: string): Promise<string | null> {
  const row = await db.select({ id: stones.id }).from(stones).where(eq(stones.code, code)).get();
  return row?.id ?? null;
}
