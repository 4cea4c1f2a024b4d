import type { Context } from 'hono';
import { CODE_PATTERN } from '../../shared/code';
import { COLLECTION_ID_PATTERN } from '../../shared/collection';
import type { ShareMessage } from '../share/storage';
import type { AppEnv, Change } from '../types';
import type { Scope } from './addresses';

/*
 * What a write changed, answered once: the edge cache renews the reads that show it (lib/edge-cache.ts) and the
 * share job is asked for the cards that draw it (share/after-writes.ts), both from this one answer after the write
 * succeeded. Its start is what the write's endpoint declares (worker/endpoints.ts `changes`), resolved to stones'
 * codes and collections' ids before the write, which may delete what names them; a route adds what only it knows
 * (`changed`): a reported find's stone, the collection of a stone it read anyway, what a deletion took.
 */

export const stoneScope = (code: string): Scope | null => (CODE_PATTERN.test(code) ? `stone:${code}` : null);
export const collectionScope = (id: string): Scope | null => (COLLECTION_ID_PATTERN.test(id) ? `collection:${id}` : null);

export function changeIn(c: Context<AppEnv>): Change {
  const existing = c.get('change');
  if (existing) return existing;
  const change: Change = { stones: new Set(), collections: new Set(), shown: new Set(), blog: false };
  c.set('change', change);
  return change;
}

export function addStone(change: Change, code: string): void {
  if (stoneScope(code)) change.stones.add(code);
}

export function addCollection(change: Change, id: string): void {
  if (collectionScope(id)) change.collections.add(id);
}

export function addShown(change: Change, scope: Scope | null): void {
  if (scope) change.shown.add(scope);
}

/** What only the route knows of its write's change. */
export interface RouteChange {
  /** The stone (its code) the write changed, where its path names none: a reported find's. */
  stone?: string;
  /** The memorial collection of the changed stone, where the route read the stone anyway (a find). */
  stoneCollection?: string | null;
  /** The stones (codes) the write deleted: their reads are renewed, no card is asked for. */
  deletedStones?: readonly string[];
  /** The memorial collection the write deleted with its stones. */
  deletedCollection?: string;
  /** The memorial collection a deleted stone left: its page and card no longer show the stone. */
  leftCollection?: string | null;
}

/** Adds what only the route knows to its write's change (before or after the write; read once it succeeded). */
export function changed(c: Context<AppEnv>, what: RouteChange): void {
  const change = changeIn(c);
  if (what.stone) addStone(change, what.stone);
  if (what.stoneCollection) addShown(change, collectionScope(what.stoneCollection));
  for (const code of what.deletedStones ?? []) {
    change.stones.delete(code);
    addShown(change, stoneScope(code));
  }
  if (what.deletedCollection) {
    change.collections.delete(what.deletedCollection);
    addShown(change, collectionScope(what.deletedCollection));
  }
  if (what.leftCollection) addCollection(change, what.leftCollection);
}

/** The edge cache's scopes a successful write renews: everything it changed and every read that shows it. */
export function changedScopes(change: Change | undefined): Scope[] {
  if (!change) return [];
  const scopes = new Set<Scope>(change.blog ? ['blog'] : []);
  for (const code of change.stones) scopes.add(`stone:${code}`);
  for (const id of change.collections) scopes.add(`collection:${id}`);
  for (const scope of change.shown) scopes.add(scope);
  return [...scopes];
}

/**
 * The share cards a successful write asks for: each changed stone's (the job renders its collection's next) and
 * each changed collection's own. Not a collection's stones' (their cards do not show it; a new collection's stones
 * get theirs from the cron's catch-up, a few at a time), nor anything deleted.
 */
export function changedCards(change: Change | undefined): ShareMessage[] {
  if (!change) return [];
  return [
    ...[...change.stones].map((code): ShareMessage => ({ share: 'stone', code })),
    ...[...change.collections].map((id): ShareMessage => ({ share: 'collection', id })),
  ];
}
