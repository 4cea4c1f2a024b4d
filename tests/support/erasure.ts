import { env } from 'cloudflare:test';
import { expect, vi } from 'vitest';
import type { FindView, OwnerStoneView, StoneView } from '../../src/shared/types';
import { call, postJson } from './factory';
import { TINY_JPEG } from './images';
import { linkIn, mailsTo, tokenOf, waitForMails } from './mail';
import { deliver } from './share-queue';

/*
 * What deleting must erase: a stone with everything a stone can gather (finds with comments and finders' addresses,
 * a finder's photo waiting and one approved, the owner's photos, followers confirmed and not, owner links and mail
 * links sent by mail, the mails themselves, a report, share cards in two versions), and an inventory of every D1
 * row, R2 key and KV entry that finds what is left of it.
 */

/** Unique words the stone's rows carry, so any row left behind is found by them. */
export interface Traces {
  /** Strings no row, key or entry may contain after the deletion. */
  needles: string[];
  /** Addresses that answered before the deletion and must answer 404 after it. */
  publicPaths: string[];
}

const jpegFile = (name: string) => new File([TINY_JPEG], name, { type: 'image/jpeg' });

async function formFind(code: string, fields: Record<string, string>): Promise<string> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.append('photo', jpegFile('fund.jpg'));
  const res = await call(`/api/stones/${code}/finds`, { method: 'POST', body: form });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json<{ find: FindView }>()).find.id;
}

async function jsonFind(code: string, body: Record<string, unknown>): Promise<string> {
  const res = await postJson(`/api/stones/${code}/finds`, body);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json<{ find: FindView }>()).find.id;
}

/**
 * Gives the stone (a premium one: it takes photos) everything, through the API and the real mail queue, and renders
 * two versions of its share card. `tag` makes its words unique in the test's database.
 */
export async function stoneWithEverything(stone: { code: string; adminToken: string; creatorEmail: string }, tag: string): Promise<Traces> {
  const { code, adminToken } = stone;
  const owner = `/api/admin/stones/${adminToken}`;
  const finder = `finder-${tag}@example.org`;
  const photoFinder = `photo-finder-${tag}@example.org`;
  const follower = `follower-${tag}@example.org`;
  const waiting = `waiting-${tag}@example.org`;

  const first = await jsonFind(code, {
    location: `Erna-Bank ${tag}`,
    latitude: 53.55,
    longitude: 9.99,
    comment: `Unter der Linde ${tag}`,
    finderEmail: finder,
  });
  const pending = await formFind(code, { location: `Fährhaus ${tag}`, comment: `Foto wartet ${tag}`, finderEmail: photoFinder });
  const approved = await formFind(code, { location: `Leuchtturm ${tag}`, comment: `Foto gezeigt ${tag}` });
  expect((await call(`${owner}/finds/${approved}`, jsonBody('PATCH', { photo: 'approved' }))).status).toBe(200);

  const upload = new FormData();
  upload.append('photo', jpegFile('oma.jpg'));
  upload.append('photo', jpegFile('garten.jpg'));
  const uploaded = await call(`${owner}/photos`, { method: 'POST', body: upload });
  expect(uploaded.status, await uploaded.clone().text()).toBe(201);

  for (const email of [follower, waiting]) expect((await postJson(`/api/stones/${code}/notifications`, { email })).status).toBe(201);
  const [confirmMail] = await waitForMails(mailsTo(follower));
  if (!confirmMail) throw new Error('no confirmation mail');
  const confirmed = await postJson('/api/notifications/confirm', { token: tokenOf(linkIn(confirmMail, 'https://')) });
  expect(confirmed.status).toBe(200);
  expect((await postJson(`/api/stones/${code}/owner-link`, { email: stone.creatorEmail })).status).toBe(202);
  expect((await postJson(`/api/stones/${code}/finds/${first}/report`, { reason: 'personal', note: `Meldung ${tag}` })).status).toBe(202);
  // A find after the confirmation: the follower's find mail and the owner's (with their links' tokens) go out too.
  const last = await jsonFind(code, { location: `Hafenkante ${tag}`, latitude: 53.54, longitude: 9.98, comment: `Zuletzt ${tag}` });
  await mailsSent(code);

  // Two versions of the share card: one before the last find was hidden, one after.
  const shareOn = { SHARE_IMAGES: 'on' } as const;
  await deliver([{ share: 'stone', code }], shareOn);
  const before = (await (await call(`/api/stones/${code}`)).json<StoneView>()).shareImage;
  expect((await call(`${owner}/finds/${last}`, jsonBody('PATCH', { hidden: true }))).status).toBe(200);
  await deliver([{ share: 'stone', code }], shareOn);
  const view = await (await call(owner)).json<OwnerStoneView>();
  const cards = [before, view.shareImage].map((url) => new URL(url).pathname);
  expect(cards[0]).not.toBe(cards[1]);
  expect(cards.every((path) => path.startsWith(`/share/stone/${code}/`))).toBe(true);

  const photoPaths = view.photos.map((url) => new URL(url).pathname);
  const publicFindPhoto = `/photos/finds/${approved}`;
  const publicPaths = [
    `/api/stones/${code}`,
    `/${code}`,
    `/api/stones/${code}/journey.gpx`,
    `/api/stones/${code}/journey.geojson`,
    `/api/stones/${code}/finds?before=${Number.MAX_SAFE_INTEGER}`,
    `/embed/${code}`,
    owner,
    `${owner}/finds/${pending}/photo`,
    publicFindPhoto,
    ...photoPaths,
    cards[1] ?? '',
  ];
  for (const path of publicPaths) expect((await call(path)).status, path).toBe(200);
  return {
    needles: [code, stone.creatorEmail, finder, photoFinder, follower, waiting, tag, first, pending, approved, last],
    publicPaths: [...publicPaths, cards[0] ?? ''],
  };
}

