import { normalizeCode } from './code';
import { normalizeCollectionId } from './collection';
import { queries } from './queries';
import { reportScreens } from './report-screens';
import { matchPattern } from './route-pattern';
import { type Params, type Screen, screen } from './screen';

/**
 * The screen registry: one entry per screen of the app. The Worker renderer (status, initial data, CSP), the
 * client router, module preloading and the 404 page all read this table and nothing else; so do the lists of
 * secret, cached, indexed and offline addresses (worker/lib/addresses.ts, the service worker). Adding a screen =
 * one entry here + its head in heads.ts (a type error until it has one) + one file in src/client/pages/
 * (decision record 005).
 */

const code = { code: normalizeCode };
const collectionId = { id: normalizeCollectionId };
/** The collection page and its label sheet read the same public view. */
const collectionLoad = ({ id }: Params) => ({ collection: queries.collection(id ?? '') });
const foundIf = (data: Record<string, unknown>) => (data.collection ? 200 : 404);

// The pages read first (a stone's, the guide, the blog, the legal ones) load their JavaScript as soon as they are
// painted: the HTML and the styles have the connection to themselves until then (decision record 019).

/** A stone's page, at its code and as its read-only twin under /view. */
const stoneScreen = (path: string) =>
  screen({
    cache: 'stone',
    offline: true,
    path,
    page: 'stone',
    messages: ['stone'],
    hydrate: 'after-paint',
    params: code,
    load: ({ code }) => ({ stone: queries.stone(code ?? '') }),
    status: ({ stone }) => (stone ? 200 : 404),
  });

/** A legal page: the imprint, the privacy policy, the terms. */
const legalScreen = (path: string) => screen({ indexing: 'sitemap', path, page: 'legal', messages: ['legal'], hydrate: 'after-paint' });

/** A page a mail's link opens (one module renders them all): its token in the query, never indexed. */
const mailLink = (path: string) => screen({ secret: 'query', indexing: 'disallow', path, page: 'mail-link', messages: ['mail-links'] });

export const screens = {
  home: screen({
    indexing: 'sitemap',
    path: '/',
    page: 'home',
    // The creator opens here and asks reCAPTCHA for a token.
    csp: ['recaptcha'],
    messages: ['home', 'affiliate'],
    // Text, figures and two buttons that open dialogs: readable before React (67 KiB gzip) has arrived.
    hydrate: 'after-load',
    load: () => ({ statistics: queries.statistics() }),
  }),
  checkout: screen({
    indexing: 'noindex',
    path: '/checkout',
    page: 'checkout',
    messages: ['creation', 'stone-fields'],
    // Stripe's Payment Element; reCAPTCHA for an order a 100 % code makes free.
    csp: ['stripe', 'recaptcha'],
  }),
  success: screen({
    // Stripe's return carries the PaymentIntent's client secret in the query, and the page shows the new owner link.
    secret: 'query',
    indexing: 'noindex',
    path: '/success',
    page: 'success',
    messages: ['creation', 'stone-aside'],
  }),
  label: screen({
    // A sheet to print, not a page to find.
    indexing: 'noindex',
    path: '/etikett/:code',
    // One module prints a stone's labels and a collection's (collectionLabels): their texts come with it.
    page: 'label',
    messages: ['creation', 'collection'],
    params: code,
    load: ({ code }) => ({ stone: queries.stone(code ?? '') }),
    status: ({ stone }) => (stone ? 200 : 404),
  }),
  guide: screen({
    indexing: 'sitemap',
    path: '/stein-vorbereiten',
    page: 'guide',
    messages: ['guide', 'affiliate'],
    hydrate: 'after-paint',
  }),
  blog: screen({
    indexing: 'sitemap',
    cache: 'blog',
    path: '/blog',
    page: 'blog',
    messages: ['blog'],
    hydrate: 'after-paint',
    load: () => ({ posts: queries.blogPosts() }),
  }),
  blogPost: screen({
    // In the sitemap with each published article's own date (worker/seo.ts).
    cache: 'blog',
    path: '/blog/:slug',
    page: 'blog-post',
    messages: ['blog'],
    hydrate: 'after-paint',
    params: { slug: (raw) => (/^[a-z0-9-]{1,100}$/i.test(raw) ? raw.toLowerCase() : null) },
    load: ({ slug }) => ({ post: queries.blogPost(slug ?? '') }),
    status: ({ post }) => (post ? 200 : 404),
  }),
  imprint: legalScreen('/impressum'),
  privacy: legalScreen('/datenschutz'),
  terms: legalScreen('/agb'),
  developer: screen({
    // Indexed once the operator says so (DEVELOPER_PAGE_INDEXED; its head says noindex until then).
    path: '/entwickler',
    page: 'developer',
    messages: ['developer'],
    hydrate: 'after-paint',
    load: () => ({ api: queries.openApi() }),
  }),
  operatorBlog: screen({
    // The operator's area: what it shows is read with the operator's token.
    secret: 'operator',
    indexing: 'disallow',
    path: '/admin/blog',
    page: 'operator',
    messages: ['operator', 'blog', 'stone-fields'],
  }),
  operator: screen({
    secret: 'operator',
    indexing: 'disallow',
    path: '/admin',
    // One module for the operator's screens (operatorBlog): their texts come with it.
    page: 'operator',
    messages: ['operator', 'stone-fields', 'blog'],
  }),
  ownerWithoutToken: screen({
    indexing: 'disallow',
    path: '/admin/stone',
    page: 'owner',
    messages: ['owner', 'stone', 'stone-aside'],
  }),
  owner: screen({
    // The owner's secret link.
    secret: 'path',
    indexing: 'disallow',
    path: '/admin/stone/:ownerToken',
    page: 'owner',
    messages: ['owner', 'stone', 'stone-aside'],
    load: ({ ownerToken }) => ({ stone: queries.ownerStone(ownerToken ?? '') }),
    status: ({ stone }) => (stone ? 200 : 404),
  }),
  collectionOwner: screen({
    // The collection's secret owner link, like a stone's.
    secret: 'path',
    indexing: 'disallow',
    path: '/admin/sammlung/:ownerToken',
    page: 'collection-owner',
    messages: ['collection', 'stone-aside', 'stone-fields'],
    load: ({ ownerToken }) => ({ collection: queries.ownerCollection(ownerToken ?? '') }),
    status: foundIf,
  }),
  confirmSubscription: mailLink('/abo/bestaetigen'),
  unsubscribe: mailLink('/abo/abmelden'),
  // The find mails' and letters' "how often" link: the same token as their stop link.
  notificationPreferences: mailLink('/abo/einstellungen'),
  collection: screen({
    indexing: 'sitemap',
    cache: 'collection',
    path: '/sammlung/:id',
    page: 'collection',
    messages: ['collection', 'stone', 'stone-aside', 'stone-map'],
    // A page to read (title, totals, every stone) complete without its JavaScript; its map starts later anyway,
    // and nobody types into its forms in the first second (decision record 019).
    hydrate: 'after-load',
    params: collectionId,
    load: collectionLoad,
    status: foundIf,
  }),
  collectionLabels: screen({
    // A sheet to print, not a page to find.
    indexing: 'noindex',
    cache: 'collection',
    path: '/sammlung/:id/etiketten',
    page: 'label',
    messages: ['collection', 'creation'],
    params: collectionId,
    load: collectionLoad,
    status: foundIf,
  }),
  ...reportScreens,
  view: stoneScreen('/view/:code'),
  stone: stoneScreen('/:code'),
  notFound: screen({ indexing: 'noindex', page: 'not-found', status: () => 404 }),
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
