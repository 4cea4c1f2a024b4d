/**
 * The memorial day (decision record 039): a day an owner enters for a stone or a collection, and the letter of the
 * year the cron writes on it — to the owner, to the followers who asked for it — or, without a day, on the
 * creation's anniversary to the owner alone. Sent through the real queue, once a day.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import type { NotificationPreferences, OwnerCollectionView, OwnerStoneView } from '../../src/shared/types';
import { getDb } from '../../src/worker/db/client';
import { writeLetters } from '../../src/worker/mail/letters';
import { insertMemorialLetters } from '../../src/worker/mail/memorial';
import { createCollection } from '../support/collections';
import { call, createStone, expectApiError, postFindADayLater, postJson } from '../support/factory';
import { devMails, linkIn, outbox, tokenOf, waitForMails } from '../support/mail';

const SITE = 'https://reisesteine.test';
/** 17 May 2027, 08:05 in Berlin: the letters' hour on the day the tests' stones remember. */
const MAY_17 = new Date('2027-05-17T06:05:00Z');

const patchStone = (token: string, body: unknown) =>
  call(`/api/admin/stones/${token}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const patchCollection = (token: string, body: unknown) =>
  call(`/api/admin/collections/${token}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const preferences = (body: unknown) => postJson('/api/notifications/preferences', body);

/** A confirmed follower of the stone (or collection), in `locale`, with the letter of the year on or off. */
async function follower(
  table: 'subscriptions' | 'collection_subscriptions',
  target: string,
  email: string,
  memorial: boolean,
  locale = 'de',
) {
  const id = crypto.randomUUID();
  const sql =
    table === 'subscriptions'
      ? 'INSERT INTO subscriptions (id, stone_id, email, locale, confirmed_at, memorial_letter) SELECT ?, id, ?, ?, 1, ? FROM stones WHERE code = ?'
      : 'INSERT INTO collection_subscriptions (id, collection_id, email, locale, confirmed_at, memorial_letter) VALUES (?, ?, ?, ?, 1, ?)';
  const bound = table === 'subscriptions' ? [id, email, locale, memorial ? 1 : 0, target] : [id, target, email, locale, memorial ? 1 : 0];
  await env.DB.prepare(sql)
    .bind(...bound)
    .run();
  return id;
}

let client = 10;
/** A find with a position, a day after the stone's last one (no speed flag), from its own client. */
async function find(code: string, location: string, latitude: number, longitude: number, countryCode: string) {
  client += 1;
  const res = await postFindADayLater(code, { location, latitude, longitude, countryCode }, { 'cf-connecting-ip': `203.0.113.${client}` });
  expect(res.status, await res.clone().text()).toBe(201);
}

/** The letters of the year in the development mailbox to `to` (the find mails left aside). */
const yearLetters = (to: string) => (mails: Awaited<ReturnType<typeof devMails>>) =>
  mails.filter((mail) => mail.to === to && /^(A year on the way|Ein Jahr unterwegs|Une année de voyage)/.test(mail.subject));

const lettersTo = async (recipient: string) => (await outbox()).filter((row) => row.recipient === recipient && row.kind === 'memorial');

describe("the owner's memorial day", () => {
  it('is set, shown and removed on the owner routes of a stone and a collection; a day that is none is refused', async () => {
    const { adminToken } = await createStone();
    const set = await patchStone(adminToken, { memorialDay: '05-17' });
    expect(set.status).toBe(200);
    const view = await set.json<OwnerStoneView>();
    expect([view.memorialDay, view.memorialLetter]).toEqual(['05-17', true]);
    expect((await (await patchStone(adminToken, { memorialDay: '02-29', memorialLetter: false })).json<OwnerStoneView>()).memorialDay).toBe(
      '02-29',
    );
    for (const wrong of ['02-30', '13-01', '00-10', '5-17', '05-17 ', 517, '2027-05-17'])
      expect((await expectApiError(await patchStone(adminToken, { memorialDay: wrong }), 400, 'VALIDATION_ERROR')).details).toHaveProperty(
        'memorialDay',
      );
    await expectApiError(await patchStone(adminToken, { memorialLetter: 'yes' }), 400, 'VALIDATION_ERROR');
    const read = await (await call(`/api/admin/stones/${adminToken}`)).json<OwnerStoneView>();
    expect([read.memorialDay, read.memorialLetter]).toEqual(['02-29', false]);
    expect((await (await patchStone(adminToken, { memorialDay: null })).json<OwnerStoneView>()).memorialDay).toBeNull();

    const collection = await createCollection({ creatorEmail: 'sammlung-tag@example.org' });
    const changed = await (await patchCollection(collection.adminToken, { memorialDay: '12-24' })).json<OwnerCollectionView>();
    expect([changed.memorialDay, changed.memorialLetter]).toEqual(['12-24', true]);
    await expectApiError(await patchCollection(collection.adminToken, { memorialDay: '04-31' }), 400, 'VALIDATION_ERROR');
    // The public view of a stone never shows it.
    expect(await (await call(`/api/collections/${collection.id}`)).text()).not.toContain('12-24');
  });
});

describe('the letter of the year', () => {
  it("goes on the stone's day to its owner and the followers who asked, once, with the year's kilometres, countries and places", async () => {
    const { code, adminToken } = await createStone({ title: 'Papas Bergstein', creatorEmail: 'papa-owner@example.org' });
    await patchStone(adminToken, { memorialDay: '05-17' });
    // The owner made the stone in German, on 1 March 2026: the year told begins on the last 17 May.
    await env.DB.prepare("UPDATE stones SET locale = 'de', created_at = ? WHERE code = ?")
      .bind(Date.parse('2026-03-01T10:00:00Z'), code)
      .run();
    await follower('subscriptions', code, 'will-brief@example.org', true, 'fr');
    await follower('subscriptions', code, 'nur-funde@example.org', false);
    await find(code, 'München', 48.137, 11.575, 'DE');
    await find(code, 'Salzburg', 47.809, 13.055, 'AT');
    await find(code, 'Innsbruck', 47.269, 11.404, 'AT');

    expect(await writeLetters(env, MAY_17)).toBe(2);
    // The cron running again that day writes none again.
    expect(await writeLetters(env, new Date(MAY_17.getTime() + 10 * 60_000))).toBe(0);
    const [owner] = await waitForMails(yearLetters('papa-owner@example.org'));
    const [reader] = await waitForMails(yearLetters('will-brief@example.org'));
    expect(owner?.subject).toBe('Ein Jahr unterwegs: Papas Bergstein');
    expect(owner?.text).toContain('Heute ist der Gedenktag von „Papas Bergstein“.');
    // München → Salzburg → Innsbruck: about 115 + 145 km.
    expect(owner?.text).toMatch(/Seit dem 17\. Mai 2026 wurde er 3-mal gefunden und ist 2\d\d,\d km gereist\./);
    expect(owner?.text).toContain('Länder: Deutschland und Österreich');
    expect(owner?.text).toContain('Orte: München · Salzburg · Innsbruck');
    expect(owner?.text).toContain(`${SITE}/${code}`);
    expect(owner?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    // The follower reads it in their language.
    expect(reader?.subject).toBe('Une année de voyage : Papas Bergstein');
    expect(reader?.text).toContain('Pays : Allemagne et Autriche');
    // A follower who did not ask gets the find mails, not the letter.
    expect(yearLetters('nur-funde@example.org')(await devMails())).toEqual([]);
    expect(await lettersTo('nur-funde@example.org')).toEqual([]);
    expect(await lettersTo('papa-owner@example.org')).toHaveLength(1);
  });

  it('comes without a day on the anniversary of the creation, to the owner only; without a find that year, none', async () => {
    const quiet = await createStone({ title: 'Stiller Stein', creatorEmail: 'still@example.org' });
    const { code } = await createStone({ title: 'Omas Gartenstein', creatorEmail: 'oma-owner@example.org' });
    // Both made on 17 May 2025, 10:00 in Berlin.
    await env.DB.prepare('UPDATE stones SET created_at = ? WHERE code IN (?, ?)')
      .bind(Date.parse('2025-05-17T08:00:00Z'), code, quiet.code)
      .run();
    await follower('subscriptions', code, 'enkel@example.org', true);
    await find(code, 'Köln', 50.938, 6.96, 'DE');

    await writeLetters(env, MAY_17);
    const [letter] = await waitForMails(yearLetters('oma-owner@example.org'));
    expect(letter?.text).toContain('2 years ago today you sent “Omas Gartenstein” on its way.');
    expect(letter?.text).toContain('Since 17 May 2026 it was found once and travelled 0.0 km.');
    // A follower hears only on a day the owner entered.
    expect(await lettersTo('enkel@example.org')).toEqual([]);
    // The quiet stone's letter was written and then found nothing to tell: skipped, never sent.
    await waitForStatus('still@example.org', 'skipped');
    expect(yearLetters('still@example.org')(await devMails())).toEqual([]);
  });

  it("of a collection tells all its stones in one letter to its owner and its followers, not each stone's", async () => {
    const collection = await createCollection({ creatorEmail: 'familie-tag@example.org', count: 2, title: 'Für Opa Hein' });
    await patchCollection(collection.adminToken, { memorialDay: '05-17' });
    await follower('collection_subscriptions', collection.id, 'nachbarin@example.org', true, 'en');
    const [first, second] = collection.stones;
    if (!first || !second) throw new Error('no stones');
    await find(first.code, 'Hamburg', 53.551, 9.993, 'DE');
    await find(second.code, 'Kopenhagen', 55.676, 12.568, 'DK');

    await writeLetters(env, MAY_17);
    const [owner] = await waitForMails(yearLetters('familie-tag@example.org'));
    const [neighbour] = await waitForMails(yearLetters('nachbarin@example.org'));
    expect(owner?.text).toContain('its stones were found 2 times');
    expect(owner?.text).toContain('Countries: Germany and Denmark');
    expect(owner?.text).toContain("You change the memorial day of “Für Opa Hein” on the collection's owner page.");
    // Its stones have no day of their own: no letter of their own.
    expect(await lettersTo('familie-tag@example.org')).toHaveLength(1);
    expect(owner?.text).toContain(`${SITE}/sammlung/${collection.id}`);
    expect(neighbour?.subject).toBe('A year on the way: Für Opa Hein');
    expect(neighbour?.text).toContain('its stones were found 2 times');
  });

  it("is turned off by its one click, and by the follower's choice on the preferences page", async () => {
    const { code, adminToken } = await createStone({ title: 'Leuchtturmstein', creatorEmail: 'leuchtturm@example.org' });
    await patchStone(adminToken, { memorialDay: '05-17' });
    await find(code, 'Kiel', 54.323, 10.123, 'DE');
    await writeLetters(env, MAY_17);
    const [letter] = await waitForMails(yearLetters('leuchtturm@example.org'));
    const stop = letter?.headers?.['List-Unsubscribe']?.slice(1, -1) ?? '';
    const res = await call(stop.slice(SITE.length), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    const view = await (await call(`/api/admin/stones/${adminToken}`)).json<OwnerStoneView>();
    // The letter of the year is off; the find mails stay as they were.
    expect([view.memorialLetter, view.notify]).toEqual([false, 'instant']);

    // The owner's "how often" link in the letter turns it on again.
    if (!letter) throw new Error('no letter');
    const token = tokenOf(linkIn(letter, `${SITE}/abo/einstellungen?token=`));
    const read = await (await preferences({ token })).json<NotificationPreferences>();
    expect([read.reader, read.memorialDay, read.memorialAnniversary, read.memorialLetter]).toEqual(['owner', '05-17', false, false]);
    expect((await (await preferences({ token, memorialLetter: true })).json<NotificationPreferences>()).memorialLetter).toBe(true);
    await expectApiError(await preferences({ token, memorialLetter: 1 }), 400, 'VALIDATION_ERROR');
  });

  it('goes with the stone it tells, and with the collection: its subject names them', async () => {
    const { code, adminToken } = await createStone({ title: 'Gelöschter Stein', creatorEmail: 'loescht@example.org' });
    await patchStone(adminToken, { memorialDay: '05-17' });
    await follower('subscriptions', code, 'folgt-geloescht@example.org', true);
    await find(code, 'Lübeck', 53.866, 10.686, 'DE');
    const collection = await createCollection({ creatorEmail: 'sammlung-geloescht@example.org' });
    await patchCollection(collection.adminToken, { memorialDay: '05-17' });
    const [stoneOfSet] = collection.stones;
    if (!stoneOfSet) throw new Error('no stone');
    await find(stoneOfSet.code, 'Rostock', 54.092, 12.099, 'DE');
    await writeLetters(env, MAY_17);
    await waitForMails(yearLetters('loescht@example.org'));
    await waitForMails(yearLetters('sammlung-geloescht@example.org'));
    expect(await lettersTo('folgt-geloescht@example.org')).toHaveLength(1);

    expect((await call(`/api/admin/stones/${adminToken}`, { method: 'DELETE' })).status).toBe(200);
    expect(await lettersTo('loescht@example.org')).toEqual([]);
    expect(await lettersTo('folgt-geloescht@example.org')).toEqual([]);
    expect((await call(`/api/admin/collections/${collection.adminToken}`, { method: 'DELETE' })).status).toBe(200);
    expect(await lettersTo('sammlung-geloescht@example.org')).toEqual([]);
  });

  it('on February 29 comes on February 28 in a common year', async () => {
    const { code, adminToken } = await createStone({ creatorEmail: 'schalttag@example.org' });
    await patchStone(adminToken, { memorialDay: '02-29' });
    await find(code, 'Bonn', 50.737, 7.098, 'DE');
    expect(await writeLetters(env, new Date('2027-02-27T07:05:00Z'))).toBe(0);
    expect(await writeLetters(env, new Date('2027-02-28T07:05:00Z'))).toBe(1);
    await waitForMails(yearLetters('schalttag@example.org'));
  });
});

describe("the cron's statement", () => {
  it('reads the stones, collections and followers of the day by their indexes, never all of them', async () => {
    const query = insertMemorialLetters(getDb(env.DB), '2027-05-17', MAY_17).toSQL();
    const select = query.sql.slice(query.sql.indexOf('SELECT'), query.sql.lastIndexOf('on conflict'));
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${select}`)
      .bind(...query.params)
      .all<{ detail: string }>();
    const steps = plan.results.map((row) => row.detail);
    expect(steps).toContain('SEARCH s USING INDEX stones_memorial_day_idx (memorial_day=?)');
    expect(steps).toContain('SEARCH s USING INDEX stones_created_at_idx (created_at>? AND created_at<?)');
    expect(steps).toContain('SEARCH c USING INDEX collections_created_at_idx (created_at>? AND created_at<?)');
    expect(steps.filter((step) => /^SCAN (s|c|x)\b/.test(step))).toEqual([]);
  });
});

/** Waits until the letter of the year to `recipient` reaches `status` in the outbox. */
async function waitForStatus(recipient: string, status: string) {
  await vi.waitFor(async () => {
    const rows = await lettersTo(recipient);
    if (rows[0]?.status !== status) throw new Error(`letter to ${recipient} is ${rows[0]?.status}`);
  });
}
