import { OWNER_LINK_TTL_DAYS } from '../../shared/schemas/limits';
import type { Db } from '../db/client';
import { randomToken, sha256Hex } from '../lib/crypto';
import type { MailJob } from './jobs';
import { SENT_RETENTION_MS } from './maintenance';
import {
  insertCollectionOwnerToken,
  insertMailToken,
  insertOwnerToken,
  type MailTokenPurpose,
  type MintedTokens,
  unexpiredMailToken,
} from './queries';

export type { MailTokenPurpose, MintedTokens };

const DAY_MS = 24 * 60 * 60 * 1000;
/** A confirmation link lives as long as an unconfirmed address is kept. */
export const CONFIRM_TOKEN_TTL_MS = 7 * DAY_MS;
/** An unsubscribe or "stop find mails" link keeps working for a long while after its mail. */
export const STOP_TOKEN_TTL_MS = 400 * DAY_MS;
/** An owner link mailed after the creation works this long (owner_tokens.expires_at). */
export const OWNER_LINK_TTL_MS = OWNER_LINK_TTL_DAYS * DAY_MS;

/** Nothing minted yet: what a mail being sent starts with. */
export const noTokens = (): MintedTokens => ({ mail: [], owner: [], collectionOwner: [] });

/** A fresh 256-bit token for a mail link; only its hash is stored. */
async function mintMailToken(
  db: Db,
  minted: MintedTokens,
  purpose: MailTokenPurpose,
  targetId: string,
  ttlMs: number,
  now = Date.now(),
): Promise<string> {
  const token = randomToken();
  const tokenHash = await sha256Hex(token);
  await insertMailToken(db, { tokenHash, purpose, targetId, expiresAt: new Date(now + ttlMs) });
  minted.mail.push(tokenHash);
  return token;
}

/**
 * When a mailed owner link stops working: never by itself (null, until revoked) for the creation mail's and for the
 * one that replaces revoked links; OWNER_LINK_TTL_DAYS after it is sent for every other (the missing mail, a find
 * mail's, "send me my owner link"), so an old mail in a mailbox is no lasting key to the stone.
 */
export function ownerLinkExpiry(job: MailJob, now: number): Date | null {
  const lasting =
    job.kind === 'stone-created' ||
    job.kind === 'collection-created' ||
    ((job.kind === 'owner-link' || job.kind === 'collection-owner-link') && job.replacesRevoked === true);
  return lasting ? null : new Date(now + OWNER_LINK_TTL_MS);
}

/** How long the links of a letter work: a reader's as long as a find mail's, the letter's own stop as the letter. */
const READER_TOKEN_TTL: Partial<Record<MailTokenPurpose, number>> = {
  mute: STOP_TOKEN_TTL_MS,
  unsubscribe: STOP_TOKEN_TTL_MS,
  'unsubscribe-collection': STOP_TOKEN_TTL_MS,
  'unsubscribe-letter': SENT_RETENTION_MS,
};

/** A letter's link for one of its readers (or, `unsubscribe-letter`, for the letter's own one-click stop). */
export function mintReaderToken(db: Db, minted: MintedTokens, purpose: MailTokenPurpose, targetId: string, now: number) {
  return mintMailToken(db, minted, purpose, targetId, READER_TOKEN_TTL[purpose] ?? STOP_TOKEN_TTL_MS, now);
}

/** A further owner link for a stone (a mail's); only its hash is stored. */
async function mintOwnerToken(db: Db, minted: MintedTokens, stoneId: string, expiresAt: Date | null): Promise<string> {
  const token = randomToken();
  const tokenHash = await sha256Hex(token);
  await insertOwnerToken(db, { tokenHash, stoneId, expiresAt });
  minted.owner.push(tokenHash);
  return token;
}

/** A further owner link for a memorial collection (its creation mail, "send me my owner link"). */
async function mintCollectionOwnerToken(db: Db, minted: MintedTokens, collectionId: string, expiresAt: Date | null): Promise<string> {
  const token = randomToken();
  const tokenHash = await sha256Hex(token);
  await insertCollectionOwnerToken(db, { tokenHash, collectionId, expiresAt });
  minted.collectionOwner.push(tokenHash);
  return token;
}

/**
 * The one token a mail's links carry: a new owner link for the creation, owner-link and missing mails (none when
 * every owner link was made invalid after the mail was written), a "stop find mails" or unsubscribe token for find
 * mails, a confirmation token for a confirmation.
 */
export async function mintTokenFor(db: Db, minted: MintedTokens, job: MailJob, now = Date.now()): Promise<string | null> {
  switch (job.kind) {
    case 'stone-created':
    case 'owner-link':
    case 'stone-missing':
      return job.ownerLinkWithdrawn ? null : mintOwnerToken(db, minted, job.stoneId, ownerLinkExpiry(job, now));
    case 'find-owner':
      return mintMailToken(db, minted, 'mute', job.stoneId, STOP_TOKEN_TTL_MS);
    case 'find-subscriber':
      return mintMailToken(db, minted, 'unsubscribe', job.subscriptionId, STOP_TOKEN_TTL_MS);
    case 'confirm':
      return mintMailToken(db, minted, 'confirm', job.subscriptionId, CONFIRM_TOKEN_TTL_MS);
    case 'find-collection':
      return mintMailToken(db, minted, 'unsubscribe-collection', job.subscriptionId, STOP_TOKEN_TTL_MS);
    case 'collection-confirm':
      return mintMailToken(db, minted, 'confirm-collection', job.subscriptionId, CONFIRM_TOKEN_TTL_MS);
    case 'collection-created':
    case 'collection-owner-link':
      return job.ownerLinkWithdrawn ? null : mintCollectionOwnerToken(db, minted, job.collectionId, ownerLinkExpiry(job, now));
    case 'payment':
      return null;
  }
}

/**
 * A second token some mails carry: an owner link (for OWNER_LINK_TTL_DAYS) in the owner's find mail when the finder
 * sent a photo, which waits for the owner's decision on the owner page. Null for every other mail.
 */
export function mintSecondTokenFor(db: Db, minted: MintedTokens, job: MailJob, now = Date.now()): Promise<string | null> {
  if (job.kind === 'find-owner' && job.find.photo && !job.ownerLinkWithdrawn)
    return mintOwnerToken(db, minted, job.stoneId, ownerLinkExpiry(job, now));
  return Promise.resolve(null);
}

/** What an unexpired token of one of `purposes` acts on, or null. */
export async function findMailToken(
  db: Db,
  token: string,
  purposes: MailTokenPurpose[],
  now = Date.now(),
): Promise<{ purpose: MailTokenPurpose; targetId: string; tokenHash: string } | null> {
  const tokenHash = await sha256Hex(token);
  const row = await unexpiredMailToken(db, tokenHash, purposes, now);
  return row ? { ...row, tokenHash } : null;
}
