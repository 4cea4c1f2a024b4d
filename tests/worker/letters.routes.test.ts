/**
 * Letters instead of floods (decision record 037): a reader's choice of how often they hear, the find mails held
 * for a letter, the cron's daily and weekly letters sent through the real queue, each find told once.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { NotificationPreferences, OwnerCollectionView, OwnerStoneView } from '../../src/shared/types';
import { writeLetters } from '../../src/worker/mail/letters';
import { createCollection } from '../support/collections';
import { call, createStone, expectApiError, postFind, postJson } from '../support/factory';
import { devMails, linkIn, mailsTo, outbox, tokenOf, waitForMails } from '../support/mail';

const SITE = 'https://reisesteine.test';
/** Monday 30 November 2026, 08:05 in Berlin (07:05 UTC): the daily and the weekly letters are due. */
const MONDAY_MORNING = new Date('2026-11-30T07:05:00Z');
/** Tuesday 1 December, 08:05 in Berlin: only the daily letters. */
const TUESDAY_MORNING = new Date('2026-12-01T07:05:00Z');

/** A confirmed follower of the stone, in `locale`, choosing `frequency` (as the preferences page would). */
async function follower(code: string, email: string, frequency = 'instant', locale = 'de') {
  const id = crypto.randomUUID();
  await env.DB.prepare(
    `INSERT INTO subscriptions (id, stone_id, email, locale, confirmed_at, frequency, created_at)
     SELECT ?, id, ?, ?, 1, ?, 1 FROM stones WHERE code = ?`,
  )
    .bind(id, email, locale, frequency, code)
    .run();
  return id;
}

const find = async (code: string, location: string, comment = '') => {
  const res = await postFind(code, { location, comment }, { 'cf-connecting-ip': `203.0.113.${Math.floor(Math.random() * 200) + 1}` });
  expect(res.status, await res.clone().text()).toBe(201);
};
const held = async (recipient: string) => (await outbox()).filter((row) => row.recipient === recipient && row.status === 'held');
const preferences = (body: unknown) => postJson('/api/notifications/preferences', body);

