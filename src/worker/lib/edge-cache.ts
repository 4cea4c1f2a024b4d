import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../types';
import { readScope, type Scope } from './addresses';
import { resolveChange } from './change-lookup';
import { changedScopes } from './changes';
import { isWrite, readAtLeastAt, requestBookmark, sessionBookmark } from './d1-session';

/**
 * The edge cache of public reads (decision record 014): the stone's JSON and pages, a memorial collection's and the
 * blog are kept in the data centre's cache (`caches.default`) for EDGE_CACHE_SECONDS, per language. Which reads are
 * kept lib/addresses.ts derives from each screen's and endpoint's declaration; what a write changed lib/changes.ts
 * answers (the share cards read the same answer). Each entry belongs to a scope (one stone, one collection, the
 * blog) whose generation is part of its key: a write to the scope starts a new generation, so the next read in this
 * data centre misses and is fresh. Other data centres see the write when their entry expires; a client that has
 * just written carries its D1 bookmark and bypasses the cache until every replica has the write. The statistics
 * change with every find and stone: they are not kept here (see readScope), and no write renews them.
 */

/** Response header for tests and the bench: `hit`, `miss` (stored) or `bypass`. */
export const CACHE_STATUS_HEADER = 'x-cache';

/** Where the cache keeps its entries: under the site's own origin, a path no route answers. */
const KEY_PREFIX = '/__edge-cache';

/** The nonce the cached page was rendered with (pages/render.tsx); replaced by the response's own on every hit. */
const NONCE_HEADER = 'x-cached-nonce';

/** The Cache-Control the route gave the browser, kept while the cache's own copy carries the edge lifetime. */
const BROWSER_CACHE_CONTROL = 'x-browser-cache-control';

/** Seconds an entry lives; 0 turns the cache off (the tests' default, see vitest.config.ts). */
export function edgeCacheSeconds(env: Pick<Env, 'EDGE_CACHE_SECONDS'> | undefined): number {
  const seconds = Number(env?.EDGE_CACHE_SECONDS ?? 0);
  return Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
}

const cacheOrNull = (): Cache | null => (typeof caches === 'undefined' ? null : caches.default);

/** Outlives every entry of its generation, so an entry is never found under a generation that was forgotten. */
const generationSeconds = (seconds: number) => Math.max(seconds * 10, 3600);

const generationKey = (origin: string, scope: Scope) => `${origin}${KEY_PREFIX}/generation/${encodeURIComponent(scope)}`;

const newGeneration = () => `${Date.now().toString(36)}${crypto.randomUUID().slice(0, 8)}`;

/** A scope's generation, with the D1 bookmark of the write that started it (none for one started by a read). */
interface Generation {
  id: string;
  bookmark: string | null;
}

async function putGeneration(cache: Cache, origin: string, scope: Scope, seconds: number, generation: Generation): Promise<void> {
  await cache.put(
    generationKey(origin, scope),
    new Response(`${generation.id}\n${generation.bookmark ?? ''}`, {
      headers: { 'Cache-Control': `public, max-age=${generationSeconds(seconds)}` },
    }),
  );
}

/** The scope's current generation; a forgotten one is started afresh (which only ever costs a miss). */
async function currentGeneration(cache: Cache, origin: string, scope: Scope, seconds: number): Promise<Generation> {
  const stored = await cache.match(generationKey(origin, scope));
  if (stored) {
    const [id = '', bookmark = ''] = (await stored.text()).split('\n');
    return { id, bookmark: bookmark || null };
  }
  const generation = { id: newGeneration(), bookmark: null };
  await putGeneration(cache, origin, scope, seconds, generation);
  return generation;
}

/**
 * Starts a new generation of each scope in this data centre: their next reads miss, and read at least at the
 * write's bookmark, so a replica behind the write cannot put the old state back into the cache.
 */
