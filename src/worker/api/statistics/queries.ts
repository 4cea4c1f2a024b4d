import { count, sum } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { finds, stones } from '../../db/schema';
import { log } from '../../lib/logger';

export interface StatisticsData {
  totalDistance: number;
  stoneCount: number;
  findCount: number;
}

const CACHE_KEY = 'statistics:v1';

async function compute(db: Db): Promise<StatisticsData> {
  const [stoneAgg, findAgg] = await db.batch([
    db.select({ n: count(), km: sum(stones.totalDistanceKm) }).from(stones),
    db.select({ n: count() }).from(finds),
  ]);
  return {
    totalDistance: Number(stoneAgg[0]?.km ?? 0),
    stoneCount: stoneAgg[0]?.n ?? 0,
    findCount: findAgg[0]?.n ?? 0,
  };
}

/** Site-wide totals, served from KV; computed from D1 when the cache is empty. */
export async function getStatistics(db: Db, cache: KVNamespace): Promise<StatisticsData> {
  const cached = await cache.get<StatisticsData>(CACHE_KEY, 'json');
  if (cached) return cached;
  return refreshStatistics(db, cache);
}

/** The cron refreshes at least this often; an entry that somehow missed a refresh expires by then anyway. */
const CACHE_TTL_SECONDS = 600;

/**
 * Recomputes the totals and writes them to KV; every write that changes them calls this. A failed KV write
 * (KV allows about one write per second to a key) never fails the caller's request: the data is already
 * saved, and the next write or the cron brings the cache up to date.
 */
export async function refreshStatistics(db: Db, cache: KVNamespace): Promise<StatisticsData> {
  const data = await compute(db);
  try {
    await cache.put(CACHE_KEY, JSON.stringify(data), { expirationTtl: CACHE_TTL_SECONDS });
  } catch (error) {
    log.warn('statistics cache not refreshed', { error: String(error) });
  }
  return data;
}
