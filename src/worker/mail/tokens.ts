import { and, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mailTokens, ownerTokens } from '../db/schema';
import { randomToken, sha256Hex } from '../lib/crypto';

export type MailTokenPurpose = (typeof mailTokens.$inferSelect)['purpose'];

const DAY_MS = 24 * 60 * 60 * 1000;
/** A confirmation link lives as long as an unconfirmed address is kept. */
export const CONFIRM_TOKEN_TTL_MS = 7 * DAY_MS;
/** An unsubscribe or "stop find mails" link keeps working for a long while after its mail. */
export const STOP_TOKEN_TTL_MS = 400 * DAY_MS;

/** Tokens a mail being sent has made, so a failed send can take them back. */
export interface MintedTokens {
  mail: string[];
  owner: string[];
}

/** A fresh 256-bit token for a mail link; only its hash is stored. */
export async function mintMailToken(
  db: Db,
  minted: MintedTokens,
  purpose: MailTokenPurpose,
  targetId: string,
  ttlMs: number,
  now = Date.now(),
): Promise<string> {
  const token = randomToken();
  const tokenHash = await sha256Hex(token);
  await db.insert(mailTokens).values({ tokenHash, purpose, targetId, expiresAt: new Date(now + ttlMs) });
  minted.mail.push(tokenHash);
  return token;
}

/** A further owner link for a stone (the creation mail, "send me my owner link"); only its hash is stored. */
export async function mintOwnerToken(db: Db, minted: MintedTokens, stoneId: string): Promise<string> {
  const token = randomToken();
  const tokenHash = await sha256Hex(token);
  await db.insert(ownerTokens).values({ tokenHash, stoneId });
  minted.owner.push(tokenHash);
  return token;
}

/** Removes the tokens a mail made when the mail did not go out: nobody holds them. */
export async function dropMintedTokens(db: Db, minted: MintedTokens): Promise<void> {
  if (minted.mail.length) await db.delete(mailTokens).where(inArray(mailTokens.tokenHash, minted.mail));
  if (minted.owner.length) await db.delete(ownerTokens).where(inArray(ownerTokens.tokenHash, minted.owner));
}

/** What an unexpired token of one of `purposes` acts on, or null. */
export async function findMailToken(
  db: Db,
  token: string,
  purposes: MailTokenPurpose[],
  now = Date.now(),
): Promise<{ purpose: MailTokenPurpose; targetId: string; tokenHash: string } | null> {
  const tokenHash = await sha256Hex(token);
  const row = await db
    .select({ purpose: mailTokens.purpose, targetId: mailTokens.targetId })
    .from(mailTokens)
    .where(and(eq(mailTokens.tokenHash, tokenHash), inArray(mailTokens.purpose, purposes), gt(mailTokens.expiresAt, new Date(now))))
    .get();
  return row ? { ...row, tokenHash } : null;
}
