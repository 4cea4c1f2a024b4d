import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { runCron } from '../../src/worker/jobs/cron';
import { call, createStone, expectApiError, postFind, postJson } from '../support/factory';
import { devMails, linkIn, mailsTo, outbox, tokenOf, waitForMails } from '../support/mail';

const SITE = 'https://reisesteine.test';
const BERLIN = { latitude: 52.52, longitude: 13.405 };
const subscribe = (code: string, email: string, language = 'en-GB') =>
  postJson(`/api/stones/${code}/notifications`, { email }, { 'accept-language': language });

/** Subscribes and confirms through the mailed link, as a person would; returns the confirmation mail. */
async function subscribeAndConfirm(code: string, email: string) {
  expect((await subscribe(code, email)).status).toBe(201);
  const [mail] = await waitForMails(mailsTo(email));
  if (!mail) throw new Error('no confirmation mail');
  const res = await postJson('/api/notifications/confirm', { token: tokenOf(linkIn(mail, `${SITE}/abo/bestaetigen?token=`)) });
  expect(res.status).toBe(200);
  return mail;
}

/** The RFC 8058 one-click request a mail client sends: a POST to the header's address, no cookies, no page. */
function oneClick(listUnsubscribe: string | undefined) {
  const url = (listUnsubscribe ?? '').replace(/^<|>$/g, '');
  return call(new URL(url).pathname + new URL(url).search, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
}

const rowsOfKind = async (kind: string) => (await outbox()).filter((row) => row.kind === kind);

describe('subscriptions are double opt-in', () => {
  it('mails a confirmation link; only after confirming does the address get find mails, each with one-click unsubscribe', async () => {
    const { code } = await createStone({ creatorEmail: 'owner@example.org', title: 'Omas Gartenstein' });
    const confirmation = await subscribeAndConfirm(code, 'fan@example.org');
    expect(confirmation.subject).toBe('Please confirm: news about “Omas Gartenstein”');
    expect(confirmation.headers['List-Unsubscribe']).toBeUndefined();

    expect((await postFind(code, { location: 'Berlin', ...BERLIN, comment: 'Am Brandenburger Tor' })).status).toBe(201);
    const [findMail] = await waitForMails((mails) => mailsTo('fan@example.org')(mails).filter((m) => m.subject.includes('found again')));
    expect(findMail?.text).toContain('Where: Berlin');
    expect(findMail?.text).toContain('The finder wrote: “Am Brandenburger Tor”');
    expect(findMail?.text).toContain('https://www.openstreetmap.org/?mlat=52.52000&mlon=13.40500');
    expect(findMail?.text).toContain(`${SITE}/${code}`);
    expect(findMail?.headers['List-Unsubscribe']).toMatch(
      /^<https:\/\/reisesteine\.test\/api\/notifications\/unsubscribe\?token=[\w-]{43}>$/,
    );
    expect(findMail?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    // Never anyone else's address.
    expect(findMail?.text).not.toContain('owner@example.org');

    const stop = await oneClick(findMail?.headers['List-Unsubscribe']);
    expect(stop.status).toBe(200);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM subscriptions').first('n')).toBe(0);

    expect((await postFind(code, { location: 'Hamburg' })).status).toBe(201);
    await waitForMails((mails) => mailsTo('owner@example.org')(mails).filter((m) => m.text.includes('Hamburg')));
    expect((await devMails()).filter((m) => m.to === 'fan@example.org' && m.text.includes('Hamburg'))).toEqual([]);
    expect((await rowsOfKind('find-subscriber')).map((row) => row.recipient)).toEqual(['fan@example.org']);
  });

  it('sends no find mail to an address that did not confirm', async () => {
    const { code } = await createStone();
    expect((await subscribe(code, 'waiting@example.org')).status).toBe(201);
    expect((await postFind(code, { location: 'Köln' })).status).toBe(201);
    expect(await rowsOfKind('find-subscriber')).toEqual([]);
  });

  it('answers a repeated request exactly like the first and sends at most one confirmation a day', async () => {
    const { code } = await createStone();
    const first = await subscribe(code, 'again@example.org');
    const second = await subscribe(code, 'AGAIN@example.org');
    expect([first.status, await first.json()]).toEqual([second.status, await second.json()]);
    expect((await rowsOfKind('confirm')).length).toBe(1);
  });

  it('answers a confirmed address like a new one and sends it nothing', async () => {
    const { code } = await createStone();
    await subscribeAndConfirm(code, 'known@example.org');
    const fresh = await subscribe(code, 'new@example.org');
    const known = await subscribe(code, 'known@example.org');
    expect([known.status, await known.json()]).toEqual([fresh.status, await fresh.json()]);
    expect((await rowsOfKind('confirm')).map((row) => row.recipient).sort()).toEqual(['known@example.org', 'new@example.org']);
  });

  it('uses a confirmation link once', async () => {
    const { code } = await createStone();
    expect((await subscribe(code, 'once@example.org')).status).toBe(201);
    const [mail] = await waitForMails(mailsTo('once@example.org'));
    const token = tokenOf(linkIn(mail ?? ({ text: '' } as never), `${SITE}/abo/bestaetigen?token=`));
    expect(await (await postJson('/api/notifications/confirm', { token })).json()).toEqual({
      confirmed: true,
      code,
      title: 'Opas Reisestein',
    });
    await expectApiError(await postJson('/api/notifications/confirm', { token }), 404, 'LINK_INVALID');
  });

  it('deletes addresses that were not confirmed within a week, and keeps confirmed ones', async () => {
    const { code } = await createStone();
    await subscribeAndConfirm(code, 'stays@example.org');
    expect((await subscribe(code, 'goes@example.org')).status).toBe(201);
    await runCron(env, new Date(Date.now() + 7 * 24 * 60 * 60 * 1000 + 60_000));
    const { results } = await env.DB.prepare('SELECT email FROM subscriptions').all<{ email: string }>();
    expect(results.map((row) => row.email)).toEqual(['stays@example.org']);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM mail_tokens WHERE purpose = 'confirm'").first('n')).toBe(0);
  });

  it('unsubscribes from the page button with the token as JSON, and says a used link is not valid any more', async () => {
    const { code } = await createStone();
    await subscribeAndConfirm(code, 'page@example.org');
    expect((await postFind(code, { location: 'Bonn' })).status).toBe(201);
    const [findMail] = await waitForMails((mails) => mailsTo('page@example.org')(mails).filter((m) => m.text.includes('Bonn')));
    const token = tokenOf(linkIn(findMail ?? ({ text: '' } as never), `${SITE}/abo/abmelden?token=`));
    expect(await (await postJson('/api/notifications/unsubscribe', { token })).json()).toEqual({
      unsubscribed: true,
      code,
      title: 'Opas Reisestein',
    });
    await expectApiError(await postJson('/api/notifications/unsubscribe', { token }), 404, 'LINK_INVALID');
  });

  it('refuses a one-click POST without the RFC 8058 body', async () => {
    const res = await call('/api/notifications/unsubscribe?token=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'unsubscribe=yes',
    });
    await expectApiError(res, 400, 'VALIDATION_ERROR');
  });
});

describe('find mails to the owner', () => {
  it('tell title, code, place, comment, date and distance in the owner’s language, with a one-click stop', async () => {
    const { code } = await createStone({ creatorEmail: 'besitzer@example.org', title: 'Opas Stein' });
    // The creator wrote in German: their mails are German, whatever language the finder uses.
    await env.DB.prepare("UPDATE stones SET locale = 'de' WHERE code = ?").bind(code).run();
    expect((await postFind(code, { location: 'Berlin', ...BERLIN, comment: 'Schön!' }, { 'accept-language': 'en-US' })).status).toBe(201);
    const [mail] = await waitForMails((mails) => mailsTo('besitzer@example.org')(mails).filter((m) => m.subject.includes('gefunden')));
    expect(mail?.subject).toBe('Dein Stein „Opas Stein“ wurde gefunden');
    expect(mail?.text).toContain(`„Opas Stein“ (${code}) wurde am `);
    expect(mail?.text).toContain('Fundort: Berlin');
    expect(mail?.text).toContain('Der Finder schreibt: „Schön!“');
    expect(mail?.text).toContain('Er ist jetzt 0,0 km gereist.');
    expect(mail?.html).toContain('lang="de"');
    expect(mail?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    expect((await oneClick(mail?.headers['List-Unsubscribe'])).status).toBe(200);
    expect(await env.DB.prepare('SELECT notify_on_find FROM stones WHERE code = ?').bind(code).first('notify_on_find')).toBe(0);
    expect((await postFind(code, { location: 'Potsdam' })).status).toBe(201);
    expect((await rowsOfKind('find-owner')).length).toBe(1);
  });

  it('escape the stone’s title and the finder’s words in the HTML', async () => {
    const { code } = await createStone({ creatorEmail: 'html@example.org', title: '<b>Oma</b> & "Opa"' });
    expect((await postFind(code, { location: '<img src=x onerror=alert(1)>' })).status).toBe(201);
    const [mail] = await waitForMails((mails) => mailsTo('html@example.org')(mails).filter((m) => m.subject.includes('found')));
    expect(mail?.html).toContain('&lt;b&gt;Oma&lt;/b&gt; &amp; &quot;Opa&quot;');
    expect(mail?.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail?.html).not.toContain('<img src=x');
    expect(mail?.text).toContain('Where: <img src=x onerror=alert(1)>');
  });
});

describe('a finder who gives an address', () => {
  it('gets a "follow this stone?" confirmation, not a mail about their own find, and nothing more unless they confirm', async () => {
    const { code } = await createStone();
    expect((await postFind(code, { location: 'Dresden', finderEmail: 'finder@example.org' })).status).toBe(201);
    const [mail] = await waitForMails(mailsTo('finder@example.org'));
    expect(mail?.subject).toBe('Follow the journey of “Opas Reisestein”?');
    expect(await rowsOfKind('find-subscriber')).toEqual([]);
    const stone = await (await call(`/api/stones/${code}`)).text();
    expect(stone).not.toContain('finder@example.org');

    expect((await postFind(code, { location: 'Leipzig' })).status).toBe(201);
    expect(await rowsOfKind('find-subscriber')).toEqual([]);
  });
});

describe('owner link by mail', () => {
  it('answers 202 the same way for a wrong address and sends nothing', async () => {
    const { code } = await createStone({ creatorEmail: 'real@example.org' });
    const before = (await outbox()).length;
    const wrong = await postJson(`/api/stones/${code}/owner-link`, { email: 'someone@example.org' });
    const right = await postJson(`/api/stones/${code}/owner-link`, { email: 'Real@Example.org' });
    expect([wrong.status, await wrong.json()]).toEqual([right.status, await right.json()]);
    expect(wrong.status).toBe(202);
    expect((await outbox()).length).toBe(before + 1);
  });

  it('mails the creator a new working link, leaves the old one working, and sends at most one an hour', async () => {
    const { code, adminToken } = await createStone({ creatorEmail: 'real@example.org', title: 'Vergessen' });
    expect((await postJson(`/api/stones/${code}/owner-link`, { email: 'REAL@example.org' })).status).toBe(202);
    const [mail] = await waitForMails((mails) => mailsTo('real@example.org')(mails).filter((m) => m.subject.includes('owner link')));
    const link = linkIn(mail ?? ({ text: '' } as never), `${SITE}/admin/stone/`);
    const token = link.slice(`${SITE}/admin/stone/`.length);
    expect(token).not.toBe(adminToken);
    expect((await call(`/api/admin/stones/${token}`)).status).toBe(200);
    expect((await call(`/api/admin/stones/${adminToken}`)).status).toBe(200);

    expect((await postJson(`/api/stones/${code}/owner-link`, { email: 'real@example.org' })).status).toBe(202);
    expect((await rowsOfKind('owner-link')).length).toBe(1);
    // The stored subject (the operator's list of failed mails shows it) names the stone's title.
    expect((await rowsOfKind('owner-link'))[0]?.subject).toBe('Your owner link for “Vergessen”');
  });

  it('gives the creation mail its own working owner link and the QR code link', async () => {
    const { code } = await createStone({ creatorEmail: 'new-owner@example.org' });
    const [mail] = await waitForMails(mailsTo('new-owner@example.org'));
    const link = linkIn(mail ?? ({ text: '' } as never), `${SITE}/admin/stone/`);
    expect((await call(new URL(link).pathname.replace('/admin/stone/', '/api/admin/stones/'))).status).toBe(200);
    expect(mail?.text).toContain(`${SITE}/api/stones/${code}/qr.svg`);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM owner_tokens').first('n')).toBe(1);
  });
});
