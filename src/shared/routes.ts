import { normalizeCode } from './code';
import { type QueryData, type QuerySpec, queries } from './queries';

/**
 * The screen registry: one entry per screen of the app. The Worker renderer (status, initial data, CSP), the
 * client router, module preloading and the 404 page all read this table and nothing else. Adding a screen = one
 * entry here + its head in heads.ts (a type error until it has one) + one file in src/client/pages/ (decision
 * record 005).
 */

/** Origins a page may need beyond its own, in its Content-Security-Policy (see worker/lib/security.ts). */
export type CspFeature = 'recaptcha' | 'stripe' | 'analytics';

type Params = Record<string, string>;
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
   * 'after-load': the server-rendered page is complete without its JavaScript, which then loads after the page
   * has (when the browser is idle, or at once on a first tap, key or focus; a button tapped before is pressed
   * again once the page is interactive). Decision record 019. Default: the JavaScript loads with the page.
   */
  hydrate?: 'after-load';
}

/** A registry entry with its data types erased, as the renderer and the router handle it. */
export interface Screen {
  path?: string;
  page: string;
  params?: Record<string, (raw: string) => string | null>;
  load?: (params: Params) => Specs;
  status?: (data: Record<string, unknown>) => 200 | 404;
  csp?: CspFeature[];
  messages?: string[];
  hydrate?: 'after-load';
}

function screen<S extends Specs = Record<never, never>>(def: ScreenDef<S>): Screen {
  return def as unknown as Screen;
}

const code = { code: normalizeCode };

export const screens = {
  home: screen({
    path: '/',
    page: 'home',
    // The creator opens here and asks reCAPTCHA for a token.
    csp: ['recaptcha'],
    messages: ['home'],
    // Text, figures and two buttons that open dialogs: readable before React (67 KiB gzip) has arrived.
    hydrate: 'after-load',
    load: () => ({ statistics: queries.statistics() }),
  }),
  checkout: screen({
    path: '/checkout',
    page: 'checkout',
    messages: ['creation'],
    // Stripe's Payment Element; reCAPTCHA for an order a 100 % code makes free.
    csp: ['stripe', 'recaptcha'],
  }),
  success: screen({
    path: '/success',
    page: 'success',
    messages: ['creation'],
  }),
  label: screen({
    path: '/etikett/:code',
    page: 'label',
    messages: ['creation'],
    params: code,
    load: ({ code }) => ({ stone: queries.stone(code ?? '') }),
    status: ({ stone }) => (stone ? 200 : 404),
  }),
  guide: screen({
    path: '/stein-vorbereiten',
    page: 'guide',
    messages: ['guide'],
  }),
  imprint: screen({
    path: '/impressum',
    page: 'legal',
  }),
  privacy: screen({
    path: '/datenschutz',
    page: 'legal',
  }),
  terms: screen({
    path: '/agb',
    page: 'legal',
  }),
  blog: screen({
    path: '/blog',
    page: 'blog',
    messages: ['blog'],
    load: () => ({ posts: queries.blogPosts() }),
  }),
  blogPost: screen({
    path: '/blog/:slug',
    page: 'blog-post',
    messages: ['blog'],
    params: { slug: (raw) => (/^[a-z0-9-]{1,100}$/i.test(raw) ? raw.toLowerCase() : null) },
    load: ({ slug }) => ({ post: queries.blogPost(slug ?? '') }),
    status: ({ post }) => (post ? 200 : 404),
  }),
  adminBlog: screen({
    path: '/admin/blog',
    page: 'admin-blog',
    messages: ['admin', 'blog'],
  }),
  admin: screen({
    path: '/admin',
    page: 'admin',
    messages: ['admin'],
  }),
  ownerWithoutToken: screen({
    path: '/admin/stone',
    page: 'owner',
    messages: ['owner'],
  }),
  owner: screen({
    path: '/admin/stone/:adminToken',
    page: 'owner',
    messages: ['owner'],
    load: ({ adminToken }) => ({ stone: queries.ownerStone(adminToken ?? '') }),
    status: ({ stone }) => (stone ? 200 : 404),
  }),
  confirmSubscription: screen({
    path: '/abo/bestaetigen',
    page: 'confirm-subscription',
    messages: ['mail-links'],
  }),
  unsubscribe: screen({
    path: '/abo/abmelden',
    page: 'unsubscribe',
    messages: ['mail-links'],
  }),
  view: screen({
    path: '/view/:code',
    page: 'stone',
    messages: ['stone'],
    params: code,
    load: ({ code }) => ({ stone: queries.stone(code ?? '') }),
    status: ({ stone }) => (stone ? 200 : 404),
  }),
  stone: screen({
    path: '/:code',
    page: 'stone',
    messages: ['stone'],
    params: code,
    load: ({ code }) => ({ stone: queries.stone(code ?? '') }),
    status: ({ stone }) => (stone ? 200 : 404),
  }),
  notFound: screen({
    page: 'not-found',
    status: () => 404,
  }),
} satisfies Record<string, Screen>;

