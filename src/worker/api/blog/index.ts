import { Hono } from 'hono';
import * as v from 'valibot';
import { BLOG_PAGE_SIZE } from '../../../shared/queries';
import { blogPostSchema, MAX_BLOG_JSON_BYTES } from '../../../shared/schemas/blog';
import { getDb } from '../../db/client';
import { ApiError } from '../../lib/errors';
import { parseInput, ROW_ID_SHAPE, readJsonObject } from '../../lib/validate';
import { escapeXml } from '../../lib/xml';
import type { AppEnv } from '../../types';
import { allPosts, createPost, deletePost, publishedPost, publishedPosts, updatePost } from './queries';

/** At most this many articles on one page of the public list. */
const MAX_BLOG_PAGE_SIZE = 50;

const postNotFound = () => new ApiError(404, 'BLOG_POST_NOT_FOUND', 'server-owner.blog.notFound');

/** A slug as the derivation makes it; anything else names no article (checked before the database). */
const SLUG_SHAPE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const pageNumber = (max: number) =>
  v.pipe(
    v.string('server-owner.operator.query.invalid'),
    v.regex(/^\d{1,5}$/, 'server-owner.operator.query.invalid'),
    v.toNumber(),
    v.minValue(1, 'server-owner.operator.query.invalid'),
    v.maxValue(max, 'server-owner.operator.query.invalid'),
  );

const listQuerySchema = v.object({
  page: v.optional(pageNumber(10_000), '1'),
  pageSize: v.optional(pageNumber(MAX_BLOG_PAGE_SIZE), String(BLOG_PAGE_SIZE)),
});

/** The public blog: published articles only. */
export const blog = new Hono<AppEnv>()
  .get('/', async (c) => {
    const { page, pageSize } = parseInput(listQuerySchema, c.req.query());
    const { posts, total } = await publishedPosts(getDb(c.env.DB), page, pageSize);
    c.header('X-Total-Count', String(total));
    return c.json(posts);
  })
  .get('/:slug', async (c) => {
    const slug = c.req.param('slug').toLowerCase();
    const post = slug.length <= 100 && SLUG_SHAPE.test(slug) ? await publishedPost(getDb(c.env.DB), slug) : null;
    if (!post) throw postNotFound();
    return c.json(post);
  });

/**
 * The operator's blog: every article, drafts too. The operator check for all of `/api/admin` sits in
 * app.ts; the blog admin sends its token without "Bearer", which that check accepts.
 */
export const operatorBlog = new Hono<AppEnv>()
  .get('/', async (c) => c.json(await allPosts(getDb(c.env.DB))))
  .post('/', async (c) => {
    const input = parseInput(blogPostSchema, await readJsonObject(c.req.raw, MAX_BLOG_JSON_BYTES));
    return c.json(await createPost(getDb(c.env.DB), input, c.get('operator')?.email ?? ''), 201);
  })
  .put('/:id', async (c) => {
    const id = c.req.param('id');
    if (!ROW_ID_SHAPE.test(id)) throw postNotFound();
    const input = parseInput(blogPostSchema, await readJsonObject(c.req.raw, MAX_BLOG_JSON_BYTES));
    const post = await updatePost(getDb(c.env.DB), id, input);
    if (!post) throw postNotFound();
    return c.json(post);
  })
  .delete('/:id', async (c) => {
    const id = c.req.param('id');
    if (!ROW_ID_SHAPE.test(id) || !(await deletePost(getDb(c.env.DB), id))) throw postNotFound();
    return c.json({ deleted: true });
  });

/** Characters a feed is better without: control characters other than tab and line breaks (XML 1.0 forbids most). */
/** `/blog/rss.xml`: the newest published articles as RSS 2.0. */
export const blogFeed = new Hono<AppEnv>().get('/', async (c) => {
  const site = c.env.PUBLIC_SITE_URL.replace(/\/$/, '');
  const { posts } = await publishedPosts(getDb(c.env.DB), 1, 20);
  const items = posts.map(
    (post) => `    <item>
      <title>${escapeXml(post.title)}</title>
      <link>${escapeXml(`${site}/blog/${post.slug}`)}</link>
      <guid isPermaLink="true">${escapeXml(`${site}/blog/${post.slug}`)}</guid>
      <pubDate>${new Date(post.createdAt).toUTCString()}</pubDate>
      <description>${escapeXml(post.excerpt)}</description>
${post.tags.map((tag) => `      <category>${escapeXml(tag)}</category>`).join('\n')}
    </item>`,
  );
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${escapeXml(`${c.env.PRODUCT_NAME} – Blog`)}</title>
    <link>${escapeXml(`${site}/blog`)}</link>
    <atom:link href="${escapeXml(`${site}/blog/rss.xml`)}" rel="self" type="application/rss+xml"/>
    <description>${escapeXml(`${c.env.PRODUCT_NAME}: Neuigkeiten und Geschichten`)}</description>
    <language>de</language>
${items.join('\n')}
  </channel>
</rss>
`;
  return c.body(body, 200, { 'Content-Type': 'application/rss+xml; charset=utf-8', 'Cache-Control': 'public, max-age=300' });
});
