import { EmailMessage } from 'cloudflare:email';
import { mailbox } from '../lib/mailbox';
import { isDevelopment } from '../settings/public';
import { findingsOf } from '../settings/worker';

/** One mail as it leaves the app: a single recipient, plain text and HTML, and its extra headers. */
export interface OutgoingMail {
  /** The outbox row's id: providers that support it drop a second delivery of the same key. */
  id: string;
  from: string;
  replyTo: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** e.g. List-Unsubscribe, List-Unsubscribe-Post (RFC 8058). */
  headers: Record<string, string>;
}

/** A failed send; `retryable` when trying again later may work (network, 429, 5xx). */
export class MailError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'MailError';
  }
}

export interface MailTransport {
  readonly name: string;
  send(mail: OutgoingMail): Promise<void>;
}

/**
 * The mail as an RFC 5322 message (multipart/alternative: text, then HTML), built by mimetext — imported here, by
 * the mail job alone: with its MIME type table and polyfills it would be a good part of every cold start.
 */
export async function toMime(mail: OutgoingMail): Promise<string> {
  const { createMimeMessage, Mailbox } = await import('mimetext');
  const message = createMimeMessage();
  message.setSender(mailbox(mail.from));
  message.setRecipient(mailbox(mail.to));
  message.setSubject(mail.subject);
  // mimetext checks address headers: Reply-To must be a Mailbox, not text.
  message.setHeader('Reply-To', new Mailbox(mailbox(mail.replyTo)));
  for (const [name, value] of Object.entries(mail.headers)) message.setHeader(name, value);
  message.addMessage({ contentType: 'text/plain', data: mail.text });
  message.addMessage({ contentType: 'text/html', data: mail.html });
  return message.asRaw();
}

/** Cloudflare Email Service through the `send_email` binding (production). */
export function cloudflareTransport(binding: SendEmail): MailTransport {
  return {
    name: 'cloudflare',
    async send(mail) {
      // Outside the try: a message that cannot be built is a defect, not a delivery problem.
      const raw = await toMime(mail);
      try {
        await binding.send(new EmailMessage(mailbox(mail.from).addr, mail.to, raw));
      } catch (error) {
        // The binding does not say whether a failure is lasting: the consumer's attempts bound the retries.
        throw new MailError(`send_email: ${String(error)}`, true);
      }
    },
  };
}

/**
 * Resend's HTTP API (https://resend.com/docs/api-reference/emails/send-email). `baseUrl` lets the tests point it
 * at a fake on 127.0.0.1. The outbox id is the Idempotency-Key, so a retried request never sends twice.
 */
export function resendTransport(apiKey: string, baseUrl: string): MailTransport {
  return {
    name: 'resend',
    async send(mail) {
      let response: Response;
      try {
        response = await fetch(`${baseUrl.replace(/\/$/, '')}/emails`, {
          method: 'POST',
          headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', 'idempotency-key': mail.id },
          body: JSON.stringify({
            from: mail.from,
            to: [mail.to],
            reply_to: mail.replyTo,
            subject: mail.subject,
            text: mail.text,
            html: mail.html,
            headers: mail.headers,
          }),
          signal: AbortSignal.timeout(10_000),
        });
      } catch (error) {
        throw new MailError(`resend unreachable: ${String(error)}`, true);
      }
      if (response.ok) return;
      const detail = (await response.text()).slice(0, 300);
      throw new MailError(`resend ${response.status}: ${detail}`, response.status === 429 || response.status >= 500);
    },
  };
}

/** A mail kept by the development transport, as /dev/mail.json lists it. */
export interface DevMail {
  id: string;
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  createdAt: string;
}

const DEV_MAIL_PREFIX = 'dev-mail:';
const DEV_MAIL_TTL_SECONDS = 7 * 24 * 60 * 60;

/** KV keys sort ascending: a key that falls as time rises lists the newest mail first. */
const devMailKey = (at: number, id: string) => `${DEV_MAIL_PREFIX}${String(9_999_999_999_999 - at).padStart(13, '0')}:${id}`;

/** Development and tests: nothing leaves the machine; every mail is kept in KV for /dev/mail. */
export function developmentTransport(store: KVNamespace): MailTransport {
  return {
    name: 'development',
    async send(mail) {
      const now = Date.now();
      const kept: DevMail = {
        id: mail.id,
        to: mail.to,
        from: mail.from,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: { From: mail.from, To: mail.to, 'Reply-To': mail.replyTo, Subject: mail.subject, ...mail.headers },
        createdAt: new Date(now).toISOString(),
      };
      await store.put(devMailKey(now, mail.id), JSON.stringify(kept), { expirationTtl: DEV_MAIL_TTL_SECONDS });
    },
  };
}

/** The mails the development transport kept, newest first. */
export async function listDevMail(store: KVNamespace, limit = 100): Promise<DevMail[]> {
  const { keys } = await store.list({ prefix: DEV_MAIL_PREFIX, limit });
  const mails = await Promise.all(keys.map((key) => store.get<DevMail>(key.name, 'json')));
  return mails.filter((mail): mail is DevMail => mail !== null);
}

/**
 * The transport MAIL_TRANSPORT names, or why there is none (fail closed: the mail stays in the outbox, marked
 * failed with the reason, and nothing pretends it was sent).
 */
export function mailTransportFromEnv(env: Env): MailTransport | { unavailable: string } {
  const transport = namedTransport(env);
  // A sender on a placeholder domain: the provider would refuse it or, worse, deliver as someone else.
  const sender = findingsOf(env).find((finding) => finding.setting === 'MAIL_FROM');
  if (sender && !('unavailable' in transport)) return { unavailable: `MAIL_FROM ${sender.problem}` };
  return transport;
}

function namedTransport(env: Env): MailTransport | { unavailable: string } {
  return transportNamed(env.MAIL_TRANSPORT, {
    sendEmail: env.SEND_EMAIL,
    resendApiKey: env.RESEND_API_KEY,
    resendBaseUrl: env.RESEND_BASE_URL,
    keepIn: isDevelopment(env) ? env.CACHE : undefined,
  });
}

/**
 * The transport `name` (MAIL_TRANSPORT) names, built from what it needs, or why there is none: the site's and
 * the watcher's (src/watcher) one choice. `keepIn` is where the development transport keeps mails; without it
 * "development" is refused.
 */
export function transportNamed(
  name: unknown,
  parts: { sendEmail?: SendEmail; resendApiKey?: string; resendBaseUrl?: string; keepIn?: KVNamespace },
): MailTransport | { unavailable: string } {
  switch (name) {
    case 'development':
      return parts.keepIn ? developmentTransport(parts.keepIn) : { unavailable: 'MAIL_TRANSPORT "development" is refused in production' };
    case 'resend':
      return parts.resendApiKey
        ? resendTransport(parts.resendApiKey, parts.resendBaseUrl || 'https://api.resend.com')
        : { unavailable: 'MAIL_TRANSPORT "resend" needs the secret RESEND_API_KEY' };
    case 'cloudflare':
      return parts.sendEmail
        ? cloudflareTransport(parts.sendEmail)
        : { unavailable: 'MAIL_TRANSPORT "cloudflare" needs the SEND_EMAIL binding' };
    default:
      return { unavailable: `MAIL_TRANSPORT ${JSON.stringify(name)} is none of cloudflare, resend, development` };
  }
}
