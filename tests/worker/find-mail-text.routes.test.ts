import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { intlTag, type Locale } from '../../src/shared/i18n/locale';
import type { DevMail } from '../../src/worker/mail/transport';
import { createStone, postFind, postJson } from '../support/factory';
import { linkIn, mailsTo, outbox, tokenOf, waitForMails } from '../support/mail';
import { EXPECTED_FOUND_AGAIN_TEXTS, EXPECTED_MAILS, EXPECTED_ROWS } from './find-mail-text.expected';

const SITE = 'https://reisesteine.test';

/** Subscribes in `language` and confirms through the mailed link. */
async function subscribeAndConfirm(code: string, email: string, language: string) {
  const res = await postJson(`/api/stones/${code}/notifications`, { email }, { 'accept-language': language });
  expect(res.status).toBe(201);
  const [mail] = await waitForMails(mailsTo(email));
  if (!mail) throw new Error('no confirmation mail');
  const confirmed = await postJson('/api/notifications/confirm', { token: tokenOf(linkIn(mail, `${SITE}/abo/bestaetigen?token=`)) });
  expect(confirmed.status).toBe(200);
}

const when = (iso: string, locale: Locale) =>
  new Intl.DateTimeFormat(intlTag[locale], { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Berlin' }).format(new Date(iso));

/**
 * Both find mails byte for byte (decision record 009): the outbox rows a find's batch writes (to the owner and to
 * every confirmed subscriber, each in its reader's language; a flagged find only to the owner) and the mails the
 * consumer sends from them. What differs per run (ids, code, times, tokens) is named before comparing.
 */
describe('find mails, word for word', () => {
  it('writes and sends the owner’s and the subscribers’ find mails exactly so', async () => {
    const { code } = await createStone({ creatorEmail: 'pin-owner@example.org', title: 'Omas Stein & "Co"' });
    await env.DB.prepare("UPDATE stones SET locale = 'de' WHERE code = ?").bind(code).run();
    await subscribeAndConfirm(code, 'pin-en@example.org', 'en-GB');
    await subscribeAndConfirm(code, 'pin-de@example.org', 'de-DE');

    const berlin = { location: 'Berlin <Mitte>', latitude: 52.52, longitude: 13.405, comment: 'Schön!' };
    expect((await postFind(code, berlin, { 'accept-language': 'en-US' })).status).toBe(201);
    // Milliseconds later and 500 km away: flagged, so only the owner hears of it, with the flag's words.
    expect((await postFind(code, { location: 'München', latitude: 48.137, longitude: 11.575 })).status).toBe(201);

    const stoneId = (await env.DB.prepare('SELECT id FROM stones WHERE code = ?').bind(code).first<string>('id')) ?? '';
    const subs = await env.DB.prepare('SELECT id, email FROM subscriptions').all<{ id: string; email: string }>();
    const finds = await env.DB.prepare('SELECT id, created_at FROM finds ORDER BY seq').all<{ id: string; created_at: number }>();
    const names: Array<[string, string]> = [
      [code, '<code>'],
      [stoneId, '<stone>'],
    ];
    for (const sub of subs.results) names.push([sub.id, `<sub ${sub.email}>`]);
    finds.results.forEach((find, i) => {
      const iso = new Date(find.created_at).toISOString();
      names.push([find.id, `<find ${i + 1}>`], [iso, `<at ${i + 1}>`]);
      // Both finds may fall into one minute or two: their dates in the mails get one name.
      for (const locale of ['de', 'en'] as const) names.push([when(iso, locale), '<when>']);
    });
    const named = (value: string) =>
      names.reduce((text, [from, to]) => text.replaceAll(from, to), value).replace(/token=[\w-]{43}/g, 'token=<token>');

    const rows = (await outbox())
      .filter((row) => row.kind.startsWith('find-'))
      .map(({ kind, dedupe_key, recipient, locale, subject, payload, status }) =>
        [kind, dedupe_key, recipient, locale, subject, payload, status].map(named),
      )
      .sort((a, b) => `${a[1]}`.localeCompare(`${b[1]}`));

    const isFindMail = (mail: DevMail) => mail.text.includes(`(${code})`) && !mail.text.includes('/abo/bestaetigen');
    const mails = await waitForMails((all) => all.filter(isFindMail), 4);
    const sent = mails
      .map((mail) => ({
        to: mail.to,
        subject: named(mail.subject),
        text: named(mail.text),
        html: named(mail.html),
        listUnsubscribe: named(mail.headers['List-Unsubscribe'] ?? ''),
        listUnsubscribePost: mail.headers['List-Unsubscribe-Post'] ?? '',
      }))
      .sort((a, b) => `${a.to} ${a.text}`.localeCompare(`${b.to} ${b.text}`));
    expect(rows).toEqual(EXPECTED_ROWS);
    expect(sent).toEqual(EXPECTED_MAILS);
  });

  it('says that a missing stone was found again after so many days and that its finder keeps it, to the owner and the followers', async () => {
    const { code } = await createStone({ creatorEmail: 'again-owner@example.org', title: 'Vermisster Stein' });
    await subscribeAndConfirm(code, 'again-en@example.org', 'en-GB');
    // Missing since it was last seen 40 days ago (and a bit: the days are whole days).
    const lastSeen = Date.now() - 40 * 24 * 60 * 60 * 1000 - 60_000;
    await env.DB.prepare("UPDATE stones SET locale = 'de', status = 'missing', last_seen_at = ? WHERE code = ?").bind(lastSeen, code).run();
    expect((await postFind(code, { location: 'Lübeck', keep: true })).status).toBe(201);

    const mails = await waitForMails((all) => all.filter((mail) => mail.text.includes(`(${code})`) && mail.text.includes('Lübeck')), 2);
    const texts = Object.fromEntries(
      mails.map((mail) => [mail.to, mail.text.replaceAll(code, '<code>').replace(/token=[\w-]{43}/g, 'token=<token>')]),
    );
    const [find] = (await env.DB.prepare('SELECT created_at FROM finds WHERE location = ?').bind('Lübeck').all<{ created_at: number }>())
      .results;
    const at = new Date(find?.created_at ?? 0).toISOString();
    expect(texts).toEqual({
      'again-owner@example.org': EXPECTED_FOUND_AGAIN_TEXTS.owner.replace('<when>', when(at, 'de')),
      'again-en@example.org': EXPECTED_FOUND_AGAIN_TEXTS.follower.replace('<when>', when(at, 'en')),
    });
  });
});
