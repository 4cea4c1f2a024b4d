import { type Context, Hono } from 'hono';
import { pathTo } from '../../../../shared/routes';
import { reportSchema } from '../../../../shared/schemas/report';
import { getDb } from '../../../db/client';
import { clientHash } from '../../../lib/client-hash';
import { ApiError, apiErrorIn } from '../../../lib/errors';
import { clientKey, enforceRateLimits } from '../../../lib/rate-limit';
import { parseInput, ROW_ID_SHAPE, readJsonObject, readLimitedText } from '../../../lib/validate';
import type { AppEnv } from '../../../types';
import { codeParam, stoneNotFound } from '../../stones/params';
import { getStoneRef } from '../../stones/queries';
import { addReport, isPublicFind } from './queries';

const FORM = /^application\/x-www-form-urlencoded\b/i;

/** A form's fields are few and short: a reason and a note of at most 500 characters (up to 9 bytes each, encoded). */
const MAX_FORM_BYTES = 8 * 1024;

/** The report as sent: JSON from the page's script, or the form itself when the page runs without JavaScript. */
async function readReport(request: Request): Promise<Record<string, unknown>> {
  if (!FORM.test(request.headers.get('content-type') ?? '')) return readJsonObject(request);
  const fields = new URLSearchParams(await readLimitedText(request, MAX_FORM_BYTES));
  return Object.fromEntries([...fields].filter(([name]) => name === 'reason' || name === 'note'));
}

const findNotFound = () => new ApiError(404, 'FIND_NOT_FOUND', 'server.api.findNotFound');

/** Stores the report (or finds it stored already); throws the API's errors. */
async function report(c: Context<AppEnv>, code: string, findId: string): Promise<void> {
  await enforceRateLimits(c, [{ name: 'reports' }]);
  const input = parseInput(reportSchema, await readReport(c.req.raw));
  const db = getDb(c.env.DB);
  const stone = await getStoneRef(db, code);
  if (!stone) throw stoneNotFound();
  if (!(await isPublicFind(db, stone.id, findId))) throw findNotFound();
  // Per reporter and find, keyed, never the address itself: a repeat (a second tap, a reload) is the same report.
  const hash = await clientHash(c.env, 'report', clientKey(c.req.header('cf-connecting-ip')), findId);
  await addReport(db, { findId, stoneId: stone.id, reason: input.reason, note: input.note, clientHash: hash });
}

/**
 * `POST /api/stones/{code}/finds/{findId}/report`: anyone reports a public find to the operator. Answers 202
 * `{ reported: true }`, a repeat too. The report page's form also posts here without JavaScript (a browser's form
 * post, which accepts HTML): that answer is a redirect to the confirmation page, or back to the form with the
 * error's code. The address is checked before the body.
 */
export const findReports = new Hono<AppEnv>().post('/', async (c) => {
  const code = codeParam(c.req.param('code'));
  const findId = c.req.param('findId') ?? '';
  if (!ROW_ID_SHAPE.test(findId)) throw findNotFound();
  const fromPage = FORM.test(c.req.header('content-type') ?? '') && (c.req.header('accept') ?? '').includes('text/html');
  if (!fromPage) {
    await report(c, code, findId);
    return c.json({ reported: true }, 202);
  }
  const params = { code, findId };
  try {
    await report(c, code, findId);
  } catch (error) {
    const refusal = apiErrorIn(error);
    if (!refusal) throw error;
    return c.redirect(`${pathTo('reportFind', params)}?fehler=${encodeURIComponent(refusal.code)}`, 303);
  }
  return c.redirect(pathTo('findReported', params), 303);
});
