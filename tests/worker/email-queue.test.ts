import { env } from 'cloudflare:test';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { runCron } from '../../src/worker/jobs/cron';
import { MAX_SEND_ATTEMPTS } from '../../src/worker/mail/consumer';
import { SENT_RETENTION_MS } from '../../src/worker/mail/maintenance';
import { queueMails, REQUEUE_AFTER_MS } from '../../src/worker/mail/outbox';
import { call, createStone, PRODUCTION_SETTINGS } from '../support/factory';
import { deliver, devMails, mailsTo, outbox, unqueuedOwnerLinkMail, waitForMails } from '../support/mail';

const resendVars = () => ({
  MAIL_TRANSPORT: 'resend',
  RESEND_API_KEY: 'test-resend-key',
  RESEND_BASE_URL: `${inject('fakeServicesUrl')}/resend`,
});

async function resendMails(): Promise<
  Array<{ to: string[]; subject: string; idempotencyKey: string; attempt: number; headers: Record<string, string> }>
> {
  const res = await fetch(`${inject('fakeServicesUrl')}/resend/emails`);
  return (
    (await res.json()) as {
      data: Array<{ to: string[]; subject: string; idempotencyKey: string; attempt: number; headers: Record<string, string> }>;
    }
  ).data;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the e-mail queue consumer', () => {
  it('sends a row once when its message is delivered twice', async () => {
    const id = await unqueuedOwnerLinkMail('twice@example.org');
    const result = await deliver([id, id]);
    expect(result.explicitAcks.length).toBe(2);
    expect(result.retryMessages).toEqual([]);
    expect((await devMails()).filter((mail) => mail.to === 'twice@example.org')).toHaveLength(1);
    const [row] = await outbox();
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    // A third delivery later (the cron re-queued it, say) sends nothing either.
    await deliver([id]);
    expect((await devMails()).filter((mail) => mail.to === 'twice@example.org')).toHaveLength(1);
  });

  it('retries a transport failure with a growing delay and delivers the mail once', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const id = await unqueuedOwnerLinkMail('fail-twice@example.org');

    // The row says when the retry is due (the message comes back then): 30 s, then 60 s.
    const dueIn = async () =>
      ((await env.DB.prepare('SELECT queued_at FROM email_outbox WHERE id = ?').bind(id).first<number>('queued_at')) ?? 0) - Date.now();
    const first = await deliver([id], resendVars(), 1);
    expect(first.retryMessages).toHaveLength(1);
    expect((await outbox())[0]).toMatchObject({ status: 'pending', attempts: 1, last_error: expect.stringContaining('resend 500') });
    expect(await dueIn()).toBeGreaterThan(25_000);
    expect(await dueIn()).toBeLessThanOrEqual(30_000);

    const second = await deliver([id], resendVars(), 2);
    expect(second.retryMessages).toHaveLength(1);
    expect(await dueIn()).toBeGreaterThan(55_000);

    const third = await deliver([id], resendVars(), 3);
    expect(third.retryMessages).toEqual([]);
    expect(third.explicitAcks.length).toBe(1);
    expect((await outbox())[0]).toMatchObject({ status: 'sent', attempts: 3, last_error: null });

    const arrived = (await resendMails()).filter((mail) => mail.to[0] === 'fail-twice@example.org');
    expect(arrived).toHaveLength(1);
    // Every attempt carried the row's id, so the provider itself would drop a duplicate.
    expect(arrived[0]).toMatchObject({ idempotencyKey: id, attempt: 3 });
    // The failed attempts' owner links were taken back: one link for the one mail that went out.
    expect(await env.DB.prepare('SELECT count(*) AS n FROM owner_tokens').first('n')).toBe(1);
  });

  it('marks a row failed, with the error, after the last attempt', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const id = await unqueuedOwnerLinkMail('fail-twice-more@example.org');
    await env.DB.prepare('UPDATE email_outbox SET attempts = ? WHERE id = ?')
      .bind(MAX_SEND_ATTEMPTS - 1, id)
      .run();
    const result = await deliver([id], resendVars(), MAX_SEND_ATTEMPTS);
    expect(result.retryMessages).toEqual([]);
    expect((await outbox())[0]).toMatchObject({
      status: 'failed',
      attempts: MAX_SEND_ATTEMPTS,
      last_error: expect.stringContaining('resend 500'),
    });
    expect(error.mock.calls.flat().join('\n')).toContain('mail send failed for good');
  });

  it('deletes sent, skipped and failed rows (and their recipients) 30 days after they were written, not before', async () => {
    const ids = await Promise.all(['sent@example.org', 'skipped@example.org', 'failed@example.org'].map(unqueuedOwnerLinkMail));
    const statuses = ['sent', 'skipped', 'failed'];
    for (const [i, id] of ids.entries())
      await env.DB.prepare('UPDATE email_outbox SET status = ? WHERE id = ?').bind(statuses[i], id).run();
    await runCron(env, new Date(Date.now() + SENT_RETENTION_MS - 60_000));
    expect((await outbox()).map((row) => row.status).sort()).toEqual(['failed', 'sent', 'skipped']);
    await runCron(env, new Date(Date.now() + SENT_RETENTION_MS + 60_000));
    expect(await outbox()).toEqual([]);
  });

  it('does not retry a lasting refusal of the provider', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const id = await unqueuedOwnerLinkMail('rejected@example.org');
    const result = await deliver([id], resendVars());
    expect(result.retryMessages).toEqual([]);
    expect((await outbox())[0]).toMatchObject({ status: 'failed', attempts: 1, last_error: expect.stringContaining('resend 422') });
  });

  it('refuses the development transport in production: the row fails with the reason, nothing is kept', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const id = await unqueuedOwnerLinkMail('prod@example.org');
    await deliver([id], { ...PRODUCTION_SETTINGS, MAIL_TRANSPORT: 'development' });
    expect((await outbox())[0]).toMatchObject({ status: 'failed', last_error: 'MAIL_TRANSPORT "development" is refused in production' });
    expect((await devMails()).filter((mail) => mail.to === 'prod@example.org')).toEqual([]);
  });

  it('acknowledges a message that names no outbox row without sending anything', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const result = await deliver(['no-such-row']);
    expect(result.explicitAcks.length).toBe(1);
    expect(await devMails()).toEqual([]);
  });
});

