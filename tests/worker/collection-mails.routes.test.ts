/**
 * A memorial collection's mails as their readers get them, in German and English: the one creation mail for the
 * whole set and "send me my owner link". Each carries a fresh collection owner link, made when it is sent.
 */
import { env } from 'cloudflare:test';
import { describe, expect, inject, it, vi } from 'vitest';
import { getDb } from '../../src/worker/db/client';
import { insertMail } from '../../src/worker/mail/queries';
import { createCollection, readOwnerCollection, rowCount } from '../support/collections';
import { postJson } from '../support/factory';
import { deliver, linkIn, mailsTo, outbox, waitForMails } from '../support/mail';

const SITE = 'https://reisesteine.test';

describe('the creation mail of a collection', () => {
  it('gives the German creator the page, the label sheet and a working owner link of its own', async () => {
    const created = await createCollection({ creatorEmail: 'oma-de@example.org', count: 3 }, { 'accept-language': 'de-DE' });
    const [mail] = await waitForMails(mailsTo('oma-de@example.org'));
    if (!mail) throw new Error('no creation mail');
    expect(mail.subject).toBe('Deine Sammlung „Für Oma Lisbeth“ ist angelegt');
    expect(mail.text).toContain('deine Sammlung „Für Oma Lisbeth“ mit 3 Steinen ist angelegt.');
    expect(mail.text).toContain(`Die Seite der Sammlung mit allen Steinen und ihrer gemeinsamen Reise:\n${SITE}/sammlung/${created.id}`);
    expect(mail.text).toContain(
      `Die Etiketten aller Steine zum Ausdrucken (mehrere pro Seite, mit Schnittlinien):\n${SITE}/sammlung/${created.id}/etiketten`,
    );
    expect(mail.text).toContain('Dein Admin-Link für die Sammlung');
    expect(mail.html).toContain(`href="${SITE}/sammlung/${created.id}"`);
    const link = linkIn(mail, `${SITE}/admin/sammlung/`);
    const token = link.slice(`${SITE}/admin/sammlung/`.length);
    // A new link, not the one the creation answered: both open the collection's owner page.
    expect(token).not.toBe(created.adminToken);
    expect((await readOwnerCollection(token)).id).toBe(created.id);
    expect((await readOwnerCollection(created.adminToken)).id).toBe(created.id);
    // One mail for the set: none per stone.
    expect((await outbox()).map((row) => row.kind)).toEqual(['collection-created']);
  });

  it('is in English for an English creator, with one stone in the singular', async () => {
    const created = await createCollection(
      { creatorEmail: 'gran-en@example.org', count: 1, title: 'For Gran' },
      { 'accept-language': 'en-GB' },
    );
    const [mail] = await waitForMails(mailsTo('gran-en@example.org'));
    expect(mail?.subject).toBe('Your collection “For Gran” has been created');
    expect(mail?.text).toContain('your collection “For Gran” with 1 stone has been created.');
    expect(mail?.text).toContain(
      `The labels of all its stones to print (several per page, with cut lines):\n${SITE}/sammlung/${created.id}/etiketten`,
    );
    expect(mail?.text).toContain('Your admin link for the collection');
    expect(mail?.text).toContain(`${SITE}/admin/sammlung/`);
  });
});

describe('the owner-link mail of a collection', () => {
  it.each([
    {
      language: 'de-DE',
      subject: 'Dein Admin-Link für die Sammlung „Für Oma Lisbeth“',
      intro: 'hier ist ein Link, mit dem du deine Sammlung „Für Oma Lisbeth“ verwalten kannst:',
      notYou: 'Jemand hat diesen Link auf der Seite der Sammlung mit deiner Adresse angefordert.',
    },
    {
      language: 'en-GB',
      subject: 'Your admin link for the collection “Für Oma Lisbeth”',
      intro: 'here is a link to manage your collection “Für Oma Lisbeth”:',
      notYou: 'Someone asked for this link on the collection’s page with your address.',
    },
  ])('sends a new working owner link in $language', async ({ language, subject, intro, notYou }) => {
    const email = `lost-${language}@example.org`;
    const created = await createCollection({ creatorEmail: email });
    await waitForMails(mailsTo(email));
    expect((await postJson(`/api/collections/${created.id}/owner-link`, { email }, { 'accept-language': language })).status).toBe(202);
    const [mail] = await waitForMails((mails) => mailsTo(email)(mails).filter((m) => m.subject === subject));
    if (!mail) throw new Error('no owner-link mail');
    expect(mail.text).toContain(intro);
    expect(mail.text).toContain(notYou);
    const token = linkIn(mail, `${SITE}/admin/sammlung/`).slice(`${SITE}/admin/sammlung/`.length);
    expect((await readOwnerCollection(token)).title).toBe('Für Oma Lisbeth');
  });

  it('takes back the owner link of a mail that did not go out', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const created = await createCollection({ creatorEmail: 'kept@example.org' });
    await waitForMails(mailsTo('kept@example.org'));
    const tokensBefore = await rowCount('collection_owner_tokens');
    const [row] = await insertMail(
      getDb(env.DB),
      { kind: 'collection-owner-link', collectionId: created.id, title: 'Für Oma Lisbeth' },
      'rejected@example.org',
      'de',
      `test:${crypto.randomUUID()}`,
    );
    await deliver([row?.id ?? ''], {
      MAIL_TRANSPORT: 'resend',
      RESEND_API_KEY: 'test-resend-key',
      RESEND_BASE_URL: `${inject('fakeServicesUrl')}/resend`,
    });
    expect((await outbox()).find((r) => r.id === row?.id)).toMatchObject({ status: 'failed' });
    expect(await rowCount('collection_owner_tokens')).toBe(tokensBefore);
    vi.restoreAllMocks();
  });
});
