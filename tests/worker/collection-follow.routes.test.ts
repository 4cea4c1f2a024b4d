import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { runCron } from '../../src/worker/jobs/cron';
import { call, createStone, expectApiError, postFind, postJson } from '../support/factory';
import { devMails, linkIn, mailsTo, outbox, tokenOf, waitForMails } from '../support/mail';

const SITE = 'https://reisesteine.test';
const COLLECTION = 'grandma7xy';

/** A collection with the given stones (made through the API), written straight into D1. */
async function collectionOf(codes: string[], title = 'Für Oma Lisbeth') {
  await env.DB.prepare("INSERT INTO collections (id, title, creator_email, owner_token_hash) VALUES (?, ?, 'family@example.org', ?)")
    .bind(COLLECTION, title, crypto.randomUUID())
    .run();
  for (const code of codes) await env.DB.prepare('UPDATE stones SET collection_id = ? WHERE code = ?').bind(COLLECTION, code).run();
}

const follow = (id: string, email: string, language = 'en-GB') =>
  postJson(`/api/collections/${id}/notifications`, { email }, { 'accept-language': language });

/** Follows the collection and confirms through the mailed link, as a person would; returns the confirmation mail. */
async function followAndConfirm(email: string, language = 'en-GB') {
  expect((await follow(COLLECTION, email, language)).status).toBe(201);
  const [mail] = await waitForMails(mailsTo(email));
  if (!mail) throw new Error('no confirmation mail');
  const res = await postJson('/api/notifications/confirm', { token: tokenOf(linkIn(mail, `${SITE}/abo/bestaetigen?token=`)) });
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ confirmed: true, code: null, title: 'Für Oma Lisbeth', collectionId: COLLECTION });
  return mail;
}

const followers = async () =>
  (
    await env.DB.prepare('SELECT email, confirmed_at FROM collection_subscriptions ORDER BY email').all<{
      email: string;
      confirmed_at: number | null;
    }>()
  ).results;

const rowsOfKind = async (kind: string) => (await outbox()).filter((row) => row.kind === kind);

describe('following a whole collection (double opt-in)', () => {
  it('stores an unconfirmed follower, mails a confirmation in the follower’s language, and confirms once', async () => {
    const { code } = await createStone();
    await collectionOf([code]);
    const res = await follow(COLLECTION.toUpperCase(), 'Fan@Example.org', 'de-DE');
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ subscribed: true, confirmed: false });
    expect(await followers()).toEqual([{ email: 'fan@example.org', confirmed_at: null }]);
    const [mail] = await waitForMails(mailsTo('fan@example.org'));
    expect(mail?.subject).toBe('Bitte bestätigen: Neuigkeiten zur Sammlung „Für Oma Lisbeth“');
    expect(mail?.text).toContain('wann immer ein Stein der Sammlung „Für Oma Lisbeth“ gefunden wird');
    const token = tokenOf(linkIn(mail ?? ({ text: '' } as never), `${SITE}/abo/bestaetigen?token=`));
    expect(await (await postJson('/api/notifications/confirm', { token })).json()).toEqual({
      confirmed: true,
      code: null,
      title: 'Für Oma Lisbeth',
      collectionId: COLLECTION,
    });
    expect((await followers())[0]?.confirmed_at).not.toBeNull();
    await expectApiError(await postJson('/api/notifications/confirm', { token }), 404, 'LINK_INVALID');
  });

  it('answers a repeated or confirmed address exactly like a new one, with at most one confirmation a day', async () => {
    const { code } = await createStone();
    await collectionOf([code]);
    await followAndConfirm('known@example.org');
    const fresh = await follow(COLLECTION, 'new@example.org');
    const again = await follow(COLLECTION, 'NEW@example.org');
    const known = await follow(COLLECTION, 'known@example.org');
    const answers = [fresh, again, known].map(async (res) => [res.status, await res.json()]);
    const [first, ...rest] = await Promise.all(answers);
    for (const answer of rest) expect(answer).toEqual(first);
    expect((await rowsOfKind('collection-confirm')).map((row) => row.recipient).sort()).toEqual(['known@example.org', 'new@example.org']);
  });

  it('answers 404 COLLECTION_NOT_FOUND for an unknown or malformed collection and writes nothing', async () => {
    await expectApiError(await follow('zzzzzzzzzz', 'fan@example.org'), 404, 'COLLECTION_NOT_FOUND');
    await expectApiError(await follow('not-an-id!', 'fan@example.org'), 404, 'COLLECTION_NOT_FOUND');
    expect(await followers()).toEqual([]);
    expect(await outbox()).toEqual([]);
  });

  it('answers 400 for a bad address and writes nothing', async () => {
    const { code } = await createStone();
    await collectionOf([code]);
    const error = await expectApiError(await follow(COLLECTION, 'not an address'), 400, 'VALIDATION_ERROR');
    expect(error.details).toEqual({ email: 'Please enter a valid e-mail address' });
    expect(await followers()).toEqual([]);
  });

  it('deletes followers that did not confirm within a week, with their links, and keeps confirmed ones', async () => {
    const { code } = await createStone();
    await collectionOf([code]);
    await followAndConfirm('stays@example.org');
    expect((await follow(COLLECTION, 'goes@example.org')).status).toBe(201);
    await waitForMails(mailsTo('goes@example.org'));
    await runCron(env, new Date(Date.now() + 7 * 24 * 60 * 60 * 1000 + 60_000));
    expect((await followers()).map((row) => row.email)).toEqual(['stays@example.org']);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM mail_tokens WHERE purpose = 'confirm-collection'").first('n')).toBe(0);
  });
});