export async function invalidate(origin: string, scopes: readonly Scope[], seconds: number, bookmark: string | null): Promise<void> {
  const cache = cacheOrNull();
  if (!cache || seconds === 0) return;
  await Promise.all(scopes.map((scope) => putGeneration(cache, origin, scope, seconds, { id: newGeneration(), bookmark })));
}

/** What a cached response may not carry: anything personal or secret. */
function storable(response: Response): boolean {
  if (response.status !== 200 || response.headers.has('set-cookie')) return false;
  const type = response.headers.get('content-type') ?? '';
  return /^(?:text\/html|application\/json|application\/rss\+xml|application\/gpx\+xml|application\/geo\+json)/.test(type);
}

/** A response that can be changed (the cache's are immutable), with the cache status. */
function answer(body: BodyInit | null, from: Response, status: string): Response {
  const response = new Response(body, from);
  response.headers.set(CACHE_STATUS_HEADER, status);
  return response;
}

/**
 * Serves public reads from the edge cache and keeps what they answer; starts a new generation of the scopes a
 * successful write changes. Runs after d1Sessions, so a request's queries use its session.
 */
export const edgeCache: MiddlewareHandler<AppEnv> = async (c, next) => {
  const seconds = edgeCacheSeconds(c.env);
  const cache = cacheOrNull();
  if (!cache || seconds === 0) return next();
  const url = new URL(c.req.url);

  if (isWrite(c.req.method)) {
    // What the write changes is resolved before it (it may delete what names it), read after it succeeded.
    await resolveChange(c, true);
    await next();
    const scopes = changedScopes(c.get('change'));
    if (c.res.ok && scopes.length > 0) await invalidate(url.origin, scopes, seconds, sessionBookmark(c));
    return;
  }

  const scope = c.req.method === 'GET' ? readScope(url.pathname) : null;
  if (!scope || c.req.header('authorization')) return next();

  // A client that has just written reads from a database copy that has its write, past the cache. What it reads
  // is not kept: its bookmark may be older than another client's later write to the same scope.
  if (requestBookmark(c.req.raw) !== null) {
    await next();
    c.res = answer(c.res.body, c.res, 'bypass');
    return;
  }

  const generation = await currentGeneration(cache, url.origin, scope, seconds);
  const key = `${url.origin}${KEY_PREFIX}/${encodeURIComponent(scope)}/${generation.id}/${c.get('locale')}${url.pathname}${url.search}`;
  const cached = await cache.match(key);
  if (cached) {
    const nonce = cached.headers.get(NONCE_HEADER);
    const browserCacheControl = cached.headers.get(BROWSER_CACHE_CONTROL);
    const body = nonce ? (await cached.text()).replaceAll(nonce, c.get('nonce')) : cached.body;
    const response = answer(body, cached, 'hit');
    for (const name of [NONCE_HEADER, BROWSER_CACHE_CONTROL, 'age', 'cf-cache-status', 'expires']) response.headers.delete(name);
    if (browserCacheControl) response.headers.set('Cache-Control', browserCacheControl);
    return response;
  }

  // What goes into the cache is read at least at the write that started this generation.
  if (generation.bookmark) readAtLeastAt(c, generation.bookmark);
  await next();
  if (!storable(c.res)) {
    c.res = answer(c.res.body, c.res, 'bypass');
    return;
  }
  const html = c.res.headers.get('content-type')?.startsWith('text/html') ?? false;
  // A page is read whole (it is rendered in one piece anyway, see pages/render.tsx) to store it with its nonce.
  const body = html ? await c.res.text() : await c.res.arrayBuffer();
  const stored = new Response(body, c.res);
  stored.headers.set(BROWSER_CACHE_CONTROL, c.res.headers.get('cache-control') ?? '');
  stored.headers.set('Cache-Control', `public, max-age=${seconds}`);
  if (html) stored.headers.set(NONCE_HEADER, c.get('nonce'));
  // Awaited, not left to waitUntil: a miss costs a local write, and the next read can count on the entry.
  await cache.put(key, stored);
  c.res = answer(body, c.res, 'miss');
};
