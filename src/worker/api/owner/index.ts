import { Hono } from 'hono';
import { intlTag } from '../../../shared/i18n/locale';
import { getDb } from '../../db/client';
import { ApiError } from '../../lib/errors';
import type { AppEnv } from '../../types';
import { getOwnerStoneView } from './queries';

/** Owner tokens are 43 base64url characters; anything unlike one is "not found" without a database read. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,200}$/;

/**
 * The stone owner's secret-link API, `/api/admin/stones/{adminToken}`. Only requests without an Authorization
 * header reach it (decision record 006): owner calls never send one.
 */
export const owner = new Hono<AppEnv>().get('/:adminToken', async (c) => {
  const token = c.req.param('adminToken');
  const notFound = new ApiError(404, 'NOT_FOUND', 'api.ownerNotFound');
  if (!TOKEN_SHAPE.test(token)) throw notFound;
  const view = await getOwnerStoneView(getDb(c.env.DB), token, {
    origin: new URL(c.req.url).origin,
    locale: intlTag[c.get('locale')],
  });
  if (!view) throw notFound;
  return c.json(view);
});
