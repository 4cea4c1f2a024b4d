import { CODE_PATTERN } from '../../shared/code';
import { COLLECTION_ID_PATTERN } from '../../shared/collection';
import { matchRoute, screens } from '../../shared/routes';
import type { CacheScope, Screen, Secret } from '../../shared/screen';
import { endpoints } from '../endpoints';
import { publicRoute } from './routing';

/**
 * The lists of addresses the Worker treats apart: secret ones (never cached, never a referrer, redacted in logs),
 * the edge cache's reads and the writes that change them, robots.txt's rules and the sitemap's pages. Each is
 * derived from the screen registry (shared/routes.ts) and the endpoints' table (worker/endpoints.ts), where an
 * address is declared; none is written by hand.
 */

/** An edge cache scope as the cache keys it: one stone's, one memorial collection's, or the blog's. */
export type Scope = `stone:${string}` | `collection:${string}` | 'blog';

interface Declared {
  /** As a client sends it (the admin prefix without its routing side). */
  path: string;
  secret?: Secret;
  /** Whether crawlers may fetch it. */
  crawl: boolean;
}

const screenList = (Object.values(screens) as Screen[]).filter((entry): entry is Screen & { path: string } => entry.path !== undefined);

const declared: Declared[] = [
  ...screenList.map((entry) => ({ path: entry.path, secret: entry.secret, crawl: entry.indexing !== 'disallow' })),
  ...endpoints.map((endpoint) => ({ path: publicRoute(endpoint.path).path, secret: endpoint.secret, crawl: endpoint.crawl === true })),
];

/** The part of a declared path before its first parameter (`/admin/stone/` of `/admin/stone/:ownerToken`). */
export function staticPrefix(path: string): string {
  const at = path.indexOf('/:');
  return at < 0 ? path : path.slice(0, at + 1);
}

const unique = (values: string[]) => [...new Set(values)];

/** The folders an address is in, longest last: `/api/`, `/api/admin/`, `/api/admin/stones/` for an owner's API path. */
function folders(path: string): string[] {
  const segments = staticPrefix(path).split('/').slice(1, -1);
  return segments.map((_, i) => `/${segments.slice(0, i + 1).join('/')}/`);
}

/**
 * Folders all of whose declared addresses are secret (`/api/admin/`, `/abo/`, `/api/notifications/`): an address
 * in one that nobody declared (a mistyped link, a 404) is treated as secret too.
 */
const secretFolders = unique(declared.flatMap((entry) => (entry.secret ? folders(entry.path) : []))).filter((folder) =>
  declared.every((entry) => !`${entry.path}/`.startsWith(folder) || entry.secret),
);

/** Addresses under which something secret travels: a prefix ending in `/` covers everything below it. */
export const SECRET_PREFIXES = unique([
  ...secretFolders,
  ...declared.filter((entry) => entry.secret).map((entry) => staticPrefix(entry.path)),
]);

/** Whether an address (a path, without the query) carries or answers something secret. */
export function isSecretAddress(pathname: string): boolean {
  return SECRET_PREFIXES.some((prefix) =>
    prefix.endsWith('/') ? pathname.startsWith(prefix) : pathname === prefix || pathname.startsWith(`${prefix}/`),
  );
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The prefixes after which a path carries a token. A log line loses everything after one (up to a query, a
 * fragment or the end of the string); a route's pattern (`/api/admin/stones/:ownerToken`) stays readable, as no
 * token starts with a colon.
 */
export const TOKEN_PREFIXES = unique(declared.filter((entry) => entry.secret === 'path').map((entry) => staticPrefix(entry.path)));
export const TOKEN_IN_PATH = new RegExp(`(${TOKEN_PREFIXES.map(escapeRegExp).join('|')})(?!:)[^?#\\s"'\\\\]+`, 'g');

/** A declared path as a regular expression whose groups are its parameters, in order. */
function compile(path: string): { pattern: RegExp; params: string[] } {
  const params: string[] = [];
  const source = path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return escapeRegExp(segment);
      params.push(segment.slice(1));
      return '([^/]+)';
    })
    .join('/');
  return { pattern: new RegExp(`^${source}$`), params };
}

function paramsOf(compiled: { pattern: RegExp; params: string[] }, path: string): Record<string, string> | null {
  const found = compiled.pattern.exec(path);
  if (!found) return null;
  const params: Record<string, string> = {};
  compiled.params.forEach((name, i) => {
    params[name] = found[i + 1] ?? '';
  });
  return params;
}

/** The cache scope of a read with these parameters: a stone's needs its code, a collection's its id, canonical. */
function scopeOf(scope: CacheScope, params: Record<string, string>): Scope | null {
  if (scope === 'blog') return 'blog';
  if (scope === 'collection') return params.id && COLLECTION_ID_PATTERN.test(params.id) ? `collection:${params.id}` : null;
  const code = params.code;
  return code && CODE_PATTERN.test(code) ? `stone:${code}` : null;
}

