import type { IntlShape } from '@formatjs/intl';
import { normalizeCode } from './code';
import type { PublicConfig } from './initial-data';
import { type QueryData, type QuerySpec, queries } from './queries';
import type { StoneView } from './types';

/**
 * The screen registry: one entry per screen of the app. The Worker renderer (status, initial data, head,
 * CSP), the client router, module preloading and the 404 page all read this table and nothing else.
 * Adding a screen = one entry here + one file in src/client/pages/ (decision record 005).
 */

/** Origins a page may need beyond its own, in its Content-Security-Policy (see worker/lib/security.ts). */
export type CspFeature = 'recaptcha' | 'stripe' | 'analytics';

/** What goes into a page's <head>. */
export interface Head {
  title: string;
  description?: string;
  /** Keeps the page out of search results. */
  noindex?: boolean;
  /** The page's one address for search engines (indexable pages only). */
  canonical?: string;
  /** Structured data (schema.org, JSON-LD) for search engines, e.g. a blog article's. */
  structuredData?: Record<string, unknown>;
  /** A feed of the page (the blog's RSS), for feed readers. */
  feed?: { title: string; href: string };
  /** Open Graph, for link previews when the page is shared. */
  openGraph?: { type: 'website' | 'article'; title: string; description?: string; url: string; image?: string };
}

type Params = Record<string, string>;
type Specs = Record<string, QuerySpec<unknown>>;
export type DataOf<S extends Specs> = { [K in keyof S]: QueryData<S[K]> };

export interface HeadContext<S extends Specs> {
  params: Params;
  data: DataOf<S>;
  intl: Pick<IntlShape, 'formatMessage'>;
  config: PublicConfig;
}

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
  head: (context: HeadContext<S>) => Head;
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
  head: (context: HeadContext<Specs>) => Head;
  csp?: CspFeature[];
  messages?: string[];
  hydrate?: 'after-load';
}

function screen<S extends Specs = Record<never, never>>(def: ScreenDef<S>): Screen {
  return def as unknown as Screen;
}

const siteLink = (config: PublicConfig, path: string) => `${config.siteUrl.replace(/\/$/, '')}${path}`;

function stoneHead({ data, params, intl, config }: HeadContext<{ stone: QuerySpec<StoneView | null> }>): Head {
  const stone = data.stone;
  if (!stone) return { title: intl.formatMessage({ id: 'stone.notFound.title' }), noindex: true };
  const summary = `${intl.formatMessage({ id: 'stone.findCount' }, { count: stone.findCount })} · ${stone.formattedDistance}`;
  const description = stone.story ? `${stone.story.slice(0, 160)}${stone.story.length > 160 ? '…' : ''}` : summary;
  return {
    title: `${stone.title} – ${config.productName}`,
    description,
    // The read-only twin names the stone page as its one address: search engines index the stone once.
    canonical: siteLink(config, `/${params.code}`),
    openGraph: {
      type: 'website',
      title: stone.title,
      description,
      url: siteLink(config, `/view/${params.code}`),
      ...(stone.photos[0] ? { image: stone.photos[0] } : {}),
    },
  };
}

const code = { code: normalizeCode };

