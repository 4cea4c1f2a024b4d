import { readdirSync, readFileSync } from 'node:fs';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import en from '../../src/shared/i18n/en.json';
import findPlaceEn from '../../src/shared/i18n/find-place/en.json';
import { addStonesSchema, createCollectionSchema, MAX_COLLECTION_TITLE_LENGTH } from '../../src/shared/schemas/collection';
import { findSchema } from '../../src/shared/schemas/find';
import { MAX_COLLECTION_STONES, MAX_DEDICATION_LENGTH, MAX_STORY_LENGTH, MAX_TITLE_LENGTH } from '../../src/shared/schemas/limits';
import { operatorUpdateSchema } from '../../src/shared/schemas/operator';
import { ownerUpdateSchema } from '../../src/shared/schemas/owner';
import { stoneDataSchema } from '../../src/shared/schemas/payment';
import { createStoneSchema, stoneTitle } from '../../src/shared/schemas/stone';
import { subscriptionSchema } from '../../src/shared/schemas/subscription';

const messages = (result: v.SafeParseResult<v.GenericSchema>) => (result.success ? [] : result.issues.map((i) => i.message));

describe('create-collection schema', () => {
  const valid = { title: 'Für Oma Lisbeth', creatorEmail: 'family@example.org', count: 2 };

  it('gives every stone a title, empty for the default, as many as the count', () => {
    const result = v.safeParse(createCollectionSchema, { ...valid, titles: ['Rose'] });
    expect(result.success && result.output).toEqual({
      title: 'Für Oma Lisbeth',
      creatorEmail: 'family@example.org',
      dedication: null,
      recaptchaToken: '',
      titles: ['Rose', ''],
    });
    const fromTitles = v.safeParse(createCollectionSchema, { ...valid, count: undefined, titles: ['a', 'b', 'c'] });
    expect(fromTitles.success && fromTitles.output.titles).toEqual(['a', 'b', 'c']);
  });

  it(`takes 1 to ${MAX_COLLECTION_STONES} stones and at most as many titles as stones`, () => {
    expect(v.safeParse(createCollectionSchema, { ...valid, count: MAX_COLLECTION_STONES }).success).toBe(true);
    expect(messages(v.safeParse(createCollectionSchema, { ...valid, count: MAX_COLLECTION_STONES + 1 }))).toEqual([
      'stone-fields.count.invalid',
    ]);
    expect(messages(v.safeParse(createCollectionSchema, { ...valid, count: undefined }))).toEqual(['stone-fields.count.invalid']);
    expect(messages(v.safeParse(createCollectionSchema, { ...valid, count: 1, titles: ['a', 'b'] }))).toEqual([
      'stone-fields.titles.tooMany',
    ]);
    expect(messages(v.safeParse(addStonesSchema, { count: 0 }))).toEqual(['stone-fields.count.invalid']);
  });

  it(`limits the title to ${MAX_COLLECTION_TITLE_LENGTH} characters (room for " #50" within a stone title) and the dedication to ${MAX_DEDICATION_LENGTH}`, () => {
    expect(MAX_COLLECTION_TITLE_LENGTH + ' #50'.length).toBeLessThanOrEqual(MAX_TITLE_LENGTH);
    expect(v.safeParse(createCollectionSchema, { ...valid, title: 'x'.repeat(MAX_COLLECTION_TITLE_LENGTH) }).success).toBe(true);
    expect(messages(v.safeParse(createCollectionSchema, { ...valid, title: 'x'.repeat(MAX_COLLECTION_TITLE_LENGTH + 1) }))).toEqual([
      'stone-fields.collectionTitle.tooLong',
    ]);
    expect(v.safeParse(createCollectionSchema, { ...valid, dedication: 'x'.repeat(MAX_DEDICATION_LENGTH) }).success).toBe(true);
    expect(messages(v.safeParse(createCollectionSchema, { ...valid, dedication: 'x'.repeat(MAX_DEDICATION_LENGTH + 1) }))).toEqual([
      'stone-fields.dedication.tooLong',
    ]);
  });
});

