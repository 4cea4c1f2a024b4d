import { desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { getDb } from './db/client';
import { blogPosts } from './db/schema';
import type { AppEnv } from './types';

/** The public pages search engines should know, besides the blog's articles. */
const PAGES = ['/', '/stein-vorbereiten', '/blog', '/impressum', '/datenschutz', '/agb'];

const xml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);

const siteOf = (env: Env) => env.PUBLIC_SITE_URL.replace(/\/$/, '');

/** `/robots.txt` and `/sitemap.xml`, with this deployment's address. */
export const seo = new Hono<AppEnv>()
  .get('/robots.txt', (c) =>
    c.text(
      `User-agent: *
# Owner links carry a secret token; the operator area, mail links and the API are not pages to index.
Disallow: /admin
Disallow: /api/
Disallow: /abo/
Disallow: /dev/

Sitemap: ${siteOf(c.env)}/sitemap.xml
`,
      200,
      { 'Cache-Control': 'public, max-age=3600' },
    ),
  )
  .get('/sitemap.xml', async (c) => {
    const site = siteOf(c.env);
    const posts = await getDb(c.env.DB)
      .select({ slug: blogPosts.slug, createdAt: blogPosts.createdAt, updatedAt: blogPosts.updatedAt })
      .from(blogPosts)
      .where(eq(blogPosts.published, true))
      .orderBy(desc(blogPosts.createdAt))
      .limit(1000);
    const urls = [
      ...PAGES.map((path) => `  <url><loc>${xml(`${site}${path}`)}</loc></url>`),
      ...posts.map(
        (post) =>
          `  <url><loc>${xml(`${site}/blog/${post.slug}`)}</loc><lastmod>${(post.updatedAt ?? post.createdAt).toISOString()}</lastmod></url>`,
      ),
    ];
    return c.body(
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
      200,
      { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
    );
  });