const cachedReads = endpoints
  .filter((e) => e.method === 'GET' && e.cache)
  .map((e) => ({ ...compile(e.path), scope: e.cache as CacheScope }));

/**
 * The scope of a public read the edge cache may keep, or null. The statistics are not kept: KV keeps them for
 * every data centre, and the home page, which reads KV, would otherwise show other totals than the API beside it.
 */
export function readScope(pathname: string): Scope | null {
  for (const read of cachedReads) {
    const params = paramsOf(read, pathname);
    if (params) return scopeOf(read.scope, params);
  }
  if (pathname.startsWith('/api/')) return null;
  const match = matchRoute(pathname);
  // Another spelling of a page is redirected, not kept.
  if (!match.screen.cache || match.redirectTo) return null;
  return scopeOf(match.screen.cache, match.params);
}

const framedReads = endpoints.filter((e) => e.framed).map((e) => compile(e.path));
const openReads = endpoints.filter((e) => e.method === 'GET' && e.open).map((e) => compile(e.path));

/** Whether other sites' pages and apps may read this address (a public read declared `open`). */
export function isOpenAddress(pathname: string): boolean {
  return openReads.some((read) => read.pattern.test(pathname));
}

/** Whether other sites may show this address in a frame (a stone's embeddable card); every other page refuses it. */
export function isFramedAddress(pathname: string): boolean {
  return framedReads.some((read) => read.pattern.test(pathname));
}

/**
 * What a write declares it changes (worker/endpoints.ts `changes`), with the value its path names it by: the blog,
 * one stone by its code, its owner's token or its operator id, one collection by its owner's token, or a stone the
 * route names itself (`route`, no value). Nothing is looked up here: lib/changes.ts resolves it.
 */
export type DeclaredChange =
  | { scope: 'blog' }
  | { scope: 'stone'; by: 'route' }
  | { scope: 'stone'; by: 'code' | 'ownerToken' | 'id'; value: string }
  | { scope: 'collection'; by: 'ownerToken'; value: string };

/** The path parameter each way of naming a stone or a collection reads. */
export const NAMING_PARAM = { code: 'code', ownerToken: 'ownerToken', id: 'id' } as const;

const writes = endpoints.flatMap((e) => (e.method === 'GET' ? [] : [{ method: e.method, ...compile(e.path), changes: e.changes }]));

/** The change a write to this routing path (lib/routing.ts) declares, or null (none, or nothing public). */
export function changeOf(method: string, routingPath: string): DeclaredChange | null {
  for (const write of writes) {
    if (write.method !== method) continue;
    const params = paramsOf(write, routingPath);
    if (!params) continue;
    const changes = write.changes;
    if (changes === 'blog') return { scope: 'blog' };
    if ('nothing' in changes) return null;
    if ('collection' in changes) return { scope: 'collection', by: changes.collection, value: params[NAMING_PARAM.ownerToken] ?? '' };
    if (changes.stone === 'route') return { scope: 'stone', by: 'route' };
    return { scope: 'stone', by: changes.stone, value: params[NAMING_PARAM[changes.stone]] ?? '' };
  }
  return null;
}

/**
 * robots.txt's `Disallow` lines: a first path segment under which no address may be crawled is one rule
 * (`/api/`, or `/admin` where the segment is itself a page); elsewhere each such address is its own.
 */
export function disallowedPaths(): string[] {
  const rules: string[] = [];
  const groups = new Map<string, Declared[]>();
  for (const entry of declared) {
    const first = entry.path.split('/')[1] ?? '';
    // The home page and the addresses that start with a parameter (a stone's code) share no segment.
    if (first === '' || first.startsWith(':')) {
      if (!entry.crawl) rules.push(staticPrefix(entry.path));
    } else groups.set(first, [...(groups.get(first) ?? []), entry]);
  }
  for (const [first, entries] of groups) {
    if (entries.every((entry) => !entry.crawl)) {
      const rule = `/${first}`;
      rules.push(entries.some((entry) => entry.path === rule) ? rule : `${rule}/`);
    } else {
      for (const entry of entries) if (!entry.crawl) rules.push(staticPrefix(entry.path));
    }
  }
  return unique(rules);
}

/**
 * The screens the sitemap lists. Only addresses without a parameter: the pages of one article or one collection
 * come from the database (worker/seo.ts), whatever their screen declares.
 */
export function sitemapPaths(): string[] {
  return screenList.filter((entry) => entry.indexing === 'sitemap' && !entry.path.includes('/:')).map((entry) => entry.path);
}
