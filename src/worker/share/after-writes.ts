import type { MiddlewareHandler } from 'hono';
import { resolveChange } from '../lib/change-lookup';
import { changedCards } from '../lib/changes';
import { isWrite } from '../lib/d1-session';
import type { AppEnv } from '../types';
import { queueShareCards } from './storage';

/*
 * After a write that changed a stone or a collection (lib/changes.ts: what its endpoint declares in
 * worker/endpoints.ts, decision record 023, and what its route added) succeeded, the cards that draw it are asked
 * for: a find, the owner's title or photos, hiding or accepting a find, resolving a reported find, the operator's
 * edits, a collection's title, dedication or new stones, a stone that left its collection. The job renders only
 * when what a card shows changed. The message goes out after the answer (waitUntil), so no write waits for it.
 */

export const shareCardsAfterWrites: MiddlewareHandler<AppEnv> = async (c, next) => {
  const asking = isWrite(c.req.method) && c.env.SHARE_IMAGES !== 'off';
  // What the write changes is resolved before it (it may delete what names it); the edge cache may have already.
  if (asking) await resolveChange(c, false);
  await next();
  if (!asking || !c.res.ok) return;
  const cards = changedCards(c.get('change'));
  if (cards.length > 0) c.executionCtx.waitUntil(queueShareCards(c.env, cards));
};