describe('the outbox and the queue', () => {
  it('writes the creation mail in the same batch as the stone and delivers it through the real queue', async () => {
    const { code } = await createStone({ creatorEmail: 'creator@example.org', title: 'Omas Gartenstein' });
    const rows = await outbox();
    expect(rows.map((row) => [row.kind, row.recipient])).toEqual([['stone-created', 'creator@example.org']]);
    const [mail] = await waitForMails(mailsTo('creator@example.org'));
    expect(mail?.subject).toBe(`Your stone “Omas Gartenstein” is registered (${code})`);
  });

  it('loses nothing when sending the queue message fails: the cron queues the row again', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const id = await unqueuedOwnerLinkMail('lost@example.org');
    const broken = { sendBatch: () => Promise.reject(new Error('queue unavailable')) } as unknown as Queue;
    await queueMails(broken, [id]);
    expect((await outbox())[0]).toMatchObject({ status: 'pending' });

    // Not yet: the row might still be on its way. The cron has handed over whatever it queues when it returns, so
    // a queue that records what it gets tells at once that nothing was queued again.
    const requeued: unknown[] = [];
    const recording = { sendBatch: async (messages: unknown[]) => void requeued.push(...messages) } as unknown as Queue;
    await runCron({ ...env, EMAIL_QUEUE: recording }, new Date(Date.now() + REQUEUE_AFTER_MS - 60_000));
    expect(requeued).toEqual([]);
    expect((await outbox())[0]).toMatchObject({ status: 'pending' });

    await runCron(env, new Date(Date.now() + REQUEUE_AFTER_MS + 1000));
    await waitForMails(mailsTo('lost@example.org'));
    expect((await outbox())[0]).toMatchObject({ status: 'sent' });
  });

  it('sends a row again whose consumer claimed it and never finished', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const id = await unqueuedOwnerLinkMail('crashed@example.org');
    await env.DB.prepare("UPDATE email_outbox SET status = 'sending', claimed_at = ? WHERE id = ?")
      .bind(Date.now() - 11 * 60_000, id)
      .run();
    await runCron(env);
    await waitForMails(mailsTo('crashed@example.org'));
  });
});

describe('/dev/mail', () => {
  it('lists the kept mails newest first with text, HTML and headers, as HTML and as JSON', async () => {
    await deliver([await unqueuedOwnerLinkMail('first@example.org')]);
    await deliver([await unqueuedOwnerLinkMail('second@example.org')]);
    const messages = await devMails();
    expect(messages.map((mail) => mail.to)).toEqual(['second@example.org', 'first@example.org']);
    expect(Object.keys(messages[0] ?? {}).sort()).toEqual(['createdAt', 'from', 'headers', 'html', 'id', 'subject', 'text', 'to']);
    expect(messages[0]?.headers).toMatchObject({ To: 'second@example.org', From: env.MAIL_FROM, 'Reply-To': env.MAIL_REPLY_TO });

    const page = await call('/dev/mail');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html.indexOf('second@example.org')).toBeLessThan(html.indexOf('first@example.org'));
  });

  it.each(['/dev/mail', '/dev/mail.json'])('is an unknown page (404) in production: %s', async (path) => {
    const { default: worker } = await import('../../src/worker/index');
    const { createExecutionContext } = await import('cloudflare:test');
    const res = await worker.fetch(
      new Request(`https://reisesteine.test${path}`),
      { ...env, ...PRODUCTION_SETTINGS },
      createExecutionContext(),
    );
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).not.toContain('"messages"');
  });
});
