import { env } from 'cloudflare:test';
import PostalMime from 'postal-mime';
import { describe, expect, inject, it } from 'vitest';
import { cloudflareTransport, MailError, type OutgoingMail, resendTransport, toMime } from '../../src/worker/mail/transport';

const mail: OutgoingMail = {
  id: 'outbox-1',
  from: 'Reisesteine <post@reisesteine.example>',
  replyTo: 'hallo@reisesteine.example',
  to: 'fan@example.org',
  subject: '„Opas Stein“ wurde wieder gefunden',
  text: 'Hallo,\n\nFundort: Köln\n\nAbbestellen:\nhttps://reisesteine.test/abo/abmelden?token=abc',
  html: '<p>Hallo,</p><p>Fundort: Köln</p>',
  headers: {
    'List-Unsubscribe': '<https://reisesteine.test/api/notifications/unsubscribe?token=abc>',
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  },
};

describe('the MIME message for the send_email binding', () => {
  it('parses back to the same sender, recipient, subject, both bodies and the one-click headers', async () => {
    const parsed = await PostalMime.parse(await toMime(mail));
    expect(parsed.from).toEqual({ name: 'Reisesteine', address: 'post@reisesteine.example' });
    expect(parsed.to).toEqual([{ name: '', address: 'fan@example.org' }]);
    expect(parsed.replyTo).toEqual([{ name: '', address: 'hallo@reisesteine.example' }]);
    expect(parsed.subject).toBe('„Opas Stein“ wurde wieder gefunden');
    expect(parsed.text?.trim()).toBe(mail.text);
    expect(parsed.html?.trim()).toBe(mail.html);
    const header = (name: string) => parsed.headers.find((h) => h.key === name.toLowerCase())?.value;
    expect(header('List-Unsubscribe')).toBe('<https://reisesteine.test/api/notifications/unsubscribe?token=abc>');
    expect(header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  });

  it('is accepted by the SEND_EMAIL binding (workerd checks the message)', async () => {
    await expect(cloudflareTransport(env.SEND_EMAIL).send(mail)).resolves.toBeUndefined();
  });
});

describe('the Resend adapter against a fake on 127.0.0.1', () => {
  const base = () => `${inject('fakeServicesUrl')}/resend`;

  it('refuses a wrong API key as a lasting error', async () => {
    const failure = await resendTransport('wrong-key', base())
      .send(mail)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MailError);
    expect(failure).toMatchObject({ retryable: false, message: expect.stringContaining('resend 401') });
  });

  it('treats an unreachable provider as worth retrying', async () => {
    const failure = await resendTransport('test-resend-key', 'http://127.0.0.1:9')
      .send(mail)
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ retryable: true, message: expect.stringContaining('resend unreachable') });
  });
});