/** Waits until the real queue's consumer has sent every mail about the stone (and made its links' tokens). */
async function mailsSent(code: string): Promise<void> {
  await vi.waitFor(
    async () => {
      const waiting = await env.DB.prepare(
        "SELECT count(*) AS n FROM email_outbox WHERE json_extract(payload, '$.code') = ? AND status NOT IN ('sent', 'skipped')",
      )
        .bind(code)
        .first<number>('n');
      if (waiting !== 0) throw new Error(`${waiting} mail(s) about ${code} not sent yet`);
    },
    { timeout: 10_000, interval: 100 },
  );
}

const jsonBody = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** Every row of every table (sqlite_master), as `table: row` lines of JSON. */
export async function everyD1Row(): Promise<string[]> {
  const tables = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\'").all<{
    name: string;
  }>();
  const lines: string[] = [];
  for (const { name } of tables.results) {
    const rows = await env.DB.prepare(`SELECT * FROM "${name}"`).all();
    for (const row of rows.results) lines.push(`${name}: ${JSON.stringify(row)}`);
  }
  return lines;
}

/** Every key in the bucket. */
export async function everyR2Key(): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.PHOTOS.list({ limit: 1000, ...(cursor ? { cursor } : {}) });
    keys.push(...page.objects.map((object) => object.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys;
}

/**
 * Every KV entry (key and value), but the development mail transport's copies of mails sent (`dev-mail:`): they
 * stand for the recipients' mailboxes, which a deletion cannot reach.
 */
export async function everyKvEntry(): Promise<string[]> {
  const { keys } = await env.CACHE.list();
  const entries: string[] = [];
  for (const { name } of keys) if (!name.startsWith('dev-mail:')) entries.push(`${name}: ${await env.CACHE.get(name)}`);
  return entries;
}

/**
 * The values of every row that mentions one of `needles` (its ids, hashes, addresses, texts): the rows about the
 * stone before it is deleted, whose every value must be gone after. Short values (a status, a language) and numbers
 * say nothing about anyone; `keep` are the few an order keeps for bookkeeping.
 */
export async function valuesOfRowsAbout(needles: string[], keep: string[] = []): Promise<string[]> {
  const values = new Set<string>();
  for (const line of await everyD1Row()) {
    if (!needles.some((needle) => line.includes(needle))) continue;
    const row = JSON.parse(line.slice(line.indexOf(': ') + 2)) as Record<string, unknown>;
    for (const value of Object.values(row)) if (typeof value === 'string' && value.length >= 16 && !keep.includes(value)) values.add(value);
  }
  return [...values];
}

/** Asserts that no D1 row, R2 key or KV entry contains any of `needles`, naming what does. */
export async function expectNothingLeft(needles: string[]): Promise<void> {
  const everything = [...(await everyD1Row()), ...(await everyR2Key()).map((key) => `r2: ${key}`), ...(await everyKvEntry())];
  const left = everything.filter((line) => needles.some((needle) => line.includes(needle)));
  expect(left).toEqual([]);
}
