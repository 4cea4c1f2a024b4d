import { verifyStatistics } from '../api/statistics/queries';
import { getDb } from '../db/client';

/** Cron (every 5 minutes): once a day, the site totals are checked against a full recount. */
export async function runCron(env: Env, now = new Date()): Promise<void> {
  await verifyStatistics(getDb(env.DB), env.CACHE, now);
}
