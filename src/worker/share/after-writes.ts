import type { MiddlewareHandler } from 'hono';
import { normalizeCode } from '../../shared/code';
import { stoneScopeRef } from '../api/collections/queries';
import { ownedCollectionId } from '../api/owner/collection/queries';
import { ownedStone } from '../api/owner/queries';
import { getDb } from '../db/client';
import { type Change, changeOf } from '../lib/addresses';
import { isWrite } from '../lib/d1-session';
import { log } from '../lib/logger';
import { routingPath } from '../lib/routing';
import type { AppEnv } from '../types';
import { queueShareCards, type ShareMessage } from './storage';

/*
 * Every write that changes a stone or a collection declares it (worker/endpoints.ts `changes`, decision record
 * 023): a find, the owner's title or photos, hiding or accepting a find, the operator's edits, a collection's
 * title, dedication or new stones, deleting a stone. After such a write succeeded, its cards are asked for; the job renders only
 * when what a card shows changed. The lookup runs after the answer (waitUntil), so no write waits for it.
 */

async function messagesOf(env: Env, change: Exclude<Change, { scope: 'blog' }>): Promise<ShareMessage[]> {
  const db = getDb(env.DB);
  const value = change.by === 'code' ? (normalizeCode(change.value) ?? change.value) : decodeURIComponent(change.value);
  if (change.scope === 'collection') {
    const id = await ownedCollectionId(db, value);
    // Only the collection's own card: what a collection's write changes (title, dedication, its stones) is not on
    // its stones' cards. Its new stones have none yet: the cron's catch-up asks for them a few at a time, so a
    // collection of fifty stones makes no burst of fifty renders (their pages name the generic card until then).
    return id ? [{ share: 'collection', id }] : [];
  }
  if (change.by === 'code') return [{ share: 'stone', code: value }];
  const stone = change.by === 'adminToken' ? await ownedStone(db, value) : await stoneScopeRef(db, value);
  return stone ? [{ share: 'stone', code: stone.code }] : [];
}

/**
 * The cards a route named itself (lib/edge-cache.ts reads the same): the stone of a reported find the operator hid
 * (the route names no stone), and the collection a deleted stone left (the stone's own lookup finds nothing any more).
 * The job renders a stone's collection after the stone, so a collection is asked for on its own only when no stone is.
 */
function withNamed(declared: ShareMessage[], stone: string | undefined, collection: string | null | undefined): ShareMessage[] {
  const messages = [...declared, ...(stone ? [{ share: 'stone', code: stone } as const] : [])];
  return messages.length === 0 && collection ? [{ share: 'collection', id: collection }] : messages;
}

export const shareCardsAfterWrites: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (!isWrite(c.req.method) || !c.res.ok || c.env.SHARE_IMAGES === 'off') return;
  const change = changeOf(c.req.method, routingPath(c.req.raw));
  const declared = change && change.scope !== 'blog' ? change : null;
  const stone = c.get('changedStone');
  const collection = c.get('changedCollection');
  if (!declared && !stone && !collection) return;
  const env = c.env;
  c.executionCtx.waitUntil(
    (declared ? messagesOf(env, declared) : Promise.resolve([]))
      .then((messages) => queueShareCards(env, withNamed(messages, stone, collection)))
      .catch((error) => log.warn('share cards not asked for', { error: String(error) })),
  );
};
