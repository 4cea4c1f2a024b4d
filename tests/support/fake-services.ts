import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';

/**
 * Fakes of the outside services on 127.0.0.1, so the real adapters are tested over HTTP.
 * reCAPTCHA siteverify: the token decides the answer ("human" → 0.9, "bot" → 0.1, "wrong-action", else invalid).
 */
function recaptcha(body: string, res: ServerResponse) {
  const form = new URLSearchParams(body);
  const token = form.get('response');
  const reply = (payload: unknown) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(payload));
  };
  if (form.get('secret') !== 'test-recaptcha-secret') return reply({ success: false, 'error-codes': ['invalid-input-secret'] });
  if (token === 'human') return reply({ success: true, score: 0.9, action: 'create_stone' });
  if (token === 'bot') return reply({ success: true, score: 0.1, action: 'create_stone' });
  if (token === 'wrong-action') return reply({ success: true, score: 0.9, action: 'login' });
  if (token === 'server-error') {
    res.writeHead(500);
    return res.end('oops');
  }
  return reply({ success: false, 'error-codes': ['invalid-input-response'] });
}

/**
 * Resend's send-email API: checks the key, remembers every accepted mail (GET /resend/emails lists them) and
 * fails on purpose for some recipients: "fail-twice…" gets 500 on the first two attempts of each
 * Idempotency-Key, "rejected…" always 422 (a lasting refusal).
 */
const resendMails: Array<Record<string, unknown>> = [];
const resendAttempts = new Map<string, number>();

function resend(req: IncomingMessage, body: string, res: ServerResponse) {
  const reply = (status: number, payload: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(payload));
  };
  if (req.method === 'GET') return reply(200, { data: resendMails });
  if (req.headers.authorization !== 'Bearer test-resend-key') return reply(401, { message: 'API key is invalid' });
  const mail = JSON.parse(body) as { to: string[] };
  const key = String(req.headers['idempotency-key'] ?? '');
  const attempt = (resendAttempts.get(key) ?? 0) + 1;
  resendAttempts.set(key, attempt);
  const to = mail.to[0] ?? '';
  if (to.startsWith('rejected')) return reply(422, { message: 'The to address is invalid' });
  if (to.startsWith('fail-twice') && attempt <= 2) return reply(500, { message: 'try again' });
  resendMails.push({ ...mail, idempotencyKey: key, attempt });
  return reply(200, { id: `re_${resendMails.length}` });
}

export default async function setup(project: TestProject) {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/recaptcha/api/siteverify') return recaptcha(body, res);
      if (req.url === '/resend/emails') return resend(req, body, res);
      res.writeHead(404);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  project.provide('fakeServicesUrl', `http://127.0.0.1:${port}`);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
