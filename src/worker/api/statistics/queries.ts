import { count, sum } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { finds, stones } from '../../db/schema';

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

/** Recomputes the totals and writes them to KV; every write that changes them calls this. */
export async function refreshStatistics(db: Db, cache: KVNamespace): Promise<StatisticsData> {
  const data = await compute(db);
  await cache.put(CACHE_KEY, JSON.stringify(data));
  return data;
}
