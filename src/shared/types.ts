import type { FindPhoto, OwnerFindPhoto } from './find-photo';
import type { CountryReached, JourneyMonth } from './journey-view';
import type { OwnerNotify } from './schemas/notify';

export type { BlogPostSummary, BlogPostView, OperatorBlogPost } from './blog-types';
export type { FindPhoto, FindPhotoStatus, OwnerFindPhoto } from './find-photo';
export type { GoalReached, StoneGoal } from './goal-view';
export type { CountryReached, JourneyMonth } from './journey-view';
export type { ReportedFind } from './moderation-types';
/**
 * Why a find looks implausible: `speed` (it would mean travelling faster than 1 000 km/h since the previous
 * counted position) or `repeat` (the same client logged the same stone within the hour).
 */
export type FindFlag = 'speed' | 'repeat';

/**
 * Where a stone is as far as anyone knows: `travelling` (the default), `resting` (a finder keeps it for a while,
 * until its next find), `missing` (not found for MISSING_AFTER_DAYS, or its owner or the operator says so).
 */
export type StoneStatus = 'travelling' | 'resting' | 'missing';

/** The memorial collection a stone belongs to, as its public JSON and page name it. */
export interface CollectionRef {
  id: string;
  title: string;
  /** The collection's page, on the serving origin. */
  url: string;
}

/** The public view of a find: never the finder's e-mail. */
export interface FindView {
  id: string;
  location: string;
  latitude: number | null;
  longitude: number | null;
  comment: string;
  createdAt: string;
  /** Flagged as implausible and not yet accepted by the owner or the operator: not part of the distance. */
  pending: boolean;
  /** The finder keeps the stone for a while (the stone was `resting` after this find). */
  kept: boolean;
  /** The stone was missing and this find found it again after this many days; null otherwise. */
  foundAgainAfterDays: number | null;
  /** The finder's photo once the owner approved it; null without one, or while it waits. */
  photo: FindPhoto | null;
}

/** The public view of a stone, as `GET /api/stones/{code}` returns it. */
export interface StoneView {
  id: string;
  code: string;
  title: string;
  story: string | null;
  hasPhotos: boolean;
  hasStory: boolean;
  isPaid: boolean;
  photos: string[];
  createdAt: string;
  qrCodeUrl: string;
  /** The newest public finds (at most STONE_FINDS_EMBEDDED, 50) in journey order: bounded however many there are. */
  finds: FindView[];
  /** Every public find (flagged ones included, hidden ones not): `finds` holds the newest of them. */
  findCount: number;
  /** The address (absolute) of the FindsPage before the oldest in `finds`; null when `finds` holds every one. */
  olderFinds: string | null;
  /**
   * The line of the whole journey: [latitude, longitude] of every counted public find with a position, in order,
   * as each find publishes it (rounded to its finder's precision when it was stored).
   */
  journey: Array<[latitude: number, longitude: number]>;
  /** The countries its counted finds with a position are in, in the order first reached (decision record 041). */
  countries: CountryReached[];
  /** Where it was last seen: its newest counted public find, which `finds` need not hold (null before the first). */
  lastFind: LastFind | null;
  /** The owner's goal and how far it still has to go (decision record 042); null without one. */
  goal: import('./goal-view').StoneGoal | null;
  totalDistance: number;
  formattedDistance: string;
  status: StoneStatus;
  /** ISO time the status last changed. */
  statusSince: string;
  /** The memorial collection it belongs to, or null. */
  collection: CollectionRef | null;
  /** Absolute URL of its share image (og:image, 1200 × 630 PNG): the current version, or the generic card. */
  shareImage: string;
}

/** `GET /api/stones/{code}/finds?before=&limit=`: a page of public finds before a find, in journey order. */
export interface FindsPage {
  /** The `limit` (default 50, at most 100) newest public finds before the cursor, in journey order. */
  finds: FindView[];
  /** The page before this one, or null when this page reaches the stone's first find. */
  olderFinds: string | null;
}

/** The owner's view (`GET /api/admin/stones/{ownerToken}`): the public view plus what only the owner sees. */
export interface OwnerNotification {
  id: string;
  createdAt: string;
  /** Whether the subscriber confirmed the address (double opt-in). */
  confirmed: boolean;
}

/** A find as its stone's owner sees it: hidden ones too, marked, and why a flagged one was flagged. */
export interface OwnerFindView extends Omit<FindView, 'photo'> {
  hidden: boolean;
  /** Who hid it (null while shown): a find the operator hid its owner cannot show again (409 HIDDEN_BY_OPERATOR). */
  hiddenBy: 'owner' | 'operator' | null;
  /** The finder's photo in any state (the public view has only approved ones). */
  photo: OwnerFindPhoto | null;
  flag: FindFlag | null;
  /** The owner or the operator accepted the flagged find: it counts for the distance. */
  flagAccepted: boolean;
}