describe('create-stone schema', () => {
  const valid = { creatorEmail: 'anna@example.org', title: 'Omas Stein' };

  it('accepts e-mail and title and defaults the rest', () => {
    const result = v.safeParse(createStoneSchema, valid);
    expect(result.success && result.output).toEqual({ ...valid, story: '', hasPhotos: false, hasStory: false, recaptchaToken: '' });
  });

  it('reads multipart flags', () => {
    const result = v.safeParse(createStoneSchema, { ...valid, hasPhotos: 'true', hasStory: 'false' });
    expect(result.success && [result.output.hasPhotos, result.output.hasStory]).toEqual([true, false]);
  });

  it('requires a title of at most 128 characters', () => {
    expect(messages(v.safeParse(createStoneSchema, { ...valid, title: '   ' }))).toEqual(['stone-fields.title.required']);
    expect(v.safeParse(createStoneSchema, { ...valid, title: 'x'.repeat(MAX_TITLE_LENGTH) }).success).toBe(true);
    expect(messages(v.safeParse(createStoneSchema, { ...valid, title: 'x'.repeat(MAX_TITLE_LENGTH + 1) }))).toEqual([
      'stone-fields.title.tooLong',
    ]);
  });

  it('limits the story to 5000 characters', () => {
    expect(messages(v.safeParse(createStoneSchema, { ...valid, story: 'x'.repeat(MAX_STORY_LENGTH + 1) }))).toEqual([
      'stone-fields.story.tooLong',
    ]);
  });

  it('requires a valid creator e-mail', () => {
    expect(messages(v.safeParse(createStoneSchema, { ...valid, creatorEmail: '' }))).toEqual(['core.email.required']);
    expect(messages(v.safeParse(createStoneSchema, { ...valid, creatorEmail: 'anna' }))).toEqual(['core.email.invalid']);
  });
});

describe('find schema', () => {
  it('parses coordinates given as numeric strings', () => {
    const result = v.safeParse(findSchema, { location: 'Berlin', latitude: '52.52', longitude: ' 13.405 ' });
    expect(result.success && result.output).toEqual({
      location: 'Berlin',
      latitude: 52.52,
      longitude: 13.405,
      comment: '',
      finderEmail: undefined,
      keep: false,
      countryCode: null,
      precision: 'exact',
    });
  });

  it('treats missing or empty coordinates as no position', () => {
    const result = v.safeParse(findSchema, { location: 'Berlin', latitude: '', longitude: null });
    expect(result.success && [result.output.latitude, result.output.longitude]).toEqual([null, null]);
  });

  it('requires a location', () => {
    expect(messages(v.safeParse(findSchema, { location: ' ' }))).toEqual(['find-place.location.required']);
    expect(findPlaceEn['find-place.location.required']).toBe('Location is required');
  });

  it.each([
    [{ latitude: 91, longitude: 0 }, 'find-place.latitude.invalid'],
    [{ latitude: 'north', longitude: 0 }, 'find-place.latitude.invalid'],
    [{ latitude: 0, longitude: -181 }, 'find-place.longitude.invalid'],
    [{ latitude: 10 }, 'find-place.position.incomplete'],
  ])('refuses the coordinates %j', (coords, message) => {
    expect(messages(v.safeParse(findSchema, { location: 'x', ...coords }))).toContain(message);
  });

  it('publishes no street, number or postcode for km and town, keeps the text for exact, and rounds both alike', () => {
    const find = { location: 'Kaiser-Joseph-Straße 167, 79098 Freiburg im Breisgau', latitude: 47.994937, longitude: 7.849572 };
    const at = (precision: string) => v.parse(findSchema, { ...find, precision });
    expect(at('km')).toMatchObject({ location: 'Freiburg im Breisgau', latitude: 47.99, longitude: 7.85 });
    expect(at('town')).toMatchObject({ location: 'Freiburg im Breisgau', latitude: 48, longitude: 7.8 });
    expect(at('exact')).toMatchObject({ location: find.location, latitude: find.latitude });
    // A position as the place (no name known) is rounded like the position.
    expect(v.parse(findSchema, { ...find, location: '47.99494, 7.84957', precision: 'town' }).location).toBe('48.0, 7.8');
  });

  it('refuses a place of only a street, a number or a postcode at km and town, with the location as its field', () => {
    const result = v.safeParse(findSchema, { location: 'Hauptstraße 5, 79098', precision: 'town' });
    expect(result.success).toBe(false);
    expect(result.issues?.map((issue) => [v.getDotPath(issue), issue.message])).toEqual([['location', 'find-place.location.onlyStreet']]);
    expect(v.safeParse(findSchema, { location: 'Hauptstraße 5, 79098', precision: 'exact' }).success).toBe(true);
  });

  it('accepts an empty finder e-mail and refuses an invalid one', () => {
    expect(v.safeParse(findSchema, { location: 'x', finderEmail: '' }).success).toBe(true);
    expect(messages(v.safeParse(findSchema, { location: 'x', finderEmail: 'nope' }))).toEqual(['core.email.invalid']);
  });
});

