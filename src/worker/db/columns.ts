import { finds, stones } from './schema';

/*
 * Column lists that several queries read, kept once so the views they feed cannot drift apart: a column added to
 * a view is added here, for every query that builds it.
 */

/**
 * A find as the public view and the find's own answer show it; `precision` decides how its place is shown (a find
 * whose precision was never stored shows it as the cron's review will store it: lib/legacy-place.ts shownPlace).
 */
export const FIND_COLUMNS = {
  id: finds.id,
  location: finds.location,
  latitude: finds.latitude,
  longitude: finds.longitude,
  comment: finds.comment,
  createdAt: finds.createdAt,
  flag: finds.flag,
  flagAccepted: finds.flagAccepted,
  kept: finds.kept,
  foundAgainAfterDays: finds.foundAgainAfterDays,
  precision: finds.precision,
};

/** What a write on a stone needs of it: its id, its code and title for the mails it causes, and its collection. */
export const STONE_REF_COLUMNS = { id: stones.id, code: stones.code, title: stones.title, collectionId: stones.collectionId };

/** A stone as its owner and the operator manage it: the reference, its creator and its features. */
export const MANAGED_STONE_COLUMNS = {
  ...STONE_REF_COLUMNS,
  creatorEmail: stones.creatorEmail,
  hasPhotos: stones.hasPhotos,
  hasStory: stones.hasStory,
};
