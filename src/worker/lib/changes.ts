import type { Context } from 'hono';
import { CODE_PATTERN, normalizeCode } from '../../shared/code';
import { COLLECTION_ID_PATTERN } from '../../shared/collection';
import { ownedCollectionId } from '../api/collections/owner/queries';
import { collectionStoneCodes, stoneScopeRef } from '../api/collections/queries';
import { ownedStone } from '../api/owner/queries';
import { getDb } from '../db/client';
import type { ShareMessage } from '../share/storage';
import type { AppEnv } from '../types';
import { changeOf, type Scope } from './addresses';
import { routingPath } from './routing';

/*
 * What a write changed, answered once: the edge cache renews the reads that show it (lib/edge-cache.ts) and the
 * share job is asked for the cards that draw it (share/after-writes.ts), both from this one answer after the write
 * succeeded. Its start is what the write's endpoint declares (worker/endpoints.ts `changes`), resolved to stones'
 * codes and collections' ids before the write, which may delete what names them; a route adds what only it knows
 * (`changed`): a reported find's stone, the collection of a stone it read anyway, what a deletion took.
 */

/** What a write changed. */
export interface Change {
  /** The stones (codes) whose own content changed: their reads are renewed and their cards asked for. */
  stones: Set<string>;
  /**
   * The memorial collections (ids) whose own content changed (title, dedication, its stones, a stone that left it):
   * their reads are renewed and their own cards asked for.
   */
  collections: Set<string>;
  /**
   * Reads renewed without a card of their own: a changed stone's collection (its page lists the stone; the job
   * renders its card after the stone's), a changed collection's stones (their pages name it; their cards do not),
   * and what the write deleted (no card any more).
   */
  shown: Set<Scope>;
  /** The blog's articles and feed. */
  blog: boolean;
}

const stoneScope = (code: string): Scope | null => (CODE_PATTERN.test(code) ? `stone:${code}` : null);
const collectionScope = (id: string): Scope | null => (COLLECTION_ID_PATTERN.test(id) ? `collection:${id}` : null);

function changeIn(c: Context<AppEnv>): Change {
  const existing = c.get('change');
  if (existing) return existing;
  const change: Change = { stones: new Set(), collections: new Set(), shown: new Set(), blog: false };
  c.set('change', change);
  return change;
}

function addStone(change: Change, code: string): void {
  if (stoneScope(code)) change.stones.add(code);
}

function addCollection(change: Change, id: string): void {
  if (collectionScope(id)) change.collections.add(id);
}

function addShown(change: Change, scope: Scope | null): void {
  if (scope) change.shown.add(scope);
}

/**
 * Resolves what the write's endpoint declares it changes, once per request (the edge cache and the share cards both
 * ask, before the write; the second finds the answer). A stone named by its code needs no read (its route adds the
 * stone's collection: it reads the stone anyway); one named by its owner's token or its operator id is one indexed
 * read (its code and collection); a collection named by its owner's token one (its id) and, for the edge cache
 * (`reads`: it runs first when it is on; the cards need none), a second for its stones' codes.
 */
export async function resolveChange(c: Context<AppEnv>, reads: boolean): Promise<void> {
  if (c.get('change')) return;
  const change = changeIn(c);
  try {
    await resolveDeclared(c, change, reads);
  } catch {
    // A malformed token or id names no stone: the route answers it.
  }
}

async function resolveDeclared(c: Context<AppEnv>, change: Change, reads: boolean): Promise<void> {
  const declared = changeOf(c.req.method, routingPath(c.req.raw));
  if (!declared) return;
  if (declared.scope === 'blog') {
    change.blog = true;
    return;
  }
  if (declared.by === 'route') return;
  // A code in any spelling names the stone its canonical spelling does (the route accepts it so).
  const value = declared.by === 'code' ? (normalizeCode(declared.value) ?? declared.value) : decodeURIComponent(declared.value);
  if (declared.by === 'code') return addStone(change, value);
  const db = getDb(c.env.DB);
  if (declared.scope === 'collection') {
    const id = await ownedCollectionId(db, value);
    if (!id || !collectionScope(id)) return;
    addCollection(change, id);
    if (reads) for (const code of await collectionStoneCodes(db, id)) addShown(change, stoneScope(code));
    return;
  }
  // An owner's token is the creation's or one a later mail sent: the owner's own lookup takes both.
  const stone = declared.by === 'ownerToken' ? await ownedStone(db, value) : await stoneScopeRef(db, value);
  if (!stone) return;
  addStone(change, stone.code);
  if (stone.collectionId) addShown(change, collectionScope(stone.collectionId));
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
