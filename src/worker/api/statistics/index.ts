import { Hono } from 'hono';
import { formatDistance } from '../../../shared/geo';
import { intlTag } from '../../../shared/i18n/locale';
import type { Statistics } from '../../../shared/types';
import { getDb } from '../../db/client';
import type { AppEnv } from '../../types';
import { getStatistics } from './queries';

export const statistics = new Hono<AppEnv>().get('/', async (c) => {
  const data = await getStatistics(getDb(c.env.DB), c.env.CACHE);
  const body: Statistics = { ...data, formattedDistance: formatDistance(data.totalDistance, intlTag[c.get('locale')]) };
  return c.json(body, 200, { 'Cache-Control': 'no-store' });
});