describe('find mails to a collection’s followers', () => {
  it('mail each follower once per find on any of its stones, naming stone and collection, with one-click unsubscribe', async () => {
    const first = await createStone({ title: 'Lisbeths Rose' });
    const second = await createStone({ title: 'Lisbeths Möwe' });
    await collectionOf([first.code, second.code]);
    await followAndConfirm('fan@example.org');

    expect((await postFind(second.code, { location: 'Split', comment: 'Am Hafen' })).status).toBe(201);
    const [mail] = await waitForMails((mails) => mailsTo('fan@example.org')(mails).filter((m) => m.text.includes('Split')));
    expect(mail?.subject).toBe('“Lisbeths Möwe” from the collection “Für Oma Lisbeth” was found');
    expect(mail?.text).toContain(`“Lisbeths Möwe” (${second.code}) from the collection “Für Oma Lisbeth” was found on`);
    expect(mail?.text).toContain(`${SITE}/${second.code}`);
    expect(mail?.text).toContain(`${SITE}/sammlung/${COLLECTION}`);
    expect(mail?.text).toContain('You get this mail because you follow the collection “Für Oma Lisbeth”.');
    expect(mail?.text).not.toContain('creator@example.org');
    expect(mail?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    const url = new URL((mail?.headers['List-Unsubscribe'] ?? '').replace(/^<|>$/g, ''));
    const stop = await call(url.pathname + url.search, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(stop.status).toBe(200);
    expect(await stop.json()).toEqual({ unsubscribed: true, code: null, title: 'Für Oma Lisbeth', collectionId: COLLECTION });
    expect(await followers()).toEqual([]);

    expect((await postFind(first.code, { location: 'Zadar' })).status).toBe(201);
    await waitForMails((mails) => mailsTo('creator@example.org')(mails).filter((m) => m.text.includes('Zadar')));
    expect((await devMails()).filter((m) => m.to === 'fan@example.org' && m.text.includes('Zadar'))).toEqual([]);
    expect((await rowsOfKind('find-collection')).map((row) => row.recipient)).toEqual(['fan@example.org']);
  });

  it('send one mail, not two, to a follower of both the collection and the stone', async () => {
    const { code } = await createStone({ title: 'Lisbeths Rose' });
    await collectionOf([code]);
    await followAndConfirm('both@example.org');
    expect((await postJson(`/api/stones/${code}/notifications`, { email: 'both@example.org' })).status).toBe(201);
    const [confirmation] = await waitForMails((mails) =>
      mailsTo('both@example.org')(mails).filter((m) => m.subject.includes('news about')),
    );
    const token = tokenOf(linkIn(confirmation ?? ({ text: '' } as never), `${SITE}/abo/bestaetigen?token=`));
    expect((await postJson('/api/notifications/confirm', { token })).status).toBe(200);

    expect((await postFind(code, { location: 'Rovinj' })).status).toBe(201);
    await waitForMails((mails) => mailsTo('both@example.org')(mails).filter((m) => m.text.includes('Rovinj')));
    const rows = (await outbox()).filter((row) => row.recipient === 'both@example.org' && row.kind.startsWith('find-'));
    expect(rows.map((row) => row.kind)).toEqual(['find-subscriber']);
  });

  it('send nothing to followers who did not confirm, nor for a find that waits for the owner (flagged)', async () => {
    const { code } = await createStone();
    await collectionOf([code]);
    await followAndConfirm('fan@example.org');
    expect((await follow(COLLECTION, 'waiting@example.org')).status).toBe(201);
    // The same client twice within the hour: the second find is flagged and its followers hear of the next one.
    const headers = { 'cf-connecting-ip': '203.0.113.77' };
    expect((await postFind(code, { location: 'Pula' }, headers)).status).toBe(201);
    expect((await postFind(code, { location: 'Pula again' }, headers)).status).toBe(201);
    const rows = await rowsOfKind('find-collection');
    expect(rows.map((row) => [row.recipient, JSON.parse(row.payload).find.location])).toEqual([['fan@example.org', 'Pula']]);
  });
});
