import * as v from 'valibot';
import { placeName } from '../place-name';
import { hasVisible, plainText } from './common';
import { MAX_GOAL_NOTE_LENGTH, MAX_LOCATION_LENGTH } from './limits';
import { roundPosition } from './precision';

/*
 * A stone's goal (decision record 042): a place, chosen as a find's place and kept at a town's precision (the
 * position to a tenth of a degree, the name without street, number or postcode), or a country; with a short note
 * ("Oma wollte immer ans Meer"). A counted find within GOAL_REACH_KM of the place, or in the country, reaches it.
 */

/** A find this near to a goal place (great-circle, km) reaches it. */
export const GOAL_REACH_KM = 25;

const note = v.pipe(
  v.optional(v.nullable(v.string('server-owner.goal.noteInvalid')), ''),
  v.transform((value) => (value ?? '').trim()),
  v.maxLength(MAX_GOAL_NOTE_LENGTH, 'server-owner.goal.noteTooLong'),
  plainText,
);

const degrees = (min: number, max: number) =>
  v.pipe(
    v.number('server-owner.goal.positionInvalid'),
    v.finite('server-owner.goal.positionInvalid'),
    v.minValue(min, 'server-owner.goal.positionInvalid'),
    v.maxValue(max, 'server-owner.goal.positionInvalid'),
  );

/** A goal place: where, its name, the note. Kept at a town's precision, whatever the owner's device sent. */
export const goalPlace = v.pipe(
  v.strictObject(
    {
      latitude: degrees(-90, 90),
      longitude: degrees(-180, 180),
      name: v.pipe(
        v.string('server-owner.goal.nameRequired'),
        v.trim(),
        v.nonEmpty('server-owner.goal.nameRequired'),
        v.check(hasVisible, 'server-owner.goal.nameRequired'),
        v.maxLength(MAX_LOCATION_LENGTH, 'server-owner.goal.nameTooLong'),
        plainText,
      ),
      note,
    },
    'server-owner.goal.invalid',
  ),
  v.transform((goal) => ({
    latitude: roundPosition(goal.latitude, 'town'),
    longitude: roundPosition(goal.longitude, 'town'),
    name: placeName(goal.name, 'town'),
    note: goal.note,
  })),
  v.check((goal) => goal.name !== '', 'server-owner.goal.nameOnlyStreet'),
);

/** A goal country: its ISO 3166-1 alpha-2 code (the Worker checks that its outlines know it) and the note. */
export const goalCountry = v.strictObject(
  {
    country: v.pipe(
      v.string('server-owner.goal.countryInvalid'),
      v.trim(),
      v.toUpperCase(),
      v.regex(/^[A-Z]{2}$/, 'server-owner.goal.countryInvalid'),
    ),
    note,
  },
  'server-owner.goal.invalid',
);

/** `goal` in an owner's change: a place, a country, or null to remove it. */
export const goalSchema = v.nullable(v.union([goalPlace, goalCountry], 'server-owner.goal.invalid'));

export type GoalInput = v.InferOutput<typeof goalSchema>;