export interface OwnerStoneView extends Omit<StoneView, 'finds'> {
  /**
   * Every find in journey order, the hidden ones marked (the public view leaves them out, and holds only the
   * newest): the owner moderates any of them. `olderFinds` is null.
   */
  finds: OwnerFindView[];
  /** The journey month by month since the stone was made (its chart), from `finds`. */
  months: JourneyMonth[];
  creatorEmail: string;
  /** Whether the owner hears of finds at all (one click in a find mail, or the owner page, turns it off). */
  notifyOnFind: boolean;
  /** How often: a mail per find, a daily or weekly letter, or `off` (`notifyOnFind` false). */
  notify: OwnerNotify;
  /** The stone's day to remember ("MM-DD"), or null: the letter of the year then comes on the creation's anniversary. */
  memorialDay: string | null;
  /** Whether the owner gets the letter of the year. */
  memorialLetter: boolean;
  /**
   * The stone's subscriptions, seen on the owner's read as a list; the owner page shows their number. The subscribers'
   * addresses stay private: whoever holds the owner link sees when people subscribed, not who they are.
   */
  notifications: OwnerNotification[];
  /** All subscriptions; `notifications` lists at most the newest OWNER_NOTIFICATIONS_LISTED of them. */
  notificationCount: number;
}

/** `GET /api/statistics`. */
export interface Statistics {
  totalDistance: number;
  formattedDistance: string;
  stoneCount: number;
  findCount: number;
}

/** The one error shape every failing API call answers with. */
export interface ApiErrorBody {
  error: { code: string; message: string; details?: Record<string, string> };
}

/** The newest counted find of a stone (in a collection, or on its page): where it was last seen. */
export interface LastFind {
  location: string;
  latitude: number | null;
  longitude: number | null;
  createdAt: string;
}

/** A stone as its collection lists it. */
export interface CollectionStone {
  code: string;
  title: string;
  status: StoneStatus;
  statusSince: string;
  findCount: number;
  totalDistance: number;
  formattedDistance: string;
  lastFind: LastFind | null;
  /** The stone's page, on the serving origin. */
  url: string;
  /** Its counted public finds with a position, in order: the line of its journey on the collection's map. */
  journey: Array<[latitude: number, longitude: number]>;
}

/** `GET /api/collections/{id}`: a memorial collection; the creator's e-mail never appears. */
export interface CollectionView {
  id: string;
  title: string;
  dedication: string | null;
  /** Kilometres of all its stones together. */
  totalDistance: number;
  formattedDistance: string;
  findCount: number;
  /** The countries its stones were found in, in the order first reached, each with its first find's time. */
  countries: CountryReached[];
  createdAt: string;
  url: string;
  /** Absolute URL of its share image, as a stone's. */
  shareImage: string;
  /** Its stones' journeys month by month since it was made (its chart). */
  months: JourneyMonth[];
  stones: CollectionStone[];
}

/** A stone as the collection's owner sees it: with its own owner link. */
export interface OwnerCollectionStone extends CollectionStone {
  adminToken: string;
  adminUrl: string;
  qrCodeUrl: string;
}

/** `GET /api/admin/collections/{ownerToken}`: the collection as its owner manages it. */
export interface OwnerCollectionView extends Omit<CollectionView, 'stones'> {
  stones: OwnerCollectionStone[];
  creatorEmail: string;
  /** How often the owner hears of its stones' finds (a mail per find, a daily or weekly letter, or `off`). */
  notify: OwnerNotify;
  /** The collection's day to remember ("MM-DD"), or null: its letter of the year then comes on the creation's anniversary. */
  memorialDay: string | null;
  /** Whether the owner gets the collection's letter of the year. */
  memorialLetter: boolean;
  /** Followers of the whole collection: when they followed and whether they confirmed, never their address. */
  followers: OwnerNotification[];
  followerCount: number;
}

/** `POST /api/collections` answers 201 with this: every token only here (stored hashed). */
export interface CreatedCollection {
  id: string;
  url: string;
  adminToken: string;
  adminUrl: string;
  stones: Array<{ code: string; url: string; qrCodeUrl: string; adminToken: string }>;
}

/** `POST /api/notifications/preferences`: how often the reader a mail link names hears of finds. */
export interface NotificationPreferences {
  /** A stone's follower, a collection's follower, or a stone's owner (who may also choose `off`). */
  reader: 'stone' | 'collection' | 'owner';
  frequency: OwnerNotify;
  /** What this reader may choose: a follower `instant`, `daily`, `weekly`; an owner `off` too. */
  choices: OwnerNotify[];
  title: string;
  /** The stone (a stone's follower or owner), or the collection (its follower). */
  code: string | null;
  collectionId: string | null;
  /** Whether this reader wants the letter of the year (on by default for owners, off for followers). */
  memorialLetter: boolean;
  /**
   * The day ("MM-DD") the letter of the year comes to this reader: the memorial day, or for an owner without one
   * the creation's anniversary; null when none comes (a stone or collection without a day has none for followers).
   */
  memorialDay: string | null;
  /** `memorialDay` is the creation's anniversary, not a day the owner entered. */
  memorialAnniversary: boolean;
}
