import { and, eq, sql } from 'drizzle-orm';
import { hasPosition, haversineKm } from '../../../shared/geo';
import type { FindInput } from '../../../shared/schemas/find';
import type { FindView } from '../../../shared/types';
import type { Db } from '../../db/client';
import { uniqueViolation } from '../../db/errors';
import { finds, stones } from '../../db/schema';
import { ApiError } from '../../lib/errors';
import { changeTotals } from '../statistics/queries';

export interface AddedFind {
  find: FindView;
  totalDistance: number;
  /** The site totals after this find, for the statistics cache. */
  totals: Array<{ stoneCount: number; findCount: number; totalDistanceKm: number }>;
}

/**
 * Adds a find, the leg it adds to the journey and its share of the site totals in one atomic batch. Each find
 * takes the stone's next sequence number; the unique (stone, seq) index makes a concurrent writer's batch fail
 * as a whole, and it retries from a fresh read — so the stored distance always equals a recomputation over the
 * finds (decision record 002). The write reads a constant number of rows, however many stones and finds exist.
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
    if (!stone) throw new ApiError(404, 'STONE_NOT_FOUND', 'api.stoneNotFound');
    const previous =
      stone.lastLatitude !== null && stone.lastLongitude !== null ? { latitude: stone.lastLatitude, longitude: stone.lastLongitude } : null;
    const leg = position && previous ? haversineKm(previous, position) : 0;
    const seq = stone.findSeq + 1;
    const id = crypto.randomUUID();
    const createdAt = new Date();
    let totals: AddedFind['totals'];
    try {
      [, , totals] = await db.batch([
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
        changeTotals(db, { finds: 1, km: leg }),
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
      totals,
    };
  }
  throw new ApiError(503, 'BUSY', 'api.busy');
}