describe('how often a reader hears', () => {
  it("is a follower's choice through the link of any find mail, which answers and changes it", async () => {
    const { code } = await createStone({ title: 'Omas Meerstein' });
    await follower(code, 'folgt@example.org');
    await find(code, 'Kiel');
    const [mail] = await waitForMails(mailsTo('folgt@example.org'));
    if (!mail) throw new Error('no find mail');
    // The find mail carries the preferences link beside its one-click stop, with the same token.
    const link = linkIn(mail, `${SITE}/abo/einstellungen?token=`);
    expect(tokenOf(link)).toBe(tokenOf(linkIn(mail, `${SITE}/abo/abmelden?token=`)));
    expect(mail.text).toContain('Lieber seltener? Hier wählst du einen täglichen oder wöchentlichen Brief:');
    const token = tokenOf(link);
    const read = await preferences({ token });
    expect(read.status).toBe(200);
    expect(await read.json<NotificationPreferences>()).toEqual({
      reader: 'stone',
      frequency: 'instant',
      choices: ['instant', 'daily', 'weekly'],
      title: 'Omas Meerstein',
      code,
      collectionId: null,
      // A stone without a memorial day has no letter of the year for its followers.
      memorialLetter: false,
      memorialDay: null,
      memorialAnniversary: false,
    });
    const changed = await preferences({ token, frequency: 'weekly' });
    expect((await changed.json<NotificationPreferences>()).frequency).toBe('weekly');
    expect((await (await preferences({ token })).json<NotificationPreferences>()).frequency).toBe('weekly');
    // A follower unsubscribes instead of choosing "off"; a made-up choice or link is refused in the one error shape.
    await expectApiError(await preferences({ token, frequency: 'off' }), 400, 'VALIDATION_ERROR');
    await expectApiError(await preferences({ token, frequency: 'hourly' }), 400, 'VALIDATION_ERROR');
    await expectApiError(await preferences({ token: 'x'.repeat(43) }), 404, 'LINK_INVALID');
    await expectApiError(await preferences({}), 400, 'VALIDATION_ERROR');
  });

  it("is the owner's notify on the owner page, with notifyOnFind kept as its contract says", async () => {
    const { adminToken } = await createStone();
    const patch = (body: unknown) =>
      call(`/api/admin/stones/${adminToken}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const daily = await (await patch({ notify: 'daily' })).json<OwnerStoneView>();
    expect([daily.notify, daily.notifyOnFind]).toEqual(['daily', true]);
    const off = await (await patch({ notifyOnFind: false })).json<OwnerStoneView>();
    expect([off.notify, off.notifyOnFind]).toEqual(['off', false]);
    const on = await (await patch({ notifyOnFind: true })).json<OwnerStoneView>();
    expect([on.notify, on.notifyOnFind]).toEqual(['instant', true]);
    await expectApiError(await patch({ notify: 'off', notifyOnFind: true }), 400, 'VALIDATION_ERROR');
    await expectApiError(await patch({ notify: 'monthly' }), 400, 'VALIDATION_ERROR');
  });
});

describe('a weekly follower', () => {
  it('gets one letter on Monday with the finds of every stone they follow, once, and the next find in the next', async () => {
    const first = await createStone({ title: 'Opas Wanderstein' });
    const second = await createStone({ title: 'Tante Elses Stein' });
    await follower(first.code, 'woche@example.org', 'weekly');
    await follower(second.code, 'woche@example.org', 'weekly');
    await find(first.code, 'Hamburg', 'Am Hafen gefunden');
    await find(second.code, 'Lübeck');
    await find(first.code, 'Bremen');
    // Held, not sent: no mail reaches the follower before the letter.
    expect(await held('woche@example.org')).toHaveLength(3);
    expect((await devMails()).filter((mail) => mail.to === 'woche@example.org')).toEqual([]);
    // Tuesday writes the daily letters only: a weekly follower has none.
    expect(await writeLetters(env, TUESDAY_MORNING)).toBe(0);

    expect(await writeLetters(env, MONDAY_MORNING)).toBe(1);
    // The cron running again that day writes nothing more.
    expect(await writeLetters(env, new Date(MONDAY_MORNING.getTime() + 5 * 60_000))).toBe(0);
    const [letter] = await waitForMails(mailsTo('woche@example.org'));
    if (!letter) throw new Error('no letter');
    expect(letter.subject).toBe('Neue Funde – dein Wochenbrief');
    expect(letter.text).toContain('Opas Wanderstein: 2 neue Funde');
    expect(letter.text).toContain('Tante Elses Stein: 1 neuer Fund');
    expect(letter.text).toContain('Hamburg');
    expect(letter.text).toContain('„Am Hafen gefunden“');
    expect(letter.text).toContain(`${SITE}/${first.code}`);
    expect(letter.text.match(/\/abo\/einstellungen\?token=/g)).toHaveLength(2);
    expect(letter.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(await held('woche@example.org')).toEqual([]);

    // A find after the letter waits for the next Monday's, which tells only it.
    await find(second.code, 'Rostock');
    const nextMonday = new Date(MONDAY_MORNING.getTime() + 7 * 24 * 60 * 60_000);
    expect(await writeLetters(env, nextMonday)).toBe(1);
    const letters = await waitForMails(mailsTo('woche@example.org'), 2);
    const newest = letters.find((mail) => mail.text.includes('Rostock'));
    expect(newest?.text).toContain('Tante Elses Stein: 1 neuer Fund');
    expect(newest?.text).not.toContain('Hamburg');
  });

  it("stops every reading its letter told with the letter's one click", async () => {
    const { code } = await createStone();
    await follower(code, 'schluss@example.org', 'daily');
    await find(code, 'Kassel');
    expect(await writeLetters(env, TUESDAY_MORNING)).toBe(1);
    const [letter] = await waitForMails(mailsTo('schluss@example.org'));
    const unsubscribe = letter?.headers?.['List-Unsubscribe']?.slice(1, -1) ?? '';
    const res = await call(unsubscribe.slice(SITE.length), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    const left = await env.DB.prepare('SELECT count(*) AS n FROM subscriptions WHERE email = ?')
      .bind('schluss@example.org')
      .first<{ n: number }>();
    expect(left?.n).toBe(0);
  });
});

describe('a letter', () => {
  it('tells a find as it stands when it goes: one its owner hid since is left out, a removed comment stays removed', async () => {
    const { code, adminToken } = await createStone({ title: 'Stein mit Moderation' });
    await follower(code, 'moderiert@example.org', 'daily');
    await find(code, 'Spam-Ort', 'Kauft bei uns!');
    await find(code, 'Bonn', 'Böser Kommentar');
    await find(code, 'Köln', 'Schön hier');
    const idOf = async (location: string) =>
      (await env.DB.prepare('SELECT id FROM finds WHERE location = ?').bind(location).first<{ id: string }>())?.id ?? '';
    const hide = await call(`/api/admin/stones/${adminToken}/finds/${await idOf('Spam-Ort')}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ hidden: true }),
    });
    expect(hide.status).toBe(200);
    // As the operator's moderation empties it (api/operator/queries.ts clearFindComment).
    await env.DB.prepare("UPDATE finds SET comment = '' WHERE id = ?")
      .bind(await idOf('Bonn'))
      .run();
    expect(await writeLetters(env, TUESDAY_MORNING)).toBe(1);
    const [letter] = await waitForMails(mailsTo('moderiert@example.org'));
    expect(letter?.text).toContain('Köln');
    expect(letter?.text).toContain('„Schön hier“');
    expect(letter?.text).toContain('Bonn');
    expect(letter?.text).not.toContain('Spam-Ort');
    expect(letter?.text).not.toContain('Kauft bei uns');
    expect(letter?.text).not.toContain('Böser Kommentar');
  });
});

