import { env } from 'cloudflare:test';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { intlTag, LOCALES, type Locale } from '../../src/shared/i18n/locale';
import { call, createStone, expectApiError, postFind, postJson } from '../support/factory';
import { linkIn, mailsTo, tokenOf, waitForMails } from '../support/mail';

const SITE = 'https://reisesteine.test';

// The Worker's finder texts in every language, as the tests read them (the build compiles the same files).
const catalogs = import.meta.glob<Record<string, string>>('../../src/worker/i18n/*.json', { eager: true, import: 'default' });
const ui = import.meta.glob<Record<string, string>>('../../src/shared/i18n/*.json', { eager: true, import: 'default' });
// The stone page's parts (its state, map frame, newest finds) bring their texts in a namespace of their own.
const parts = import.meta.glob<Record<string, string>>('../../src/shared/i18n/stone-parts/*.json', { eager: true, import: 'default' });
function say(locale: Locale, id: string, values?: Record<string, string | number>): string {
  const message =
    catalogs[`../../src/worker/i18n/${locale}.json`]?.[id] ??
    ui[`../../src/shared/i18n/${locale}.json`]?.[id] ??
    parts[`../../src/shared/i18n/stone-parts/${locale}.json`]?.[id];
  if (message === undefined) throw new Error(`no text ${id} in ${locale}`);
  return String(new IntlMessageFormat(message, intlTag[locale]).format(values));
}

describe('the finder’s language, one of eleven', () => {
  it.each(LOCALES)('answers API errors in %s, picked from Accept-Language with quality values', async (locale) => {
    const res = await call('/api/stones/NOT-A-CODE', { headers: { 'accept-language': `pt-BR,pt;q=0.9,${locale};q=0.8,en;q=0.1` } });
    expect(res.status).toBe(400);
    const body = await res.json<{ error: { message: string } }>();
    expect(body.error.message).toBe(say(locale, 'server.api.invalidCode'));
    expect(res.headers.get('vary')).toContain('Accept-Language');
  });

  it.each(LOCALES)('renders the stone page in %s (one edge-cache copy per language: edge-cache.routes.test.ts)', async (locale) => {
    const { code } = await createStone({ title: 'Kamen s Hvara' });
    const res = await call(`/${code}`, { headers: { accept: 'text/html', 'accept-language': intlTag[locale] } });
    const html = await res.text();
    expect(html).toMatch(new RegExp(`<html[^>]* lang="${locale}"`));
    expect(html).toContain(say(locale, 'stone-parts.noFinds'));
  });

  it('writes a follower’s mails in the language they subscribed in, and the owner’s in German or English', async () => {
    const owner = 'owner-hr@example.org';
    const created = await postJson('/api/stones', { creatorEmail: owner, title: 'Putnik' }, { 'accept-language': 'hr-HR' });
    expect(created.status).toBe(201);
    const { code } = await created.json<{ code: string }>();
    // A creator reading Croatian gets the owner's mails in English: the creator's screens are German and English.
    const [welcome] = await waitForMails(mailsTo(owner));
    expect(welcome?.subject).toBe(`Your stone “Putnik” is registered (${code})`);
    const stored = await env.DB.prepare('SELECT locale FROM stones WHERE code = ?').bind(code).first<{ locale: string }>();
    expect(stored?.locale).toBe('en');

    const follower = 'pratitelj@example.org';
    const subscribed = await postJson(`/api/stones/${code}/notifications`, { email: follower }, { 'accept-language': 'pl-PL,pl;q=0.9' });
    expect(subscribed.status).toBe(201);
    const [confirmation] = await waitForMails(mailsTo(follower));
    expect(confirmation?.subject).toBe(say('pl', 'server.mail.confirm.subject', { title: 'Putnik' }));
    expect(confirmation?.html).toContain(say('pl', 'server.mail.confirm.button'));
    const token = tokenOf(linkIn(confirmation ?? ({ text: '' } as never), `${SITE}/abo/bestaetigen?token=`));
    expect((await postJson('/api/notifications/confirm', { token })).status).toBe(200);

    // A find logged by someone reading Greek: the follower reads Polish, the owner English.
    const found = await postFind(code, { location: 'Riva, Split', latitude: 43.508, longitude: 16.44 }, { 'accept-language': 'el' });
    expect(found.status).toBe(201);
    const subject = say('pl', 'server.mail.find.subscriberSubject', { title: 'Putnik' });
    const [findMail] = await waitForMails((mails) => mailsTo(follower)(mails).filter((mail) => mail.subject === subject));
    expect(findMail?.html).toContain('<html lang="pl">');
    expect(findMail?.text).toContain(say('pl', 'server.mail.find.where', { location: 'Riva, Split' }));
    const ownerMails = await waitForMails(mailsTo(owner), 2);
    expect(ownerMails.map((mail) => mail.subject)).toContain('Your stone “Putnik” was found');
  });
});

describe('the language switch', () => {
  it('a chosen language (the lang cookie) wins over the browser’s, for pages and API messages alike', async () => {
    const headers = { accept: 'text/html', 'accept-language': 'de-DE,de;q=0.9', cookie: 'theme=dark; lang=en' };
    const page = await call('/stein-vorbereiten', { headers });
    expect(await page.text()).toMatch(/^<!DOCTYPE html><html lang="en">[\s\S]*<title>Preparing a stone – Reisesteine<\/title>/);
    const error = await expectApiError(await call('/api/stones/XYZ', { headers }), 400, 'INVALID_CODE');
    expect(error.message).toBe('The code must be in the format XXX-XXX-XXX (e.g. ABC-123-DEF).');
  });

  it('ignores a cookie that names no language of the site, and answers vary with the cookie', async () => {
    const res = await call('/stein-vorbereiten', { headers: { accept: 'text/html', 'accept-language': 'de', cookie: 'lang=pt' } });
    expect(await res.text()).toContain('<html lang="de">');
    expect(res.headers.get('vary')).toContain('Cookie');
  });
});
