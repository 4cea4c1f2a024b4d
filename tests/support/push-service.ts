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
) => { startServer(): void; _server?: { close(done: () => void): void; unref(): void } };
const { PushApiModel } = require('web-push-testing/src/PushApiModel.js') as { PushApiModel: new () => unknown };

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
  const server = new WebPushTestingServer(new PushApiModel(), port);
  const log = console.log;
  // It says "Server running on port …" once: not a test's output.
  console.log = () => {};
  server.startServer();
  // Like the fakes: it never keeps the test run alive by itself.
  server._server?.unref();
  const url = `http://localhost:${port}`;
  for (let i = 0; i < 100; i++) {
    const ok = await fetch(`${url}/status`, { method: 'POST' })
      .then((res) => res.ok)
      .catch(() => false);
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  console.log = log;
  return { url, close: () => new Promise((resolve) => (server._server ? server._server.close(() => resolve()) : resolve())) };
}