function legalHead(title: string, path: string, intl: HeadContext<Specs>['intl'], config: PublicConfig): Head {
  const name = intl.formatMessage({ id: title });
  return {
    title: `${name} – ${config.productName}`,
    description: intl.formatMessage({ id: 'legal.description' }, { page: name, product: config.productName }),
    canonical: siteLink(config, path),
  };
}

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
    head: ({ intl, config }) => {
      const description = intl.formatMessage({ id: 'hero.text' });
      return {
        title: `${config.productName} – ${intl.formatMessage({ id: 'app.tagline' })}`,
        description,
        canonical: siteLink(config, '/'),
        openGraph: { type: 'website', title: config.productName, description, url: siteLink(config, '/') },
      };
    },
  }),
  checkout: screen({
    path: '/checkout',
    page: 'checkout',
    // Stripe's Payment Element; reCAPTCHA for an order a 100 % code makes free.
    csp: ['stripe', 'recaptcha'],
    head: ({ intl }) => ({ title: intl.formatMessage({ id: 'checkout.title' }), noindex: true }),
  }),
  success: screen({
    path: '/success',
    page: 'success',
    head: ({ intl }) => ({ title: intl.formatMessage({ id: 'success.title' }), noindex: true }),
  }),
  label: screen({
    path: '/etikett/:code',
    page: 'label',
    params: code,
    load: ({ code }) => ({ stone: queries.stone(code ?? '') }),
    status: ({ stone }) => (stone ? 200 : 404),
    head: ({ intl, params }) => ({ title: intl.formatMessage({ id: 'label.title' }, { code: params.code ?? '' }), noindex: true }),
  }),
  guide: screen({
    path: '/stein-vorbereiten',
    page: 'guide',
    messages: ['guide'],
    head: ({ intl, config }) => {
      const description = intl.formatMessage({ id: 'guide.intro' });
      return {
        title: `${intl.formatMessage({ id: 'guide.title' })} – ${config.productName}`,
        description,
        canonical: siteLink(config, '/stein-vorbereiten'),
        openGraph: {
          type: 'article',
          title: intl.formatMessage({ id: 'guide.title' }),
          description,
          url: siteLink(config, '/stein-vorbereiten'),
        },
      };
    },
  }),
  imprint: screen({
    path: '/impressum',
    page: 'legal',
    head: ({ intl, config }) => legalHead('legal.imprint', '/impressum', intl, config),
  }),
  privacy: screen({
    path: '/datenschutz',
    page: 'legal',
    head: ({ intl, config }) => legalHead('legal.privacy', '/datenschutz', intl, config),
  }),
  terms: screen({
    path: '/agb',
    page: 'legal',
    head: ({ intl, config }) => legalHead('legal.terms', '/agb', intl, config),
  }),
  blog: screen({
    path: '/blog',
    page: 'blog',
    messages: ['blog'],
    load: () => ({ posts: queries.blogPosts() }),
    head: ({ intl, config }) => {
      const description = intl.formatMessage({ id: 'blog.intro' });
      return {
        title: `${intl.formatMessage({ id: 'blog.title' })} – ${config.productName}`,
        description,
        canonical: siteLink(config, '/blog'),
        feed: { title: `${config.productName} – Blog`, href: '/blog/rss.xml' },
        openGraph: { type: 'website', title: `${config.productName} – Blog`, description, url: siteLink(config, '/blog') },
      };
    },
  }),
  blogPost: screen({
    path: '/blog/:slug',
    page: 'blog-post',
    messages: ['blog'],
    params: { slug: (raw) => (/^[a-z0-9-]{1,100}$/i.test(raw) ? raw.toLowerCase() : null) },
    load: ({ slug }) => ({ post: queries.blogPost(slug ?? '') }),
    status: ({ post }) => (post ? 200 : 404),
    head: ({ data, intl, config }) => {
      const post = data.post;
      if (!post) return { title: intl.formatMessage({ id: 'blog.notFound' }), noindex: true };
      const image = post.featuredImage?.startsWith('/') ? siteLink(config, post.featuredImage) : post.featuredImage;
      return {
        title: `${post.title} – ${config.productName}`,
        description: post.excerpt,
        canonical: siteLink(config, `/blog/${post.slug}`),
        structuredData: {
          '@context': 'https://schema.org',
          '@type': 'BlogPosting',
          headline: post.title,
          description: post.excerpt,
          datePublished: post.createdAt,
          author: { '@type': 'Person', name: post.author },
          publisher: { '@type': 'Organization', name: config.productName, url: siteLink(config, '/') },
          mainEntityOfPage: siteLink(config, `/blog/${post.slug}`),
          keywords: post.tags.join(', '),
          ...(image ? { image } : {}),
        },
        feed: { title: `${config.productName} – Blog`, href: '/blog/rss.xml' },
        openGraph: {
          type: 'article',
          title: post.title,
          description: post.excerpt,
          url: siteLink(config, `/blog/${post.slug}`),
          ...(image ? { image } : {}),
        },
      };
    },
  }),
  adminBlog: screen({
    path: '/admin/blog',
    page: 'admin-blog',
    messages: ['admin'],
    head: ({ intl, config }) => ({ title: `${intl.formatMessage({ id: 'adminBlog.title' })} – ${config.productName}`, noindex: true }),
  }),
  admin: screen({
    path: '/admin',
    page: 'admin',
    head: ({ intl, config }) => ({ title: `${intl.formatMessage({ id: 'admin.title' })} – ${config.productName}`, noindex: true }),
  }),
  ownerWithoutToken: screen({
    path: '/admin/stone',
    page: 'owner',
    head: ({ intl }) => ({ title: intl.formatMessage({ id: 'owner.invalid.title' }), noindex: true }),
  }),
  owner: screen({
    path: '/admin/stone/:adminToken',
    page: 'owner',
    load: ({ adminToken }) => ({ stone: queries.ownerStone(adminToken ?? '') }),
    status: ({ stone }) => (stone ? 200 : 404),
    head: ({ intl, data }) => ({
      title: data.stone
        ? intl.formatMessage({ id: 'owner.title' }, { code: data.stone.code })
        : intl.formatMessage({ id: 'owner.notFound.title' }),
      noindex: true,
    }),
  }),
  confirmSubscription: screen({
    path: '/abo/bestaetigen',
    page: 'confirm-subscription',
    head: ({ intl }) => ({ title: intl.formatMessage({ id: 'abo.confirm.title' }), noindex: true }),
  }),
  unsubscribe: screen({
    path: '/abo/abmelden',
    page: 'unsubscribe',
    head: ({ intl }) => ({ title: intl.formatMessage({ id: 'abo.unsubscribe.title' }), noindex: true }),
  }),
  view: screen({
    path: '/view/:code',
    page: 'stone',
    messages: ['stone'],
    params: code,
    load: ({ code }) => ({ stone: queries.stone(code ?? '') }),
    status: ({ stone }) => (stone ? 200 : 404),
    head: stoneHead,
  }),
  stone: screen({
    path: '/:code',
    page: 'stone',
    messages: ['stone'],
    params: code,
    load: ({ code }) => ({ stone: queries.stone(code ?? '') }),
    status: ({ stone }) => (stone ? 200 : 404),
    head: stoneHead,
  }),
  notFound: screen({
    page: 'not-found',
    status: () => 404,
    head: ({ intl }) => ({ title: intl.formatMessage({ id: 'notFound.title' }), noindex: true }),
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