describe('a changed choice', () => {
  it('loses no held find: back to instant, the next daily letter brings it; to weekly, the weekly one', async () => {
    const { code } = await createStone({ title: 'Wechselstein' });
    const id = await follower(code, 'wechsel@example.org', 'daily');
    await find(code, 'Erfurt');
    await env.DB.prepare("UPDATE subscriptions SET frequency = 'instant' WHERE id = ?").bind(id).run();
    expect(await writeLetters(env, TUESDAY_MORNING)).toBe(1);
    const [owed] = await waitForMails(mailsTo('wechsel@example.org'));
    expect(owed?.text).toContain('Erfurt');

    await env.DB.prepare("UPDATE subscriptions SET frequency = 'daily' WHERE id = ?").bind(id).run();
    await find(code, 'Jena');
    await env.DB.prepare("UPDATE subscriptions SET frequency = 'weekly' WHERE id = ?").bind(id).run();
    const wednesday = new Date(TUESDAY_MORNING.getTime() + 24 * 60 * 60_000);
    expect(await writeLetters(env, wednesday)).toBe(0);
    expect(await held('wechsel@example.org')).toHaveLength(1);
    const monday = new Date(MONDAY_MORNING.getTime() + 7 * 24 * 60 * 60_000);
    expect(await writeLetters(env, monday)).toBe(1);
    const letters = await waitForMails(mailsTo('wechsel@example.org'), 2);
    expect(letters.filter((mail) => mail.text.includes('Jena'))).toHaveLength(1);
  });

  it('sends nothing before DIGEST_HOUR, and nothing at all to a reader without news', async () => {
    const { code } = await createStone();
    await follower(code, 'frueh@example.org', 'daily');
    await find(code, 'Gotha');
    expect(await writeLetters(env, new Date('2026-12-01T06:59:00Z'))).toBe(0);
    expect(await writeLetters({ ...env, DIGEST_HOUR: '9' }, TUESDAY_MORNING)).toBe(0);
    // Nobody else holds anything: the day's letters are one, for this reader.
    expect(await writeLetters({ ...env, DIGEST_HOUR: '9' }, new Date('2026-12-01T08:01:00Z'))).toBe(1);
  });
});

describe('a daily owner of a collection', () => {
  it('gets one letter for finds on several of its stones', async () => {
    const created = await createCollection({ creatorEmail: 'familie@example.org', count: 3 }, { 'accept-language': 'de-DE' });
    const patched = await call(`/api/admin/collections/${created.adminToken}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ notify: 'daily' }),
    });
    expect((await patched.json<OwnerCollectionView>()).notify).toBe('daily');
    const [one, two] = created.stones;
    if (!one || !two) throw new Error('no stones');
    await find(one.code, 'Leipzig');
    await find(two.code, 'Dresden');
    await find(two.code, 'Meißen');
    expect(await writeLetters(env, TUESDAY_MORNING)).toBe(1);
    const letters = await waitForMails((mails) =>
      mailsTo('familie@example.org')(mails).filter((mail) => mail.subject.includes('Tagesbrief')),
    );
    const letter = letters[0];
    expect(letter?.text).toContain('Leipzig');
    expect(letter?.text).toContain('Dresden');
    expect(letter?.text).toContain('Meißen');
    expect((await outbox()).filter((row) => row.recipient === 'familie@example.org' && row.kind === 'letter')).toHaveLength(1);
  });
});