describe('texts people write (titles, stories, locations, comments)', () => {
  const stone = { creatorEmail: 'anna@example.org', title: 'Omas Stein' };
  const buyer = { creatorEmail: 'anna@example.org', title: 'Omas Stein', story: '' };
  const parse = {
    title: (title: string) => messages(v.safeParse(createStoneSchema, { ...stone, title })),
    creatorStepTitle: (title: string) => messages(v.safeParse(stoneTitle, title)),
    paidTitle: (title: string) => messages(v.safeParse(stoneDataSchema, { ...buyer, title })),
    ownerTitle: (title: string) => messages(v.safeParse(ownerUpdateSchema, { title })),
    story: (story: string) => messages(v.safeParse(createStoneSchema, { ...stone, story })),
    paidStory: (story: string) => messages(v.safeParse(stoneDataSchema, { ...buyer, story })),
    ownerStory: (story: string) => messages(v.safeParse(ownerUpdateSchema, { story })),
    operatorTitle: (title: string) => messages(v.safeParse(operatorUpdateSchema, { title })),
    operatorStory: (story: string) => messages(v.safeParse(operatorUpdateSchema, { story })),
    location: (location: string) => messages(v.safeParse(findSchema, { location })),
    comment: (comment: string) => messages(v.safeParse(findSchema, { location: 'Kiel', comment })),
  };

  // A lone surrogate cannot be stored as UTF-8 (the database would keep U+FFFD instead); NUL and other control
  // characters are invisible and end strings in many readers.
  it.each(Object.entries(parse))('%s: refuses ill-formed Unicode and control characters', (_, check) => {
    for (const odd of ['a\uD800b', 'a\uDFFFb', 'x\uDC00\uD800y', 'a\u0000b', 'a\u0007b', 'a\u001Bb', 'a\u007Fb', 'a\u0085b']) {
      expect(check(odd), JSON.stringify(odd)).toEqual(['core.text.invalidCharacters']);
    }
  });

  it.each(Object.entries(parse))('%s: keeps emoji, umlauts, tabs and line breaks', (_, check) => {
    expect(check('Grüße 🪨\tvon\r\nder Ostsee')).toEqual([]);
  });

  it('counts a title or location of only invisible characters as missing', () => {
    expect(parse.title('\u200B\u200B')).toEqual(['stone-fields.title.required']);
    expect(parse.creatorStepTitle('\u200B\u200B')).toEqual(['stone-fields.title.required']);
    expect(parse.paidTitle('\u200B\u2060')).toEqual(['stone-fields.title.required']);
    expect(parse.ownerTitle('\u200B')).toEqual(['stone-fields.title.required']);
    expect(parse.operatorTitle('\u200B')).toEqual(['stone-fields.title.required']);
    expect(parse.location('\u200D\u200C')).toEqual(['find-place.location.required']);
  });

  // The creator's first step once had its own copy without the invisible-characters rule: the paid path then threw.
  it('checks a new title with one schema: the creator’s first step, a free stone and a paid stone’s order', () => {
    expect(createStoneSchema.entries.title).toBe(stoneTitle);
    expect(stoneDataSchema.entries.title).toBe(stoneTitle);
  });
});