export type ScreenName = keyof typeof screens;

/** What every page module's component receives. */
export interface PageProps {
  params: Params;
  /** The registry entry being shown (one module may render several, e.g. `stone` and `view`). */
  screen: ScreenName;
}

/** Addresses that lead to a screen under another spelling: they redirect to its canonical path. */
const aliases: Array<{ path: string; to: ScreenName }> = [
  // Printed QR codes of older stones carry /stone/{code}.
  { path: '/stone/:code', to: 'stone' },
];

export interface RouteMatch {
  name: ScreenName;
  screen: Screen;
  params: Params;
  /** Set when the address is a known screen in a non-canonical spelling (lowercase code, QR path): go there. */
  redirectTo?: string;
}

/** Parameters of `pattern` in `pathname` (one trailing slash allowed), or null when it does not fit. */
function matchPattern(pattern: string, pathname: string, normalizers: Screen['params'] = {}): Params | null {
  const wanted = pattern.split('/');
  // One trailing slash after a segment is forgiven (`/ABC-123-DEF/`); an empty segment (`//`) is no address of ours.
  const trimmed = pathname.length > 1 && pathname.endsWith('/') && !pathname.endsWith('//') ? pathname.slice(0, -1) : pathname;
  const actual = trimmed.split('/');
  if (wanted.length !== actual.length) return null;
  const params: Params = {};
  for (let i = 0; i < wanted.length; i++) {
    const want = wanted[i] ?? '';
    const raw = actual[i] ?? '';
    if (!want.startsWith(':')) {
      if (want !== raw) return null;
      continue;
    }
    let value: string;
    try {
      value = decodeURIComponent(raw);
    } catch {
      return null;
    }
    const name = want.slice(1);
    const normalize = normalizers[name];
    const canonical = normalize ? normalize(value) : value || null;
    if (canonical === null) return null;
    params[name] = canonical;
  }
  return params;
}

/** The path of a screen with the given parameters. */
export function pathTo(name: ScreenName, params: Params = {}): string {
  const pattern = screens[name].path;
  if (pattern === undefined) throw new Error(`${name} has no path`);
  return pattern.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(params[key] ?? ''));
}

/** Which screen a path shows, and whether it should be asked for under another spelling. */
export function matchRoute(pathname: string): RouteMatch {
  for (const [name, entry] of Object.entries(screens) as Array<[ScreenName, Screen]>) {
    if (entry.path === undefined) continue;
    const params = matchPattern(entry.path, pathname, entry.params);
    if (!params) continue;
    const canonical = pathTo(name, params);
    return canonical === pathname ? { name, screen: entry, params } : { name, screen: entry, params, redirectTo: canonical };
  }
  for (const alias of aliases) {
    const params = matchPattern(alias.path, pathname, screens[alias.to].params);
    if (params) return { name: alias.to, screen: screens[alias.to], params, redirectTo: pathTo(alias.to, params) };
  }
  return { name: 'notFound', screen: screens.notFound, params: {} };
}
