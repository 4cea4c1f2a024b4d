import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import {
  MAX_BLOG_CONTENT_LENGTH,
  MAX_BLOG_EXCERPT_LENGTH,
  MAX_BLOG_JSON_BYTES,
  MAX_BLOG_TITLE_LENGTH,
  MAX_IMAGE_URL_LENGTH,
  MAX_SLUG_LENGTH,
  MAX_TAG_LENGTH,
  MAX_TAGS,
} from '../../src/shared/schemas/blog';
import type { BlogPostSummary, BlogPostView, OperatorBlogPost } from '../../src/shared/types';
import { call, expectApiError } from '../support/factory';
import { operatorToken } from '../support/operator';

const article = {
  title: 'Grüße aus dem Harz!',
  excerpt: 'Ein Stein reist durch den Harz.',
  content: '<p>Erster Absatz</p>\n<p>Zweiter Absatz mit <strong>Fett</strong></p>',
  tags: 'Harz,  Wandern , ,Harz',
  published: true,
};

/** The blog admin sends the token without "Bearer". */
function asOperator(token: string, method: string, path: string, body?: unknown) {
  return call(path, {
    method,
    headers: { authorization: token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? null : JSON.stringify(body),
  });
}

async function create(token: string, fields: Record<string, unknown> = {}): Promise<OperatorBlogPost> {
  const res = await asOperator(token, 'POST', '/api/admin/blog', { ...article, ...fields });
  expect(res.status).toBe(201);
  return res.json<OperatorBlogPost>();
}

/** Dates an article `daysAgo` days back, so "newest first" does not depend on two requests' milliseconds. */
async function backdate(slug: string, daysAgo: number) {
  await env.DB.prepare('UPDATE blog_posts SET created_at = ? WHERE slug = ?')
    .bind(Date.now() - daysAgo * 86_400_000, slug)
    .run();
}

async function storedArticles() {
  const { results } = await env.DB.prepare('SELECT id, title, slug, content, published, updated_at FROM blog_posts ORDER BY id').all();
  return results;
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

describe('the operator routes', () => {
  it.each([
    ['GET', '/api/admin/blog'],
    ['POST', '/api/admin/blog'],
    ['PUT', '/api/admin/blog/ARTICLE'],
    ['DELETE', '/api/admin/blog/ARTICLE'],
  ])('%s %s refuses a request without a token, with a forged one and with an empty one, changing nothing', async (method, path) => {
    const token = await operatorToken();
    const post = await create(token, { published: false });
    const before = await storedArticles();
    const address = path.replace('ARTICLE', post.id);
    const body = method === 'POST' || method === 'PUT' ? { ...article, title: 'Fremd' } : undefined;
    const send = (authorization?: string) =>
      call(address, {
        method,
        headers: {
          ...(authorization === undefined ? {} : { authorization }),
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : null,
      });
    await expectApiError(await send(), 401, 'UNAUTHORIZED');
    await expectApiError(await send(`${token.slice(0, -4)}AAAA`), 401, 'UNAUTHORIZED');
    await expectApiError(await send('Bearer '), 401, 'UNAUTHORIZED');
    await expectApiError(await send(`Basic ${btoa('admin@example.org:passwort')}`), 401, 'UNAUTHORIZED');
    expect(await storedArticles()).toEqual(before);
  });

  it('take the token bare (as the blog admin sends it) and as a bearer token on every write', async () => {
    const token = await operatorToken();
    const bearer = `Bearer ${token}`;
    const created = await asOperator(bearer, 'POST', '/api/admin/blog', article);
    expect(created.status).toBe(201);
    const post = await created.json<OperatorBlogPost>();
    expect((await asOperator(token, 'PUT', `/api/admin/blog/${post.id}`, { ...article, title: 'Roh' })).status).toBe(200);
    expect((await asOperator(bearer, 'PUT', `/api/admin/blog/${post.id}`, { ...article, title: 'Bearer' })).status).toBe(200);
    expect((await asOperator(token, 'GET', '/api/admin/blog')).status).toBe(200);
    expect((await asOperator(bearer, 'DELETE', `/api/admin/blog/${post.id}`)).status).toBe(200);
    expect(await storedArticles()).toEqual([]);
  });

  it('list drafts and published articles for the operator, with the author address and the stored (sanitised) HTML', async () => {
    const token = await operatorToken('redaktion@example.org');
    await create(token, {
      title: 'Entwurf',
      slug: 'entwurf',
      published: false,
      content: '<p onclick="alert(1)">Text</p><script>x()</script>',
    });
    await create(token, { title: 'Öffentlich', slug: 'oeffentlich' });
    await backdate('entwurf', 1);
    const list = await (await asOperator(token, 'GET', '/api/admin/blog')).json<OperatorBlogPost[]>();
    expect(list.map((post) => [post.title, post.published, post.authorEmail])).toEqual([
      ['Öffentlich', true, 'redaktion@example.org'],
      ['Entwurf', false, 'redaktion@example.org'],
    ]);
    expect(list[1]?.content).toBe('<p>Text</p>');
  });

  it("refuses to move an article onto another one's slug, and leaves both as they were", async () => {
    const token = await operatorToken();
    await create(token, { title: 'Erster', slug: 'erster' });
    const second = await create(token, { title: 'Zweiter', slug: 'zweiter' });
    const before = await storedArticles();
    const clash = await expectApiError(
      await asOperator(token, 'PUT', `/api/admin/blog/${second.id}`, { ...article, title: 'Erster!' }),
      409,
      'SLUG_TAKEN',
    );
    expect(clash.message).toBe('The slug “erster” is already taken. Please choose another.');
    expect(await storedArticles()).toEqual(before);
    // Saving an article under its own slug is no clash.
    expect((await asOperator(token, 'PUT', `/api/admin/blog/${second.id}`, { ...article, slug: 'zweiter' })).status).toBe(200);
  });

  it('says what is missing in German to a German operator', async () => {
    const token = await operatorToken();
    const res = await call('/api/admin/blog', {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json', 'accept-language': 'de-DE' },
      body: JSON.stringify({ title: '', excerpt: '', content: '' }),
    });
    const error = await expectApiError(res, 400, 'VALIDATION_ERROR');
    expect(error.message).toBe('Bitte füllen Sie alle Pflichtfelder aus.');
    expect(await storedArticles()).toEqual([]);
  });

  it.each([
    ['a body that is no JSON object', 'application/json', '["title"]', 400, 'INVALID_JSON'],
    ['a body that is no JSON', 'application/json', 'title=x', 400, 'INVALID_JSON'],
    ['JSON sent as text/plain', 'text/plain', JSON.stringify(article), 415, 'UNSUPPORTED_MEDIA_TYPE'],
    [
      'content one character over the limit',
      'application/json',
      JSON.stringify({ ...article, content: 'x'.repeat(MAX_BLOG_CONTENT_LENGTH + 1) }),
      400,
      'VALIDATION_ERROR',
    ],
    [
      'a body over the size limit',
      'application/json',
      JSON.stringify({ ...article, padding: ' '.repeat(MAX_BLOG_JSON_BYTES) }),
      413,
      'PAYLOAD_TOO_LARGE',
    ],
  ])('refuses %s', async (_, type, body, status, code) => {
    const token = await operatorToken();
    const res = await call('/api/admin/blog', { method: 'POST', headers: { authorization: token, 'content-type': type }, body });
    await expectApiError(res, status, code);
    expect(await storedArticles()).toEqual([]);
  });

  it('takes an article at every length limit, written in characters that take the most bytes in JSON', async () => {
    const token = await operatorToken();
    // "€" is 3 bytes in UTF-8, a quote 2 once escaped: the body is far larger than the character count.
    const longest = (length: number) => '€"'.repeat(length / 2).slice(0, length);
    const post = await create(token, {
      title: longest(MAX_BLOG_TITLE_LENGTH),
      slug: 'a'.repeat(MAX_SLUG_LENGTH),
      excerpt: longest(MAX_BLOG_EXCERPT_LENGTH),
      content: longest(MAX_BLOG_CONTENT_LENGTH),
      tags: Array.from({ length: MAX_TAGS }, (_, i) => `${i}${'€'.repeat(MAX_TAG_LENGTH - 1)}`),
      featuredImage: `https://bilder.example/${'a'.repeat(MAX_IMAGE_URL_LENGTH - 23)}`,
    });
    expect(post.content).toBe(longest(MAX_BLOG_CONTENT_LENGTH));
    expect(post.tags).toHaveLength(MAX_TAGS);
  });
});

describe('readers', () => {
  it('page through the published articles newest first, with the count in X-Total-Count', async () => {
    const token = await operatorToken();
    for (const [i, slug] of ['eins', 'zwei', 'drei'].entries()) {
      await create(token, { title: slug, slug });
      await backdate(slug, 10 - i);
    }
    await create(token, { title: 'Entwurf', slug: 'entwurf', published: false });
    const page = async (query: string) => {
      const res = await call(`/api/blog${query}`);
      expect(res.status).toBe(200);
      return { slugs: (await res.json<BlogPostSummary[]>()).map((post) => post.slug), total: res.headers.get('x-total-count') };
    };
    expect(await page('?pageSize=2')).toEqual({ slugs: ['drei', 'zwei'], total: '3' });
    expect(await page('?pageSize=2&page=2')).toEqual({ slugs: ['eins'], total: '3' });
    expect(await page('?pageSize=2&page=3')).toEqual({ slugs: [], total: '3' });
  });

  it.each(['?page=0', '?page=-1', '?page=x', '?pageSize=51', '?pageSize=0', '?page=1.5'])('refuses the list query %s', async (query) => {
    await expectApiError(await call(`/api/blog${query}`), 400, 'VALIDATION_ERROR');
  });

  it.each([
    ['an over-long slug', 'a'.repeat(101)],
    ['a slug with characters no slug has', 'gr%C3%BC%C3%9Fe'],
    ['a slug with a dot', 'erster.html'],
  ])('get 404 for %s', async (_, slug) => {
    await expectApiError(await call(`/api/blog/${slug}`), 404, 'BLOG_POST_NOT_FOUND');
  });

  it('see published articles only, newest first, with the author as a name and no address', async () => {
    const token = await operatorToken('anna.autorin@example.org');
    await create(token, { title: 'Erster', slug: 'erster' });
    await create(token, { title: 'Entwurf', slug: 'entwurf', published: false });
    await create(token, { title: 'Zweiter', slug: 'zweiter', content: `<p>${'Wort '.repeat(401)}</p>` });
    await backdate('erster', 2);
    await backdate('zweiter', 1);
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
    expect(feed).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);
  });

  it('get a feed that stays well-formed XML whatever the operator typed', async () => {
    const token = await operatorToken();
    await create(token, { title: 'Glocke\u0007 ]]> </title>', slug: 'glocke', excerpt: 'Halb\uffff & ganz 🪨', tags: 'a\u0000b, <c>' });
    const feed = await (await call('/blog/rss.xml')).text();
    expect(feed).toContain('<title>Glocke ]]&gt; &lt;/title&gt;</title>');
    expect(feed).toContain('<description>Halb &amp; ganz 🪨</description>');
    expect(feed).toContain('<category>ab</category>');
    expect(feed).toContain('<category>&lt;c&gt;</category>');
    // No character XML 1.0 forbids.
    expect(feed).not.toMatch(/[^\P{Cc}\t\n\r]/u);
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

describe('the blog pages', () => {
  const html = async (path: string) => {
    const res = await call(path, { headers: { accept: 'text/html', 'accept-language': 'de-DE' } });
    return { status: res.status, text: await res.text() };
  };
  const headOf = (page: string) => page.slice(0, page.indexOf('</head>'));

  it('/blog is rendered with its cards, its head and a link to the feed', async () => {
    const token = await operatorToken('anna.autorin@example.org');
    await create(token, {
      title: 'Steine <am> Rhein',
      slug: 'steine-am-rhein',
      tags: 'eins, zwei, drei, vier, fünf',
      featuredImage: '/photos/rhein.jpg',
    });
    const { status, text } = await html('/blog');
    expect(status).toBe(200);
    const head = headOf(text);
    expect(head).toContain('<title>Blog – Reisesteine</title>');
    expect(head).toContain('<meta name="description" content="Geschichten von Reisesteinen, Tipps zum Bemalen und Neuigkeiten."/>');
    expect(head).toContain('<link rel="alternate" type="application/rss+xml" title="Reisesteine – Blog" href="/blog/rss.xml"/>');
    expect(head).toContain('<meta property="og:type" content="website"/>');
    expect(head).not.toContain('noindex');
    expect(text).toContain('Steine &lt;am&gt; Rhein');
    expect(text).toContain('<img src="/photos/rhein.jpg"');
    expect(text).toContain('von anna.autorin<');
    expect(text).not.toContain('anna.autorin@example.org');
    // Three tags and the rest counted.
    expect(text).toMatch(/>eins<\/li>.*>zwei<\/li>.*>drei<\/li>.*>\+2<\/li>/s);
    expect(text).not.toContain('>vier<');
  });

  it('/blog says so when nothing is published yet', async () => {
    const token = await operatorToken();
    await create(token, { published: false });
    const { status, text } = await html('/blog');
    expect(status).toBe(200);
    expect(text).toContain('Noch keine Artikel veröffentlicht.');
  });

  it('an article page shows date, author, reading time and its tags; a draft is not found', async () => {
    const token = await operatorToken('redaktion@example.org');
    await create(token, { slug: 'lesezeit', content: `<p>${'Wort '.repeat(201)}</p>`, tags: 'a, b, c, d' });
    await create(token, { slug: 'entwurf', published: false });
    const { text } = await html('/blog/lesezeit');
    expect(text).toContain('von redaktion<');
    expect(text).toContain('2 Minuten Lesezeit');
    expect(text).toMatch(/>a<\/li>.*>b<\/li>.*>c<\/li>.*>d<\/li>/s);
    const draft = await html('/blog/entwurf');
    expect(draft.status).toBe(404);
    expect(headOf(draft.text)).toContain('<meta name="robots" content="noindex"/>');
    expect(draft.text).toContain('Blog-Artikel nicht gefunden');
  });

  it('/admin/blog is named for what it is and stays out of the index', async () => {
    const { status, text } = await html('/admin/blog');
    expect(status).toBe(200);
    const head = headOf(text);
    expect(head).toContain('<title>Blog verwalten – Reisesteine</title>');
    expect(head).toContain('<meta name="robots" content="noindex"/>');
  });
});
