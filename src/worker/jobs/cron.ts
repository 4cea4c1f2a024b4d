import { refreshStatistics } from '../api/statistics/queries';
import { getDb } from '../db/client';

/** Cron: keeps the cached statistics fresh even when nothing was written through this Worker (e.g. SQL fixes). */
export async function runCron(env: Env): Promise<void> {
  await refreshStatistics(getDb(env.DB), env.CACHE);
}
