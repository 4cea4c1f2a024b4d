import assets from 'virtual:client-assets';
import allMessages from 'virtual:messages/all';
import namespaces from 'virtual:messages/names';
import type { Context } from 'hono';
import { renderToReadableStream } from 'react-dom/server';
import { preloadPage, preloadRouteHead, providePages } from '../../client/App';
import { Document } from '../../client/document';
import { BANNER_SCRIPT } from '../../client/features/consent/banner-script';
import { preloadCookieBanner } from '../../client/features/consent/consent-manager';
import { deferredHydrationScript } from '../../client/lib/deferred-hydration';
import { provideMessages } from '../../client/lib/intl';
import { preloadParts } from '../../client/lib/lazy-page';
import { createQueryClient } from '../../client/lib/query-client';
import { markAllScreenMessagesLoaded } from '../../client/lib/screen-messages';
import type { Locale } from '../../shared/i18n/locale';
import { INITIAL_DATA_GLOBAL, type InitialData, serializeForScript } from '../../shared/initial-data';
import type { QuerySpec } from '../../shared/queries';
import type { RouteMatch } from '../../shared/routes';
import { log } from '../lib/logger';
import { publicConfig } from '../settings/public';
import type { AppEnv } from '../types';
import { intoHead } from './head-script';

// The Worker renders pages in every language, with every page module loaded from the start; a language's texts
// are put together the first time a page is rendered in it (virtual:messages/all completes a language lazily).
const provided = new Set<Locale>();
function provideLanguage(locale: Locale): void {
  if (provided.has(locale)) return;
  provideMessages(locale, allMessages[locale]);
  provided.add(locale);
}
markAllScreenMessagesLoaded();

const textsByLocale = new Map<Locale, Record<string, string>>();
/**
 * Where the browser finds each catalog in `locale`: the client build's file (English where the catalog is German
 * and English only), or in development the module Vite serves.
 */
function textAddresses(locale: Locale): Record<string, string> {
  let texts = textsByLocale.get(locale);
  if (!texts) {
    texts = Object.fromEntries(
      ['core', ...namespaces].map((ns) => [
        ns,
        assets.dev
          ? `/@id/__x00__virtual:messages/${ns}/${locale}`
          : (assets.messages[`${ns}/${locale}`] ?? assets.messages[`${ns}/en`] ?? ''),
      ]),
    );
    textsByLocale.set(locale, texts);
  }
  return texts;
}
providePages(import.meta.glob('../../client/pages/*.tsx', { eager: true }));

/** Crawlers get the whole document at once; people get the shell first and the rest streamed. */
const BOT_PATTERN = /bot|crawler|spider|crawling|facebookexternalhit|slurp|embedly|preview/i;

/** Request headers an API read inside the Worker answers by, as it would for the browser. */
const FORWARDED_HEADERS = ['accept-language', 'cookie', 'cf-connecting-ip', 'cf-ray'];

/** Answers a request with the app itself, inside this Worker (no network). */
export type FetchApp = (request: Request) => Promise<Response>;

/**
 * A screen's read, answered by the API route that the browser would call: the initial data is exactly the
 * API's JSON, so the hydrated page and a later refetch see the same thing.
 */
async function loadSpec(c: Context<AppEnv>, spec: QuerySpec<unknown>, fetchApp: FetchApp): Promise<unknown> {
  const headers = new Headers({ accept: 'application/json' });
  for (const name of FORWARDED_HEADERS) {
    const value = c.req.header(name);
    if (value !== undefined) headers.set(name, value);
  }
  const response = await fetchApp(new Request(new URL(spec.path, c.req.url), { headers }));
  if (response.status === 404 && spec.nullOn404) return null;
  if (!response.ok) throw new Error(`page data ${spec.path.split('/').slice(0, 3).join('/')}… answered ${response.status}`);
  return response.json();
}

/**
 * Streams the React document for a screen of the registry: its data is loaded and its status decided before
 * the first byte; every script carries the response's CSP nonce; the data is inlined safely.
 */
export async function renderPage(c: Context<AppEnv>, match: RouteMatch, fetchApp: FetchApp): Promise<Response> {
  provideLanguage(c.get('locale'));
  const specs = Object.entries(match.screen.load?.(match.params) ?? {});
  const [loaded] = await Promise.all([
    Promise.all(specs.map(([, spec]) => loadSpec(c, spec, fetchApp))),
    preloadPage(match),
    preloadCookieBanner(),
    preloadRouteHead(),
    // Parts of pages the browser loads lazily are in place in the HTML (lib/lazy-page.ts lazyPart).
    preloadParts(),
  ]);
  const status = match.screen.status?.(Object.fromEntries(specs.map(([name], i) => [name, loaded[i]]))) ?? 200;
  c.set('csp', match.screen.csp ?? []);

  const pageAssets = assets.pages[match.screen.page];
  const texts = textAddresses(c.get('locale'));
  const data: InitialData = {
    locale: c.get('locale'),
    texts,
    config: publicConfig(c.env),
    assets: {
      css: [...new Set([...assets.entry.css, ...(pageAssets?.css ?? [])])],
      preload: [
        ...new Set([
          ...(pageAssets ? [pageAssets.script, ...pageAssets.preload] : []),
          // The page's texts in its language: the core, then the screen's own namespaces.
          ...(assets.dev ? [] : ['core', ...(match.screen.messages ?? [])].map((ns) => texts[ns] ?? '')),
          ...assets.entry.preload,
        ]),
      ],
    },
    queries: specs.map(([, spec], i) => ({ key: spec.key, data: loaded[i] })),
    // In development Vite's client and React's refresh preamble come first: the page hydrates with its load.
    ...(match.screen.hydrate && !assets.dev ? { hydrate: match.screen.hydrate } : {}),
  };
  const queryClient = createQueryClient();
  for (const q of data.queries) queryClient.setQueryData(q.key, q.data);
  const url = new URL(c.req.url);

  const bootstrapModules = assets.dev
    ? ['/@vite/client', '/src/client/dev-preamble.ts', assets.entry.script]
    : data.hydrate
      ? []
      : [assets.entry.script];
  const deferredHydration = data.hydrate ? deferredHydrationScript(assets.entry.script, data.hydrate) : '';
  const stream = await renderToReadableStream(
    <Document data={data} location={{ pathname: url.pathname, search: url.search, hash: '' }} queryClient={queryClient} />,
    {
      nonce: c.get('nonce'),
      // The page's data and, on a screen that hydrates after load, what loads its JavaScript then (decision
      // record 019).
      bootstrapScriptContent: `window.${INITIAL_DATA_GLOBAL}=${serializeForScript(data)};${deferredHydration}`,
      bootstrapModules,
      // A page is rendered from data the Worker already has: nothing in it is slow, so it goes out as one piece.
      // React otherwise sends a large Suspense boundary (over its 12.8 KB default) as a spinner first and reveals
      // the page a few hundred milliseconds later, which moves everything on the screen (Lighthouse CLS 0.54 on a
      // stone page with finds).
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      signal: c.req.raw.signal,
      onError(error) {
        log.error('render failed', { requestId: c.get('requestId'), error: String(error) });
      },
    },
  );
  if (BOT_PATTERN.test(c.req.header('user-agent') ?? '')) await stream.allReady;
  // Whether the server-rendered cookie banner is to be seen is decided first thing in <head>, so the banner is
  // part of the page's first paint (React's bootstrap script comes after the body, a frame too late).
  return new Response(stream.pipeThrough(intoHead(c.get('nonce'), BANNER_SCRIPT)), {
    status,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' },
  });
}
