import { type Context, Hono } from 'hono';
import { normalizeCode } from '../../../shared/code';
import type { ManyFindsAnswer, ManyFindsResult } from '../../../shared/find-answer';
import { formatDistance } from '../../../shared/geo';
import { intlTag } from '../../../shared/i18n/locale';
import { type FindInput, findSchema } from '../../../shared/schemas/find';
import { findCodesSchema } from '../../../shared/schemas/many-finds';
import { getDb } from '../../db/client';
import { changed } from '../../lib/changes';
import { clientHash } from '../../lib/client-hash';
import { errorBody } from '../../lib/error-body';
import { ApiError, apiErrorIn } from '../../lib/errors';
import { clientKey, enforceRateLimits } from '../../lib/rate-limit';
import { parseInput, readJsonObject } from '../../lib/validate';
import { queueMails } from '../../mail/outbox';
import type { AppEnv } from '../../types';
import { publishStatistics } from '../statistics/queries';
import { stoneNotFound } from '../stones/params';
import { getFindStone } from '../stones/queries';
import { idempotencyKey } from './index';
import { addFind } from './queries';

/** One stone's find, as `POST /api/stones/{code}/finds` logs it (without a photo): its limits, its batch, its mails. */
async function logOne(c: Context<AppEnv>, code: string, input: FindInput, key: string | null): Promise<ManyFindsResult> {
  await enforceRateLimits(c, [{ name: 'stoneWrites', scope: `find:${code}` }, { name: 'clientWrites' }]);
  const db = getDb(c.env.DB);
  const stone = await getFindStone(db, code);
  if (!stone) throw stoneNotFound();
  changed(c, { stone: code, stoneCollection: stone.collectionId });
  const address = c.req.header('CF-Connecting-IP');
  const hash = address ? await clientHash(c.env, 'find', clientKey(address), stone.id) : null;
  const added = await addFind(db, stone, input, c.get('locale'), { key, hash });
  if (!added.replayed) {
    c.executionCtx.waitUntil(queueMails(c.env.EMAIL_QUEUE, added.mailIds));
    await publishStatistics(c.env.CACHE, added.totals);
  }
  const stored = {
    code,
    find: added.find,
    totalDistance: added.totalDistance,
    formattedDistance: formatDistance(added.totalDistance, intlTag[c.get('locale')]),
  };
  if (added.find.pending)
    return { ...stored, status: 202, error: errorBody(new ApiError(202, 'FIND_PENDING', 'server.finds.pending'), c.get('locale')) };
  return { ...stored, status: added.replayed ? 200 : 201 };
}

/**
 * `POST /api/finds`: several stones found at one place, logged in one go. Each code is logged as if alone
 * — its own rate limits, its own batch (all of a find or nothing of it), its own mails — one after another, so one
 * refused (an unknown code, too many finds, a flag) leaves the others as they are; the answer is 207 with one result
 * per code. An `Idempotency-Key` is the device's key for each of its stones' finds: a repeat logs none twice.
 */
export const manyFinds = new Hono<AppEnv>().post('/', async (c) => {
  const key = idempotencyKey(c);
  const { codes: sentCodes, ...fields } = await readJsonObject(c.req.raw);
  const codes = parseInput(findCodesSchema, sentCodes);
  const input = parseInput(findSchema, fields);
  const locale = c.get('locale');
  const results: ManyFindsResult[] = [];
  const seen = new Set<string>();
  for (const sent of codes) {
    const code = normalizeCode(sent);
    if (code && seen.has(code)) continue;
    if (code) seen.add(code);
    try {
      if (!code) throw new ApiError(400, 'INVALID_CODE', 'server.api.invalidCode');
      results.push(await logOne(c, code, input, key));
    } catch (error) {
      const refusal = apiErrorIn(error);
      if (!refusal) throw error;
      results.push({ code: code ?? sent, status: refusal.status, error: errorBody(refusal, locale) });
    }
  }
  return c.json({ results } satisfies ManyFindsAnswer, 207);
});
