import { describe, expect, it } from 'vitest';
import { titlesFrom } from '../../src/client/features/collection/stone-titles';
import { collectionPath } from '../../src/shared/collection';
import { matchRoute, pathTo } from '../../src/shared/routes';
import { countryName } from '../../src/worker/geo/country-names';

describe("a collection's screens", () => {
  it('put the collection page where collectionPath says it is', () => {
    expect(pathTo('collection', { id: 'abcdefgh23' })).toBe(collectionPath('abcdefgh23'));
  });

  it('match a collection id in any case and redirect to its lowercase spelling', () => {
    expect(matchRoute('/sammlung/abcdefgh23')).toMatchObject({ name: 'collection', params: { id: 'abcdefgh23' } });
    expect(matchRoute('/sammlung/ABCDEFGH23').redirectTo).toBe('/sammlung/abcdefgh23');
    expect(matchRoute('/sammlung/abcdefgh23/etiketten')).toMatchObject({ name: 'collectionLabels', params: { id: 'abcdefgh23' } });
  });

  it('are not found for an id the alphabet cannot spell', () => {
    // 0, 1, i, l and o are left out of collection ids; 9 characters are too few.
    expect(matchRoute('/sammlung/abcdefgh20').name).toBe('notFound');
    expect(matchRoute('/sammlung/abcdefgh2').name).toBe('notFound');
  });

  it("keep the owner's token in a secret, disallowed address", () => {
    const match = matchRoute('/admin/sammlung/some-token');
    expect(match).toMatchObject({ name: 'collectionOwner', params: { ownerToken: 'some-token' } });
    expect(match.screen).toMatchObject({ secret: 'path', indexing: 'disallow' });
  });
});

describe("the countries a stone's or a collection's JSON names", () => {
  it("are named in the request's language", () => {
    expect(countryName('AT', 'de')).toBe('Österreich');
    expect(countryName('at', 'en')).toBe('Austria');
  });

  it('show an unknown code as itself instead of failing', () => {
    expect(countryName('XX', 'de')).toBe('XX');
    expect(countryName('not a code', 'en')).toBe('not a code');
  });
});

describe("a collection's stone titles, one per line", () => {
  it('leave every stone the default name when no line has a title', () => {
    expect(titlesFrom('', 3)).toBeUndefined();
    expect(titlesFrom('\n  \n', 3)).toBeUndefined();
  });

  it('give each stone its line, an empty one for a missing line, and drop lines beyond the count', () => {
    expect(titlesFrom('Am See\n\n Im Garten \nZu viel', 3)).toEqual(['Am See', '', 'Im Garten']);
    expect(titlesFrom('Nur einer', 2)).toEqual(['Nur einer', '']);
  });
});
