import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';

/**
 * A real push service on this machine: the `web-push-testing` package's, which takes subscriptions as a browser's
 * push service does, checks each message's VAPID signature against the key it was subscribed with, and decrypts it
 * (aes128gcm, RFC 8291) for the tests to read.
 */
const require = createRequire(import.meta.url);
const WebPushTestingServer = require('web-push-testing/src/server.js') as new (
  model: unknown,
  port: number,
) => {
  _app: { listen(port: number): Server };
  setRequestHandlers(): void;
};
const { PushApiModel } = require('web-push-testing/src/PushApiModel.js') as { PushApiModel: new () => unknown };

/** The tests' own VAPID pair, the Worker tests' and the browser tests' (never a deployment's: `npm run push:keys`). */
export const TEST_VAPID = {
  VAPID_PUBLIC_KEY: 'BMOEYK8_Bg588sQktK_9KQLsw_kq07GJW3CRsHuKC3noJtNqejyRLWvUIjJmdCsTE9zut9xRib3MFebRpqhwcuM',
  VAPID_PRIVATE_KEY: 'C6cahR60UYtUn4vKhoSrR4-UZXfJbhBCco2wTBjwdXk',
  VAPID_SUBJECT: 'mailto:betrieb@reisesteine.test',
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export async function startPushService(): Promise<{ url: string; close: () => Promise<void> }> {
  const port = await freePort();
  const service = new WebPushTestingServer(new PushApiModel(), port);
  // Its own startServer() also prints a line and exits the process on an error: listen here instead.
  const server = service._app.listen(port);
  service.setRequestHandlers();
  // Like the fakes: it never keeps the test run alive by itself.
  server.unref();
  const url = `http://localhost:${port}`;
  for (let i = 0; i < 100; i++) {
    const ok = await fetch(`${url}/status`, { method: 'POST' })
      .then((res) => res.ok)
      .catch(() => false);
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { url, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
