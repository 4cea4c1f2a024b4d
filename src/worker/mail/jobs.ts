import type { FindFlag, GoalReached } from '../../shared/types';
/** What a find mail tells: the find and the stone's journey after it. */
export interface FindFacts {
  location: string;
  latitude: number | null;
  longitude: number | null;
  comment: string;
  createdAt: string;
  totalDistanceKm: number;
  /** Why the find looks implausible (it stays out of the distance until the owner accepts it); absent or null when it does not. */
  flag?: FindFlag | null;
  /** The finder keeps the stone for a while (absent in mails written before it existed). */
  kept?: boolean;
  /** The stone was missing and this find found it again after this many days; absent or null otherwise. */
  foundAgainAfterDays?: number | null;
  /** The stone's goal, when this find reached it (absent or null otherwise). */
  goal?: GoalReached | null;
  /** The finder sent a photo that waits for the owner's approval (only in the owner's mail). */
  photo?: boolean;
  /** Days the photo waits before the cron deletes it undecided (FIND_PHOTO_PENDING_DAYS when the find was written). */
  photoPendingDays?: number;
}

/**
 * Every mail the app sends, as stored in the outbox (`kind` + `payload`). The mail is rendered from it when it is
 * sent; links with tokens are made then.
 */
export type MailJob =
  /** To the creator after a stone is created: its code, links and an owner link (until revoked). */
  | ({ kind: 'stone-created'; stoneId: string; code: string; title: string } & OwnerLinkState)
  /** To the owner for every find (unless turned off), with a one-click way to stop them. */
  | ({ kind: 'find-owner'; stoneId: string; code: string; title: string; find: FindFacts } & OwnerLinkState)
  /** To every confirmed subscriber for every find, with one-click unsubscribe. */
  | { kind: 'find-subscriber'; subscriptionId: string; code: string; title: string; find: FindFacts }
  /** Double opt-in: a subscription (`follow`: one a finder asked for with their find) is confirmed by its link. */
  | { kind: 'confirm'; subscriptionId: string; code: string; title: string; follow: boolean }
  /**
   * "Send me my owner link": a new owner link (for OWNER_LINK_TTL_DAYS), to the creator's address only; with
   * `replacesRevoked`, the one link that works after the owner made every link invalid (until revoked).
   */
  | ({ kind: 'owner-link'; stoneId: string; code: string; title: string; replacesRevoked?: true } & OwnerLinkState)
  /**
   * To every confirmed follower of a stone's collection who does not follow the stone itself, for every counted
   * find: one mail naming the stone and the collection, with one-click unsubscribe from the collection.
   */
  | { kind: 'find-collection'; subscriptionId: string; code: string; title: string; collection: CollectionNames; find: FindFacts }
  /** Double opt-in for following a whole collection. */
  | { kind: 'collection-confirm'; subscriptionId: string; collection: CollectionNames; title: string }
  /**
   * The cron marked the stone missing: when it was last seen (ISO) and where (its newest counted find's place; null
   * when nobody has found it since it was made), with a new owner link.
   */
  | ({
      kind: 'stone-missing';
      stoneId: string;
      code: string;
      title: string;
      lastSeenAt: string;
      lastSeenPlace: string | null;
    } & OwnerLinkState)
  /**
   * To the creator after a memorial collection is created: its page, its label sheet and its owner link (one mail
   * for the whole set, none per stone). Collection mails name no stone, so they carry no `code`.
   */
  | ({ kind: 'collection-created'; collectionId: string; title: string; stoneCount: number } & OwnerLinkState)
  /**
   * "Send me my owner link" on a collection's page: a new owner link for the set (for OWNER_LINK_TTL_DAYS), to the
   * creator's address only; with `replacesRevoked`, the one that works after every link was made invalid.
   */
  | ({ kind: 'collection-owner-link'; collectionId: string; title: string; replacesRevoked?: true } & OwnerLinkState)
  /**
   * To the buyer when Stripe says their payment was refunded (`full` or in part) or disputed: what was paid for the
   * stone stays on it (decision record 036); the mail says so and how to reach the operator.
   */
  | {
      kind: 'payment';
      event: 'refunded' | 'disputed';
      orderId: string;
      code: string;
      title: string;
      amountCents: number;
      currency: string;
      full: boolean;
    };

/**
 * A mail that carries an owner link: `ownerLinkWithdrawn` when its owner made every link invalid after the mail was
 * written and before it went out. It then goes without one (an owner-link mail not at all): a link made when it is
 * sent would outlive the revocation.
 */
export interface OwnerLinkState {
  ownerLinkWithdrawn?: true;
}

/** A collection as a mail names it. */
export interface CollectionNames {
  id: string;
  title: string;
}

/** The mails about a memorial collection (the others are about one stone and carry its code). */
export type CollectionMailJob = Extract<MailJob, { collectionId: string }>;
export type StoneMailJob = Exclude<MailJob, CollectionMailJob>;

export const isCollectionMail = (job: MailJob): job is CollectionMailJob =>
  job.kind === 'collection-created' || job.kind === 'collection-owner-link';
