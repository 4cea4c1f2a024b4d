import type { QueryData, QuerySpec } from './queries';

/** When a screen's JavaScript starts loading, if not with its HTML (Screen `hydrate`, decision record 019). */
export type HydrateWhen = 'after-load' | 'after-paint';

/**
 * What a screen of the registry (routes.ts) is: its entry's fields, and what the Worker and the router see of it.
 */

/** Origins a page may need beyond its own, in its Content-Security-Policy (see worker/lib/security.ts). */
export type CspFeature = 'recaptcha' | 'stripe' | 'analytics';

/**
 * What an address carries that no cache, log or referrer may keep (worker/lib/addresses.ts derives every list
 * of such addresses from these declarations): `path`, a token in a `:param` of the path (the one a log line
 * loses); `query`, a token in the query (a mail link); `body`, a token in the request or the answer; `operator`,
 * what only the logged-in operator may see.
 */
export type Secret = 'path' | 'query' | 'body' | 'operator';

/**
 * The edge cache's scope of a public read (decision record 014): `stone`, one stone's (named by the `:code`
 * parameter), `collection`, one memorial collection's (named by `:id`), or `blog`. A write declared to change the
 * scope starts its new generation.
 */
export type CacheScope = 'stone' | 'collection' | 'blog';

/**
 * What search engines get: `sitemap`, listed in /sitemap.xml; `index` (the default), indexable, found by links;
 * `noindex`, the page says noindex; `disallow`, robots.txt keeps crawlers out and the page says noindex.
 */
export type Indexing = 'sitemap' | 'index' | 'noindex' | 'disallow';

export type Params = Record<string, string>;
type Specs = Record<string, QuerySpec<unknown>>;
export type DataOf<S extends Specs> = { [K in keyof S]: QueryData<S[K]> };

interface ScreenDef<S extends Specs> {
  /** `/view/:code`: literal segments and `:name` parameters. Absent for the not-found screen. */
  path?: string;
  /** The module src/client/pages/{page}.tsx that renders the screen. */
  page: string;
  /** Canonical form of each parameter, or null when the segment is not one (the path is then not this screen). */
  params?: Record<string, (raw: string) => string | null>;
  /** The reads the screen needs before its first byte: the Worker loads them, the browser starts them on navigation. */
  load?: (params: Params) => S;
  /** The HTTP status, from the loaded data (an unknown stone is a 404). */
  status?: (data: DataOf<S>) => 200 | 404;
  csp?: CspFeature[];
  /** The screen's own texts (src/shared/i18n/<namespace>/), loaded in the page's language with its module. */
  messages?: string[];
  /**
   * The server-rendered page is complete without its JavaScript, which then loads 'after-paint' (as soon as the
   * page has been painted) or 'after-load' (once it has loaded and the browser is idle); either at once on a first
   * tap, key or focus, and a button tapped before is pressed again once the page is interactive. Decision record
   * 019. Default: the JavaScript loads with the page.
   */
  hydrate?: HydrateWhen;
  /** What the address carries that must not be kept (see Secret). Required for a `:param` named like a token. */
  secret?: Secret;
  /** The edge cache keeps the page, in this scope. */
  cache?: CacheScope;
  indexing?: Indexing;
  /** The service worker keeps the last copy and shows it without a connection (decision record 015). */
  offline?: true;
}

/** A registry entry with its data types erased, as the renderer and the router handle it. */
export interface Screen extends Omit<ScreenDef<Specs>, 'status'> {
  status?: (data: Record<string, unknown>) => 200 | 404;
}

export function screen<S extends Specs = Record<never, never>>(def: ScreenDef<S>): Screen {
  return def as unknown as Screen;
}