describe('subscription schema', () => {
  it('requires an e-mail address', () => {
    expect(messages(v.safeParse(subscriptionSchema, { email: '' }))).toEqual(['core.email.required']);
    expect(en['core.email.required']).toBe('Email address is required');
  });

  it.each([
    "o'brien@example.ie",
    'fan@xn--mller-kva.de',
    'fan@example.xn--p1ai',
    'anna+stein@a--b.de',
    'anna@müller.de',
    '  trimmed@example.org  ',
  ])('accepts the real address %j (spec: it must contain "@")', (email) => {
    expect(v.safeParse(subscriptionSchema, { email }).success).toBe(true);
  });

  it.each([
    'anna',
    'anna@',
    '@example.org',
    'a@b@example.org',
    'a b@example.org',
    'a@example.org\r\nBcc: x@example.org',
    'Fan <fan@example.org>',
    'a@x.org,b@y.org',
    'a\u0000@example.org',
    'a\u0085b@example.org',
    'a\u200b@example.org',
    'fan@example.org\u202e',
    'a\u00a0b@example.org',
  ])('refuses %j, which cannot be one mailbox', (email) => {
    expect(messages(v.safeParse(subscriptionSchema, { email }))).toEqual(['core.email.invalid']);
  });
});

/** Every catalog folder: the interface core, each feature namespace, the Worker's own texts. */
function catalogFolders(): string[] {
  const namespaces = readdirSync('src/shared/i18n', { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `src/shared/i18n/${entry.name}`);
  return ['src/shared/i18n', ...namespaces, 'src/worker/i18n'];
}
/** Every interface text of one language (core and namespaces). */
const all = (locale: string) =>
  Object.assign(
    {},
    ...catalogFolders()
      .filter((folder) => !folder.startsWith('src/worker'))
      .map((folder) => JSON.parse(readFileSync(`${folder}/${locale}.json`, 'utf8')) as Record<string, string>),
  ) as Record<string, string>;

// That every catalog has the German keys in every language, and each key one home: tests/unit/catalogs.test.ts.
describe('message catalogs', () => {
  it('translate every validation message a schema can produce', () => {
    const ids = [
      'core.email.required',
      'core.email.invalid',
      'core.email.tooLong',
      'stone-fields.title.required',
      'stone-fields.title.tooLong',
      'stone-fields.story.tooLong',
      'find-place.location.required',
      'find-place.location.tooLong',
      'find-place.latitude.invalid',
      'find-place.longitude.invalid',
      'find-place.position.incomplete',
      'find-place.comment.tooLong',
      'creation.recaptcha.invalid',
    ];
    // A namespace's texts count too: recaptcha.invalid is the creator's (namespace creation).
    for (const id of ids) {
      expect(all('en')).toHaveProperty([id]);
      expect(all('de')).toHaveProperty([id]);
    }
  });

  it('carry the spec texts', () => {
    const texts = all('en');
    expect(texts['find-dialog.code.invalid.text']).toBe('The code must be in the format XXX-XXX-XXX (e.g. ABC-123-DEF).');
    expect(texts['core.stone.notFound.text']).toBe('No stone found with this code. Please check the code and try again.');
    expect(texts['stone.find.success']).toBe('Find added successfully!');
    expect(texts['stone.find.error']).toBe('Error adding find');
    expect(texts['stone-aside.subscribe.success']).toBe('Successfully subscribed to notifications!');
    expect(texts['stone-aside.subscribe.error']).toBe('Error subscribing to notifications');
    expect(texts['core.stone.photoUnavailable']).toBe('Photo not available');
    expect(texts['core.stone.photosPending']).toBe('Photos are available for this premium stone, but not yet uploaded.');
    expect(texts['core.notFound.title']).toBe('Page Not Found');
    expect(all('de')['geo.error.title']).toBe('Standort-Fehler');
  });
});
