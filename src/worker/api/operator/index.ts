import { type Context, Hono } from 'hono';
import { intlTag } from '../../../shared/i18n/locale';
import type { OperatorStoneView } from '../../../shared/operator-types';
import { findModerationSchema, loginSchema, operatorUpdateSchema } from '../../../shared/schemas/operator';
import { photoDeleteSchema } from '../../../shared/schemas/owner';
import { stoneListQuerySchema } from '../../../shared/schemas/stone-list';
import { getDb } from '../../db/client';
import { ApiError } from '../../lib/errors';
import { log } from '../../lib/logger';
import { endOperatorSession, logIn } from '../../lib/operator-auth';
import { enforceRateLimits } from '../../lib/rate-limit';
import { parseInput, ROW_ID_SHAPE, readJsonObject } from '../../lib/validate';
import { queueMails } from '../../mail/outbox';
import { deletePhoto } from '../../photos/store';
import { purgeErasedCards } from '../../share/erase';
import type { AppEnv } from '../../types';
import { erase } from '../erasure/erase';
import { moderateFind } from '../finds/moderation/queries';
import { decideFindPhoto, requireFindPhoto } from '../finds/photos/store';
import { publishStatistics } from '../statistics/queries';
import { updateStoneText } from '../stones/queries';
import { getStoneView } from '../stones/view-queries';
import { clearFindComment, creatorEmailOf, failedMails, operatorCounters, paymentsOf, retryMail, stoneById } from './queries';
import { listStones } from './stone-list';

const stoneNotFound = () => new ApiError(404, 'NOT_FOUND', 'server-owner.operator.stoneNotFound');

/** The stone the path's `:id` names, or 404 before the body is read. */
async function stoneOf(c: Context<AppEnv>) {
  const id = c.req.param('id') ?? '';
  const stone = ROW_ID_SHAPE.test(id) ? await stoneById(getDb(c.env.DB), id) : null;
  if (!stone) throw stoneNotFound();
  return stone;
}

/**
 * The stone as the operator's edit dialog shows it: the public view with every find, the creator's address and what
 * was paid for it.
 */
async function operatorView(c: Context<AppEnv>, stone: { id: string; code: string }): Promise<OperatorStoneView> {
  const db = getDb(c.env.DB);
  const [view, creatorEmail, payments] = await Promise.all([
    getStoneView(db, stone.code, { origin: new URL(c.req.url).origin, locale: intlTag[c.get('locale')] }, true),
    creatorEmailOf(db, stone.code),
    paymentsOf(db, stone.id),
  ]);
  if (!view || creatorEmail === null) throw stoneNotFound();
  return { ...view, creatorEmail, payments };
}

/**
 * The operator's stone routes under `/api/admin/stones` (a Bearer token). Decision record 006 routes
 * every request with an Authorization header here and never to the owner's routes, so an owner token cannot
 * reach these and an operator token cannot reach the owner's.
 */
