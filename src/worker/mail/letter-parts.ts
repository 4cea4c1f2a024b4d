import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Locale } from '../../shared/i18n/locale';
import { stoneShareImagePath } from '../../shared/share-image';
import type { Db } from '../db/client';
import { emailOutbox, finds, stones } from '../db/schema';
import type { MailJob } from './jobs';
import { type LetterReader, type LetterStone, renderLetter } from './letter-render';
import type { LetterJob } from './letters';
import { takenBy } from './letters';
import type { OutboxRow } from './send-queries';
import { type MintedTokens, mintReaderToken } from './tokens';

/** A held find mail as its letter tells it. */
export type LetterPart = Extract<MailJob, { kind: 'find-owner' | 'find-subscriber' | 'find-collection' }>;

/** The find a find mail is about, from its dedupe key (`find:<find id>:…`, builders.ts mailDedupe). */
const findOfMail = sql`substr(${emailOutbox.dedupeKey}, 6, instr(substr(${emailOutbox.dedupeKey}, 6), ':') - 1)`;

/**
 * The held mails a letter tells, claimed for it once: those of its recipient written before the letter, that a
 * letter of its kind takes (takenBy), become `lettered` with the letter's id; then every mail of the letter is read,
 * so a letter sent again after a failure tells the same finds, and a find held after it waits for the next one.
 */
export async function claimLetterParts(db: Db, letter: OutboxRow, job: LetterJob): Promise<LetterPart[]> {
  const [, parts] = await db.batch([
    db
      .update(emailOutbox)
      .set({ status: 'lettered', letterId: letter.id })
      .where(
        and(
          eq(emailOutbox.status, 'held'),
          eq(emailOutbox.recipient, letter.recipient),
          lte(emailOutbox.createdAt, letter.createdAt),
          takenBy(job.letter, 'email_outbox'),
        ),
      ),
    db
      .select({ payload: emailOutbox.payload, location: finds.location, comment: finds.comment, hidden: finds.hidden })
      .from(emailOutbox)
      .leftJoin(finds, eq(finds.id, findOfMail))
      .where(and(eq(emailOutbox.letterId, letter.id), lte(emailOutbox.createdAt, letter.createdAt)))
      .orderBy(asc(emailOutbox.createdAt), asc(emailOutbox.id)),
  ]);
  // The find as it is now, not as it was when its mail was held: one hidden or deleted since is not told, a comment
  // the operator removed or a place made coarser is told as it stands.
  return parts.flatMap(({ payload, location, comment, hidden }) => {
    if (location === null || comment === null || hidden) return [];
    const part = JSON.parse(payload) as LetterPart;
    return [{ ...part, find: { ...part.find, location, comment } }];
  });
}

const readerKey = (part: LetterPart) =>
  part.kind === 'find-owner'
    ? `o:${part.stoneId}`
    : part.kind === 'find-subscriber'
      ? `s:${part.subscriptionId}`
      : `c:${part.subscriptionId}`;

/**
 * The letter's stones in the order their first find came, each find once (an owner who follows their own stone
 * would read it twice), and its readers, each once (a collection's follower hears of many stones).
 */
export function groupParts(parts: LetterPart[]): { stones: LetterStone[]; readers: Map<string, LetterReader> } {
  const byCode = new Map<string, LetterStone>();
  const readers = new Map<string, LetterReader>();
  for (const part of parts) {
    const collection = part.kind === 'find-collection' ? part.collection.title : null;
    let stone = byCode.get(part.code);
    if (!stone) {
      stone = { code: part.code, title: part.title, collection, owner: false, finds: [], card: null };
      byCode.set(part.code, stone);
    }
    if (part.kind === 'find-owner') stone.owner = true;
    const same = stone.finds.find((find) => find.createdAt === part.find.createdAt && find.location === part.find.location);
    if (!same) stone.finds.push(part.find);
    // The owner's copy says what only the owner may read (a flag, a waiting photo).
    else if (part.kind === 'find-owner') Object.assign(same, part.find);
    const key = readerKey(part);
    if (!readers.has(key))
      readers.set(
        key,
        part.kind === 'find-owner'
          ? { title: part.title, purpose: 'mute', targetId: part.stoneId }
          : part.kind === 'find-subscriber'
            ? { title: part.title, purpose: 'unsubscribe', targetId: part.subscriptionId }
            : { title: part.collection.title, purpose: 'unsubscribe-collection', targetId: part.subscriptionId },
      );
  }
  for (const stone of byCode.values()) stone.finds.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return { stones: [...byCode.values()], readers };
}

/** The stones' share cards as they are now (at most 90 codes per read: D1's bound values). */
export async function attachCards(db: Db, letterStones: LetterStone[]): Promise<void> {
  const versions = new Map<string, string | null>();
  for (let i = 0; i < letterStones.length; i += 90) {
    const codes = letterStones.slice(i, i + 90).map((stone) => stone.code);
    const rows = await db.select({ code: stones.code, card: stones.shareCard }).from(stones).where(inArray(stones.code, codes));
    for (const row of rows) versions.set(row.code, row.card);
  }
  for (const stone of letterStones) {
    const version = versions.get(stone.code);
    stone.card = version ? stoneShareImagePath(stone.code, version) : null;
  }
}

/**
 * A "how often" link per reader (the token that also stops their mails, for as long as it does), and the letter's
 * own one-click stop, which ends every reading the letter told (`unsubscribe-letter`, for as long as the letter is
 * kept).
 */
async function mintLetterTokens(
  db: Db,
  minted: MintedTokens,
  letterId: string,
  readers: Map<string, LetterReader>,
  now: number,
): Promise<string> {
  for (const reader of readers.values()) {
    // A reader gone since the letter took their finds (unsubscribed a minute ago) gets no link: the letter still goes.
    reader.token = await mintReaderToken(db, minted, reader.purpose, reader.targetId, now).catch(() => undefined);
  }
  return mintReaderToken(db, minted, 'unsubscribe-letter', letterId, now);
}

/**
 * A letter's links, minted when it is sent: each reader's "how often" link and the letter's own one-click stop (the
 * page in the text, the RFC 8058 endpoint in the header). Also the site's address the letter's other links start with.
 */
export async function letterLinks(db: Db, env: Env, minted: MintedTokens, letterId: string, readers: Map<string, LetterReader>, now: Date) {
  const site = env.PUBLIC_SITE_URL.replace(/\/$/, '');
  const stop = await mintLetterTokens(db, minted, letterId, readers, now.getTime());
  return {
    site,
    readers: [...readers.values()],
    stopPage: `${site}/abo/abmelden?token=${stop}`,
    stopPost: `${site}/api/notifications/unsubscribe?token=${stop}`,
  };
}

/**
 * A letter row as the mail to send: its finds claimed (none: nothing to tell, null), grouped per stone with the
 * cards, its links minted, rendered in the recipient's language.
 */
export async function composeLetter(db: Db, env: Env, row: OutboxRow, minted: MintedTokens, now: Date) {
  const job = JSON.parse(row.payload) as LetterJob;
  const parts = await claimLetterParts(db, row, job);
  if (parts.length === 0) return null;
  const { stones: letterStones, readers } = groupParts(parts);
  await attachCards(db, letterStones);
  const links = await letterLinks(db, env, minted, row.id, readers, now);
  return renderLetter({ kind: job.letter, stones: letterStones, ...links }, links.site, row.locale as Locale, env.PRODUCT_NAME);
}
