import { describe, expect, it } from 'vitest';
import type { AdminBlogPost, BlogPostSummary, BlogPostView } from '../../src/shared/types';
import { call, expectApiError } from '../support/factory';
import { operatorToken } from '../support/operator';

const article = {
  title: 'Grüße aus dem Harz!',
  excerpt: 'Ein Stein reist durch den Harz.',
  content: '<p>Erster Absatz</p>\n<p>Zweiter Absatz mit <strong>Fett</strong></p>',
  tags: 'Harz,  Wandern , ,Harz',
  published: true,
};

/** Spec §6: the blog admin sends the token without "Bearer". */
function asOperator(token: string, method: string, path: string, body?: unknown) {
  return call(path, {
    method,
    headers: { authorization: token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? null : JSON.stringify(body),
  });
}

async function create(token: string, fields: Record<string, unknown> = {}): Promise<AdminBlogPost> {
  const res = await asOperator(token, 'POST', '/api/admin/blog', { ...article, ...fields });
  expect(res.status).toBe(201);
  return res.json<AdminBlogPost>();
}

describe('the operator writes articles', () => {
  it('creates an article with the slug from the title, tags split as the form writes them, the operator as author', async () => {
    const token = await operatorToken('redaktion@example.org');
    expect(await create(token)).toEqual({
      id: expect.any(String),
      title: 'Grüße aus dem Harz!',
      slug: 'gruesse-aus-dem-harz',
      excerpt: 'Ein Stein reist durch den Harz.',
      content: article.content,
      tags: ['Harz', 'Wandern'],
      featuredImage: null,
      published: true,
      authorEmail: 'redaktion@example.org',
      createdAt: expect.any(String),
      updatedAt: null,
    });
  });

  it('takes the bearer form of the token too, and refuses a missing or wrong token', async () => {
    const token = await operatorToken();
    expect((await call('/api/admin/blog', { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    await expectApiError(await call('/api/admin/blog'), 401, 'UNAUTHORIZED');
    await expectApiError(await asOperator('x.y.z', 'POST', '/api/admin/blog', article), 401, 'UNAUTHORIZED');
  });

  it('asks for title, summary and content with the spec message, and refuses a second article under a taken slug', async () => {
    const token = await operatorToken();
    const missing = await expectApiError(
      await asOperator(token, 'POST', '/api/admin/blog', { title: 'Nur ein Titel' }),
      400,
      'VALIDATION_ERROR',
    );
    expect(missing.details).toEqual({ excerpt: 'Please fill in all required fields.', content: 'Please fill in all required fields.' });
    await create(token, { slug: 'mein-artikel' });
    const clash = await expectApiError(
      await asOperator(token, 'POST', '/api/admin/blog', { ...article, slug: 'Mein Artikel' }),
      409,
      'SLUG_TAKEN',
    );
    expect(clash.message).toBe('The slug “mein-artikel” is already taken. Please choose another.');
  });

  it.each([
    ['an http image', { featuredImage: 'http://example.org/a.jpg' }],
    ['a javascript: image', { featuredImage: 'javascript:alert(1)' }],
    ['an image on another site without a scheme', { featuredImage: '//evil.example/a.jpg' }],
    ['eleven tags', { tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }],
    ['a title of punctuation only and no slug', { title: '!!!', slug: '' }],
    ['a title over 200 characters', { title: 'x'.repeat(201) }],
    ['published as text', { published: 'yes' }],
  ])('refuses %s', async (_, fields) => {
    const token = await operatorToken();
    await expectApiError(await asOperator(token, 'POST', '/api/admin/blog', { ...article, ...fields }), 400, 'VALIDATION_ERROR');
    expect(await (await asOperator(token, 'GET', '/api/admin/blog')).json()).toEqual([]);
  });

  it('updates, unpublishes and deletes an article; readers see each change', async () => {
    const token = await operatorToken();
    const post = await create(token, { featuredImage: '/favicon.svg' });
    const updated = await asOperator(token, 'PUT', `/api/admin/blog/${post.id}`, {
      ...article,
      title: 'Neuer Titel',
      slug: 'harz',
      published: false,
    });
    expect(await updated.json()).toMatchObject({
      title: 'Neuer Titel',
      slug: 'harz',
      published: false,
      featuredImage: null,
      updatedAt: expect.any(String),
    });
    await expectApiError(await call('/api/blog/harz'), 404, 'BLOG_POST_NOT_FOUND');
    expect(await (await call('/api/blog')).json()).toEqual([]);

    await asOperator(token, 'PUT', `/api/admin/blog/${post.id}`, { ...article, slug: 'harz' });
    expect((await call('/api/blog/harz')).status).toBe(200);
    expect(await (await asOperator(token, 'DELETE', `/api/admin/blog/${post.id}`)).json()).toEqual({ deleted: true });
    await expectApiError(await call('/api/blog/harz'), 404, 'BLOG_POST_NOT_FOUND');
    await expectApiError(await asOperator(token, 'DELETE', `/api/admin/blog/${post.id}`), 404, 'BLOG_POST_NOT_FOUND');
    await expectApiError(await asOperator(token, 'PUT', `/api/admin/blog/${post.id}`, article), 404, 'BLOG_POST_NOT_FOUND');
  });
});

describe('readers', () => {
  it('see published articles only, newest first, with the author as a name and no address', async () => {
    const token = await operatorToken('anna.autorin@example.org');
    await create(token, { title: 'Erster', slug: 'erster' });
    await create(token, { title: 'Entwurf', slug: 'entwurf', published: false });
    await create(token, { title: 'Zweiter', slug: 'zweiter', content: `<p>${'Wort '.repeat(401)}</p>` });
    const res = await call('/api/blog');
    const list = await res.json<BlogPostSummary[]>();
    expect(list.map((post) => post.title)).toEqual(['Zweiter', 'Erster']);
    expect(res.headers.get('x-total-count')).toBe('2');
    expect(list[0]).toEqual({
      id: expect.any(String),
      title: 'Zweiter',
      slug: 'zweiter',
      excerpt: article.excerpt,
      tags: ['Harz', 'Wandern'],
      featuredImage: null,
      author: 'anna.autorin',
      readingMinutes: 3,
      createdAt: expect.any(String),
    });
    expect(JSON.stringify(list)).not.toContain('@');
    await expectApiError(await call('/api/blog/entwurf'), 404, 'BLOG_POST_NOT_FOUND');
    const post = await (await call('/api/blog/ERSTER')).json<BlogPostView>();
    expect(post).toMatchObject({ title: 'Erster', content: article.content, author: 'anna.autorin', readingMinutes: 1 });
  });

  it('get an RSS feed of the published articles with every text escaped', async () => {
    const token = await operatorToken();
    await create(token, { title: 'Tom & Jerry <3', slug: 'tom-und-jerry' });
    await create(token, { title: 'Geheim', slug: 'geheim', published: false });
    const res = await call('/blog/rss.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    const feed = await res.text();
    expect(feed).toContain('<title>Tom &amp; Jerry &lt;3</title>');
    expect(feed).toContain('<link>https://reisesteine.test/blog/tom-und-jerry</link>');
    expect(feed).not.toContain('Geheim');
  });

  it('get the article page server-rendered with its head and structured data, and a 404 page for an unknown slug', async () => {
    const token = await operatorToken();
    await create(token, { title: 'Ein Artikel', slug: 'ein-artikel', featuredImage: 'https://bilder.example/stein.jpg' });
    const page = await call('/blog/ein-artikel', { headers: { accept: 'text/html', 'accept-language': 'de' } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<title>Ein Artikel – Reisesteine</title>');
    expect(html).toContain('<meta property="og:type" content="article"/>');
    expect(html).toContain('<meta property="og:image" content="https://bilder.example/stein.jpg"/>');
    expect(html).toContain('<p>Erster Absatz</p><p>Zweiter Absatz mit <strong>Fett</strong></p>');
    const structured = JSON.parse(html.match(/<script type="application\/ld\+json">([^<]*)<\/script>/)?.[1] ?? 'null');
    expect(structured).toMatchObject({
      '@type': 'BlogPosting',
      headline: 'Ein Artikel',
      author: { '@type': 'Person', name: 'admin' },
      image: 'https://bilder.example/stein.jpg',
      mainEntityOfPage: 'https://reisesteine.test/blog/ein-artikel',
    });
    const missing = await call('/blog/gibt-es-nicht', { headers: { accept: 'text/html', 'accept-language': 'de' } });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Blog-Artikel nicht gefunden');
  });
});