export const operatorStones = new Hono<AppEnv>()
  .get('/', async (c) => {
    const query = parseInput(stoneListQuerySchema, c.req.query());
    const { rows, total, capped, next, prev } = await listStones(getDb(c.env.DB), query);
    // The answer is the list of stones; the paging travels in headers. A search counts up to its cap:
    // `X-Total-Count-Capped` says there are more than the count. The cursors lead to the older (`after`) and the
    // newer (`before`) page; `last=1` is the oldest.
    c.header('X-Total-Count', String(total));
    if (capped) c.header('X-Total-Count-Capped', 'true');
    if (next) c.header('X-Next-Cursor', next);
    if (prev) c.header('X-Prev-Cursor', prev);
    return c.json(rows);
  })
  .get('/id/:id', async (c) => {
    const stone = await stoneOf(c);
    return c.json(await operatorView(c, stone));
  })
  .patch('/id/:id', async (c) => {
    const stone = await stoneOf(c);
    const input = parseInput(operatorUpdateSchema, await readJsonObject(c.req.raw));
    await updateStoneText(getDb(c.env.DB), stone, input);
    return c.json(await operatorView(c, stone));
  })
  .delete('/id/:id/photos', async (c) => {
    const stone = await stoneOf(c);
    const { photoUrl } = parseInput(photoDeleteSchema, await readJsonObject(c.req.raw));
    await deletePhoto(getDb(c.env.DB), c.env.PHOTOS, stone.id, photoUrl);
    return c.json(await operatorView(c, stone));
  })
  .patch('/id/:id/finds/:findId', async (c) => {
    const stone = await stoneOf(c);
    const findId = c.req.param('findId');
    const notFound = () => new ApiError(404, 'FIND_NOT_FOUND', 'server.api.findNotFound');
    if (!ROW_ID_SHAPE.test(findId)) throw notFound();
    const input = parseInput(findModerationSchema, await readJsonObject(c.req.raw));
    const db = getDb(c.env.DB);
    if (input.photo) await requireFindPhoto(db, stone.id, findId);
    if (input.clearComment && !(await clearFindComment(db, stone.id, findId))) throw notFound();
    if (input.hidden !== undefined || input.accept) {
      // The operator's hide sticks: the owner cannot show the find again; only the operator can.
      const totals = await moderateFind(db, stone.id, findId, { hidden: input.hidden, accept: input.accept }, 'operator');
      if (!totals) throw notFound();
      if (totals.length) await publishStatistics(c.env.CACHE, totals);
      if (input.hidden) await purgeErasedCards(db, c.env.PHOTOS, stone.id);
    }
    if (input.photo) await decideFindPhoto(db, c.env.PHOTOS, stone.id, findId, input.photo);
    return c.json(await operatorView(c, stone));
  })
  .delete('/:id', async (c) => {
    const id = c.req.param('id');
    // The owner's delete is the same (api/erasure): everything about the stone, rows and objects.
    if (!ROW_ID_SHAPE.test(id) || !(await erase(c, { stoneId: id }))) throw stoneNotFound();
    log.info('stone deleted by an operator', { stoneId: id, operatorId: c.get('operator')?.id });
    return c.json({ deleted: true });
  });

/**
 * The operator's other calls under `/api/admin`: login (public), logout, counters and failed mails. The operator
 * check sits in front of all of `/api/admin` in app.ts (lib/routing.ts `operatorOnly`).
 */
export const operator = new Hono<AppEnv>()
  .post('/login', async (c) => {
    await enforceRateLimits(c, [{ name: 'clientWrites' }]);
    const { email, password } = parseInput(loginSchema, await readJsonObject(c.req.raw));
    return c.json({ token: await logIn(c, email, password) });
  })
  .post('/logout', async (c) => {
    // requireOperator ran first and set the token. Forgetting it in the browser alone would leave it usable.
    const token = c.get('operatorToken');
    if (!token) throw new ApiError(401, 'UNAUTHORIZED', 'server-owner.api.unauthorized');
    await endOperatorSession(c.env, token);
    log.info('operator logged out', { operatorId: c.get('operator')?.id });
    return c.body(null, 204);
  })
  .get('/statistics', async (c) => c.json(await operatorCounters(getDb(c.env.DB))))
  .get('/mails', async (c) => {
    const { rows, total } = await failedMails(getDb(c.env.DB));
    c.header('X-Total-Count', String(total));
    return c.json(rows);
  })
  .post('/mails/:id/resend', async (c) => {
    const id = c.req.param('id');
    const result = ROW_ID_SHAPE.test(id) ? await retryMail(getDb(c.env.DB), id) : 'missing';
    if (result === 'missing') throw new ApiError(404, 'NOT_FOUND', 'server-owner.operator.mailNotFound');
    if (result === 'not-failed') throw new ApiError(409, 'MAIL_NOT_FAILED', 'server-owner.operator.mailNotFailed');
    await queueMails(c.env.EMAIL_QUEUE, [id]);
    return c.json({ queued: true }, 202);
  });
