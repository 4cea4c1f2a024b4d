import { Hono } from 'hono';
import * as v from 'valibot';
import { ownerLocale } from '../../../shared/i18n/locale';
import { email } from '../../../shared/schemas/common';
import { getDb } from '../../db/client';
import { enforceRateLimits } from '../../lib/rate-limit';
import { parseInput, readJsonObject } from '../../lib/validate';
import { queueMails } from '../../mail/outbox';
import { insertOwnerLinkMail } from '../../mail/queries';
import type { AppEnv } from '../../types';
import { codeParam } from '../stones/params';

const ownerLinkSchema = v.object({ email });

/**
 * `POST /api/stones/{code}/owner-link`: owners lose links. A new owner link goes by mail to the creator's
 * address, and only there; the answer is the same 202 whoever asks with whatever address, so it tells nobody
 * whether the address fits. Earlier links keep working: knowing the address and the code takes nothing away.
 */
export const ownerLink = new Hono<AppEnv>().post('/', async (c) => {
  const code = codeParam(c.req.param('code'));
  await enforceRateLimits(c, [{ name: 'stoneWrites', scope: `owner-link:${code}` }, { name: 'clientWrites' }]);
  const input = parseInput(ownerLinkSchema, await readJsonObject(c.req.raw));
  const written = await insertOwnerLinkMail(getDb(c.env.DB), code, input.email, ownerLocale(c.get('locale')));
  c.executionCtx.waitUntil(
    queueMails(
      c.env.EMAIL_QUEUE,
      written.map((row) => row.id),
    ),
  );
  return c.json({ accepted: true }, 202);
});
