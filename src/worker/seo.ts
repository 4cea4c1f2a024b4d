import { type Context, Hono } from 'hono';
import { COLLECTION_ID_ALPHABET, collectionPath } from '../shared/collection';
import { pathTo } from '../shared/routes';
import { sitemapPosts } from './api/blog/queries';
import { sitemapCollectionPrefixes, sitemapCollections } from './api/collections/queries';
import { getDb } from './db/client';
import { disallowedPaths, sitemapPaths } from './lib/addresses';
import { CACHE_STATUS_HEADER, edgeCacheSeconds } from './lib/edge-cache';
import { isPrivateSite } from './lib/private-site';
import { escapeXml } from './lib/xml';
import { developerPageIndexed } from './settings/page-options';
import type { AppEnv } from './types';

const siteOf = (env: Env) => env.PUBLIC_SITE_URL.replace(/\/$/, '');

/*
 * The sitemap: `/sitemap.xml` is a sitemap index naming `/sitemaps/pages.xml` (the public screens and the
 * published articles) and the memorial collections' files, `/sitemaps/collections-{prefix}.xml`, each the collections
 * whose id begins with its prefix, read by one range of the primary key. Ids are random over 31 letters: while a
 * first letter holds at most SITEMAP_LETTER_URLS collections it is one file; past that, it is its 31 files of two
 * letters (a 961st of the collections each), so a file holds a few hundred addresses at most up to about 500 000
 * collections and the sitemaps protocol's 50 000 up to 48 million; making a file costs about the same at any size
 * short of that. Any prefix of one or two letters answers its file, listed or not (an empty one when no id begins
 * with it). Each answer is kept in the data centre's cache for an hour: a crawler's visits cost no database reads.
 */

/** The sitemaps protocol's most addresses in one file. */
export const SITEMAP_MAX_URLS = 50_000;
/** A first letter with more collections than this is listed as its files of two letters. */
export const SITEMAP_LETTER_URLS = 500;
const SITEMAP_SECONDS = 3600;
const XML = { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': `public, max-age=${SITEMAP_SECONDS}` };

const urlset = (entries: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
const url = (location: string, changed?: Date) =>
  `  <url><loc>${escapeXml(location)}</loc>${changed ? `<lastmod>${changed.toISOString()}</lastmod>` : ''}</url>`;

/**
 * The answer from the data centre's cache, or made by `make` and kept there for an hour; only where the edge cache
 * is on (EDGE_CACHE_SECONDS, off in the Worker tests but their own, as for every cached read).
 */
async function cachedXml(c: Context<AppEnv>, make: () => Promise<string | null>): Promise<Response> {
  const cached = edgeCacheSeconds(c.env) > 0;
  const key = new Request(new URL(c.req.path, c.req.url).toString());
  const hit = cached ? await caches.default.match(key) : undefined;
  if (hit) {
    const response = new Response(hit.body, hit);
    response.headers.set(CACHE_STATUS_HEADER, 'hit');
    return response;
  }
  const body = await make();
  if (body === null) return c.body(null, 404);
  const response = new Response(body, { headers: XML });
  if (cached) {
    c.executionCtx.waitUntil(caches.default.put(key, response.clone()));
    response.headers.set(CACHE_STATUS_HEADER, 'miss');
  }
  return response;
}

export const seo = new Hono<AppEnv>()
  .get('/robots.txt', (c) =>
    c.text(
      // A private site (staging) keeps every crawler out; production lists what is not to be indexed.
      isPrivateSite(c.env)
        ? 'User-agent: *\nDisallow: /\n'
        : `User-agent: *
# Owner links carry a secret token; the operator area, mail links and the API are not pages to index.
${disallowedPaths()
  .map((path) => `Disallow: ${path}\n`)
  .join('')}
Sitemap: ${siteOf(c.env)}/sitemap.xml
`,
      200,
      { 'Cache-Control': 'public, max-age=3600' },
    ),
  )
  .get('/sitemap.xml', (c) =>
    cachedXml(c, async () => {
      const site = siteOf(c.env);
      const prefixes = await sitemapCollectionPrefixes(getDb(c.env.DB), [...COLLECTION_ID_ALPHABET], SITEMAP_LETTER_URLS);
      const files = ['pages', ...prefixes.map((prefix) => `collections-${prefix}`)];
      const entries = files.map((file) => `  <sitemap><loc>${escapeXml(`${site}/sitemaps/${file}.xml`)}</loc></sitemap>`);
      return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`;
    }),
  )
  .get('/sitemaps/:file', (c) =>
    cachedXml(c, async () => {
      const site = siteOf(c.env);
      const db = getDb(c.env.DB);
      const file = c.req.param('file');
      if (file === 'pages.xml') {
        const posts = await sitemapPosts(db);
        return urlset([
          ...sitemapPaths().map((path) => url(`${site}${path}`)),
          // The developer page, once the operator wants it found (its head says noindex until then).
          ...(developerPageIndexed(c.env) ? [url(`${site}${pathTo('developer')}`)] : []),
          ...posts.map((post) => url(`${site}${pathTo('blogPost', { slug: post.slug })}`, post.updatedAt ?? post.createdAt)),
        ]);
      }
      const prefix = /^collections-([a-z0-9]{1,2})\.xml$/.exec(file)?.[1];
      if (!prefix || [...prefix].some((letter) => !COLLECTION_ID_ALPHABET.includes(letter))) return null;
      // Every memorial collection's page: public and meant to be found.
      const collections = await sitemapCollections(db, prefix, SITEMAP_MAX_URLS);
      return urlset(
        collections.map((collection) => url(`${site}${collectionPath(collection.id)}`, collection.updatedAt ?? collection.createdAt)),
      );
    }),
  );
