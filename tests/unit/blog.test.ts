import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { authorName, readingMinutes, slugify, splitTags, withLineBreaks } from '../../src/shared/blog';
import { blogPostSchema, MAX_SLUG_LENGTH } from '../../src/shared/schemas/blog';

describe('slugify (lowercased, punctuation removed, whitespace to hyphens, hyphens collapsed)', () => {
  it.each([
    ['Grüße aus dem Harz!', 'gruesse-aus-dem-harz'],
    ['ÄRGER über Öl und Straße', 'aerger-ueber-oel-und-strasse'],
    ['Café Crème à la carte', 'cafe-creme-a-la-carte'],
    ['  Viel   Platz\tund\nZeilen  ', 'viel-platz-und-zeilen'],
    ['Eins -- zwei - - drei', 'eins-zwei-drei'],
    ['-Rand-', 'rand'],
    ['Stein #1: 100 % (fast)?', 'stein-1-100-fast'],
    ['mein-artikel', 'mein-artikel'],
    ['!!!', ''],
    ['日本の石', ''],
  ])('%j → %j', (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });
});

describe('splitTags (split on commas, trimmed, empties dropped)', () => {
  it('splits, trims, drops empties and keeps each tag once in its first place', () => {
    expect(splitTags(' Harz,Wandern , ,Harz,, Sommer ')).toEqual(['Harz', 'Wandern', 'Sommer']);
  });

  it('makes no tag of an empty or blank field', () => {
    expect(splitTags('')).toEqual([]);
    expect(splitTags(' , ,')).toEqual([]);
  });
});

describe('readingMinutes (words / 200, rounded up)', () => {
  const words = (n: number) => Array.from({ length: n }, () => 'Wort').join(' ');

  it.each([
    [1, 1],
    [200, 1],
    [201, 2],
    [400, 2],
    [401, 3],
  ])('%i words take %i minute(s)', (n, minutes) => {
    expect(readingMinutes(words(n))).toBe(minutes);
  });

  it('counts words, not tags, and at least one minute', () => {
    expect(readingMinutes(`<p>${words(150)}</p><p><strong>${words(50)}</strong></p>`)).toBe(1);
    expect(readingMinutes(`<p>${words(150)}</p><p>${words(51)}</p>`)).toBe(2);
    expect(readingMinutes('<p></p>')).toBe(1);
  });
});

describe('authorName (the part of the e-mail before the @, else "Admin")', () => {
  it.each([
    ['anna.autorin@example.org', 'anna.autorin'],
    ['@example.org', 'Admin'],
    ['', 'Admin'],
    [null, 'Admin'],
    [undefined, 'Admin'],
  ])('%j → %j', (email, name) => {
    expect(authorName(email)).toBe(name);
  });
});

describe('withLineBreaks (line breaks shown as breaks)', () => {
  it('turns a line break in text into <br>, also from Windows line ends', () => {
    expect(withLineBreaks('<p>Erste Zeile\nzweite Zeile\r\ndritte</p>')).toBe('<p>Erste Zeile<br>zweite Zeile<br>dritte</p>');
    expect(withLineBreaks('eins\n\nzwei')).toBe('eins<br><br>zwei');
  });

  it('keeps line breaks between blocks as layout only', () => {
    expect(withLineBreaks('<h2>Titel</h2>\n<p>eins</p>\n\n<ul>\n  <li>a</li>\n</ul>\n')).toBe(
      '<h2>Titel</h2><p>eins</p><ul><li>a</li></ul>',
    );
  });
});

describe('blog post schema (the blog form)', () => {
  const valid = { title: 'Grüße aus dem Harz', excerpt: 'Kurz', content: '<p>Text</p>' };
  const parse = (input: Record<string, unknown>) => v.safeParse(blogPostSchema, { ...valid, ...input });
  const messages = (input: Record<string, unknown>) => {
    const result = parse(input);
    return result.success ? [] : result.issues.map((issue) => issue.message);
  };

  it('derives an empty slug from the title and tidies a typed one the same way', () => {
    const derived = parse({});
    expect(derived.success && derived.output.slug).toBe('gruesse-aus-dem-harz');
    const typed = parse({ slug: '  Mein Artikel! ' });
    expect(typed.success && typed.output.slug).toBe('mein-artikel');
  });

  it(`cuts a long slug to ${MAX_SLUG_LENGTH} characters without a hyphen at its end`, () => {
    const result = parse({ title: `${'a'.repeat(MAX_SLUG_LENGTH - 1)} b` });
    expect(result.success && result.output.slug).toBe('a'.repeat(MAX_SLUG_LENGTH - 1));
  });

  it('asks for title, summary and content with one message', () => {
    expect(messages({ title: ' ', excerpt: '', content: undefined })).toEqual([
      'server-owner.blog.required',
      'server-owner.blog.required',
      'server-owner.blog.required',
    ]);
  });

  it('takes tags as the form writes them or as a list, and defaults to a draft without image', () => {
    const fromText = parse({ tags: 'a, b,,a' });
    expect(fromText.success && fromText.output).toMatchObject({ tags: ['a', 'b'], published: false, featuredImage: '' });
    const fromList = parse({ tags: [' a ', '', 'b'] });
    expect(fromList.success && fromList.output.tags).toEqual(['a', 'b']);
  });

  it.each([
    ['https://bilder.example/stein.jpg', true],
    ['/photos/stein.jpg', true],
    ['', true],
    ['http://bilder.example/stein.jpg', false],
    ['//bilder.example/stein.jpg', false],
    ['/\\bilder.example/stein.jpg', false],
    ['https://bilder.example\\@andere.example/stein.jpg', false],
    ['javascript:alert(1)', false],
    ['data:image/png;base64,AAAA', false],
    ['https://', false],
  ])('featured image %j allowed: %s', (featuredImage, allowed) => {
    expect(parse({ featuredImage }).success).toBe(allowed);
  });
});
