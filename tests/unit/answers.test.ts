/**
 * The public answers' valibot schemas (shared/schemas/answers.ts, which the OpenAPI document describes) are the
 * TypeScript shapes the Worker answers with (shared/types.ts): checked by the type checker (`npx tsc -b` fails here
 * when one changes without the other), and at run time on a sample of each.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { ApiAnswer } from '../../src/shared/api-table';
import type { FindAnswer, ManyFindsAnswer } from '../../src/shared/find-answer';
import type {
  collectionAnswer,
  findAnswerView,
  findPostAnswer,
  findsPageAnswer,
  geocodeAnswer,
  manyFindsAnswer,
  reportAnswer,
  reverseGeocodeAnswer,
  stoneAnswer,
  subscribeAnswer,
} from '../../src/shared/schemas/answers';
import { errorAnswer, statisticsAnswer } from '../../src/shared/schemas/answers';
import type { ApiErrorBody, CollectionView, FindsPage, FindView, Statistics, StoneView } from '../../src/shared/types';

/** Each type assignable to the other: the same JSON. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Out<S extends v.GenericSchema> = v.InferOutput<S>;

const same: {
  stone: Same<Out<typeof stoneAnswer>, StoneView>;
  find: Same<Out<typeof findAnswerView>, FindView>;
  findsPage: Same<Out<typeof findsPageAnswer>, FindsPage>;
  findPost: Same<Out<typeof findPostAnswer>, FindAnswer>;
  manyFinds: Same<Out<typeof manyFindsAnswer>, ManyFindsAnswer>;
  collection: Same<Out<typeof collectionAnswer>, CollectionView>;
  statistics: Same<Out<typeof statisticsAnswer>, Statistics>;
  error: Same<Out<typeof errorAnswer>, ApiErrorBody>;
  geocode: Same<Out<typeof geocodeAnswer>, ApiAnswer<'/api/geocode', 'GET'>>;
  reverse: Same<Out<typeof reverseGeocodeAnswer>, ApiAnswer<'/api/geocode/reverse', 'GET'>>;
  subscribe: Same<Out<typeof subscribeAnswer>, ApiAnswer<'/api/stones/:code/notifications', 'POST'>>;
  report: Same<Out<typeof reportAnswer>, ApiAnswer<'/api/stones/:code/finds/:findId/report', 'POST'>>;
} = {
  stone: true,
  find: true,
  findsPage: true,
  findPost: true,
  manyFinds: true,
  collection: true,
  statistics: true,
  error: true,
  geocode: true,
  reverse: true,
  subscribe: true,
  report: true,
};

describe('the public answers’ schemas', () => {
  it('are the shapes the Worker answers with', () => {
    expect(Object.values(same).every(Boolean)).toBe(true);
  });

  it('refuse what is not such an answer', () => {
    expect(v.is(statisticsAnswer, { totalDistance: 1, formattedDistance: '1,0 km', stoneCount: 1, findCount: 0 })).toBe(true);
    expect(v.is(statisticsAnswer, { totalDistance: '1' })).toBe(false);
    expect(v.is(errorAnswer, { error: { code: 'X', message: 'y' } })).toBe(true);
    expect(v.is(errorAnswer, { message: 'y' })).toBe(false);
  });
});
