import assets from 'virtual:client-assets';
import type { Context } from 'hono';
import { renderToReadableStream } from 'react-dom/server';
import { preloadScreen } from '../../client/App';
import { Document } from '../../client/document';
import { createQueryClient } from '../../client/lib/query-client';
import { queryKeys } from '../../client/lib/query-keys';
import { formatDistance } from '../../shared/geo';
import { intlTag } from '../../shared/i18n/locale';
import { INITIAL_DATA_GLOBAL, type InitialData, serializeForScript } from '../../shared/initial-data';
import { pageModules, type RouteMatch } from '../../shared/routes';
import { getStatistics } from '../api/statistics/queries';
import { getStoneView } from '../api/stones/queries';
import { getDb } from '../db/client';
import { log } from '../lib/logger';
import type { AppEnv } from '../types';

/** Crawlers get the whole document at once; people get the shell first and the rest streamed. */
const BOT_PATTERN = /bot|crawler|spider|crawling|facebookexternalhit|slurp|embedly|preview/i;

/** The data a screen needs before its first byte, so the status code is known and nothing loads twice. */
async function loadQueries(c: Context<AppEnv>, match: RouteMatch): Promise<{ status: 200 | 404; queries: InitialData['queries'] }> {
  const db = getDb(c.env.DB);
  const locale = intlTag[c.get('locale')];
  switch (match.page) {
    case 'home': {
      const data = await getStatistics(db, c.env.CACHE);
      return {
        status: 200,
        queries: [{ key: queryKeys.statistics(), data: { ...data, formattedDistance: formatDistance(data.totalDistance, locale) } }],
      };
    }
    case 'stone':
    case 'view': {
      const code = match.params.code ?? '';
      const stone = await getStoneView(db, code, { origin: new URL(c.req.url).origin, locale });
      return { status: stone ? 200 : 404, queries: [{ key: queryKeys.stone(code), data: stone }] };
    }
    case 'notFound':
      return { status: 404, queries: [] };
  }
}

/** Streams the React document for a page route: status first, CSP nonce on every script, data inlined safely. */
export async function renderPage(c: Context<AppEnv>, match: RouteMatch): Promise<Response> {
  const [{ status, queries }] = await Promise.all([loadQueries(c, match), preloadScreen(match.page)]);
  const pageAssets = assets.pages[pageModules[match.page]];
  const data: InitialData = {
    locale: c.get('locale'),
    config: { siteUrl: c.env.PUBLIC_SITE_URL, productName: c.env.PRODUCT_NAME, mapStyleUrl: c.env.MAP_STYLE_URL },
    assets: {
      css: [...new Set([...assets.entry.css, ...(pageAssets?.css ?? [])])],
      preload: [...new Set([...(pageAssets ? [pageAssets.script, ...pageAssets.preload] : []), ...assets.entry.preload])],
    },
    queries,
  };
  const queryClient = createQueryClient();
  for (const q of queries) queryClient.setQueryData(q.key, q.data);
  const url = new URL(c.req.url);
  const nonce = c.get('nonce');

  const bootstrapModules = assets.dev ? ['/@vite/client', '/src/client/dev-preamble.ts', assets.entry.script] : [assets.entry.script];
  const stream = await renderToReadableStream(
    <Document data={data} location={{ pathname: url.pathname, search: url.search, hash: '' }} queryClient={queryClient} />,
    {
      nonce,
      bootstrapScriptContent: `window.${INITIAL_DATA_GLOBAL}=${serializeForScript(data)};`,
      bootstrapModules,
      signal: c.req.raw.signal,
      onError(error) {
        log.error('render failed', { requestId: c.get('requestId'), error: String(error) });
      },
    },
  );
  if (BOT_PATTERN.test(c.req.header('user-agent') ?? '')) await stream.allReady;
  return new Response(stream, {
    status,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' },
  });
}
