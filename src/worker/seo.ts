import { Hono } from 'hono';
import { collectionPath } from '../shared/collection';
import { pathTo } from '../shared/routes';
import { sitemapPosts } from './api/blog/queries';
import { sitemapCollections } from './api/collections/queries';
import { getDb } from './db/client';
import { disallowedPaths, sitemapPaths } from './lib/addresses';
import { escapeXml } from './lib/xml';
import type { AppEnv } from './types';

const siteOf = (env: Env) => env.PUBLIC_SITE_URL.replace(/\/$/, '');

/** `/robots.txt` and `/sitemap.xml`, with this deployment's address. */
export const seo = new Hono<AppEnv>()
  .get('/robots.txt', (c) =>
    c.text(
      `User-agent: *
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
  .get('/sitemap.xml', async (c) => {
    const site = siteOf(c.env);
    const db = getDb(c.env.DB);
    const [posts, collections] = await Promise.all([sitemapPosts(db), sitemapCollections(db)]);
    const entry = (path: string, changed: Date) =>
      `  <url><loc>${escapeXml(`${site}${path}`)}</loc><lastmod>${changed.toISOString()}</lastmod></url>`;
    const urls = [
      ...sitemapPaths().map((path) => `  <url><loc>${escapeXml(`${site}${path}`)}</loc></url>`),
      ...posts.map((post) => entry(pathTo('blogPost', { slug: post.slug }), post.updatedAt ?? post.createdAt)),
      // Every memorial collection's page: public and meant to be found (issue 21).
      ...collections.map((collection) => entry(collectionPath(collection.id), collection.updatedAt ?? collection.createdAt)),
    ];
    return c.body(
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
      200,
      { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
    );
  });
