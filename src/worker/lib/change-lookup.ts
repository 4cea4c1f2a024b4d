import type { Context } from 'hono';
import { normalizeCode } from '../../shared/code';
import { collectionStoneCodes, stoneScopeRef } from '../api/collections/queries';
import { ownedCollectionId } from '../api/owner/collection/queries';
import { ownedStone } from '../api/owner/queries';
import { getDb } from '../db/client';
import type { AppEnv, Change } from '../types';
import { changeOf } from './addresses';
import { addCollection, addShown, addStone, changeIn, collectionScope, stoneScope } from './changes';
import { routingPath } from './routing';

// The declared part of a write's change (lib/changes.ts), looked up before the write by the middleware that read it.

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
