import { getDb } from '../db/client';
import { log } from '../lib/logger';
import { cardless } from './queries';
import { queueShareCards, type ShareMessage } from './storage';

/**
 * Stones and collections asked for per cron run, each: a release of share cards over many older stones, or a new
 * collection's stones, are worked through in turns (100 renders every 5 minutes at most), and a stone whose first
 * render never reached the queue gets its card within minutes.
 */
export const CARDS_CAUGHT_UP_PER_RUN = 50;

/**
 * The step between the catch-up's messages: spread over the five minutes until the next cron run (the queue
 * delivers them one after another), the renders never come as one burst that competes with finds.
 */
export const CATCH_UP_SPACING_SECONDS = 3;

/**
 * The cron's catch-up: every stone and collection without a card yet is asked for again (the job renders it once;
 * a message repeated before then finds the card made and renders nothing). Answers how many were asked for.
 */
export async function catchUpShareCards(env: Env, limit = CARDS_CAUGHT_UP_PER_RUN): Promise<number> {
  if (env.SHARE_IMAGES === 'off') return 0;
  const { codes, collectionIds } = await cardless(getDb(env.DB), limit);
  const messages: ShareMessage[] = [
    ...codes.map((code): ShareMessage => ({ share: 'stone', code })),
    ...collectionIds.map((id): ShareMessage => ({ share: 'collection', id })),
  ];
  if (messages.length === 0) return 0;
  log.info('share cards asked for', { stones: codes.length, collections: collectionIds.length });
  await queueShareCards(env, messages, CATCH_UP_SPACING_SECONDS);
  return messages.length;
}
