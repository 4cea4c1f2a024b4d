import { request } from 'node:http';
import { join } from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');

let server: ViteDevServer;
let port: number;

interface Answer {
  status: number;
  body: string;
}

/** Sends `target` verbatim as the request target (origin-form, absolute-form, anything Node's parser takes). */
function send(target: string, headers: Record<string, string> = {}, timeoutMs = 3000): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: target, headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    // Without the guard a crashing request never gets an answer: fail fast rather than at the test timeout.
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer to ${target.slice(0, 40)} within ${timeoutMs / 1000} s`)));
    req.on('error', reject);
    req.end();
  });
}

/**
 * A WebSocket handshake to `target`: the status it was answered with, `closed` when the socket was closed without
 * an answer (what the Worker's refusal looks like), `no answer` when nothing happened within 3 s.
 */
function upgrade(target: string, headers: Record<string, string> = {}): Promise<number | 'closed' | 'no answer'> {
  return new Promise((resolve) => {
    const req = request({
      host: '127.0.0.1',
      port,
      path: target,
      agent: false,
      headers: {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
        ...headers,
      },
    });
    req.on('upgrade', (res, socket) => {
      socket.destroy();
      resolve(res.statusCode ?? 0);
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.setTimeout(3000, () => {
      resolve('no answer');
      req.destroy();
    });
    req.on('error', () => resolve('closed'));
    req.end();
  });
}

async function expectAlive() {
  const answer = await send('/favicon.svg');
  expect(answer.status).toBe(200);
}

beforeAll(async () => {
  // The project's own config, so the Cloudflare plugin (Worker in workerd) and the guard run as in `npm run dev`;
  // port 0 lets the system pick a free one (8787 and 8790 belong to the dev server and the browser tests).
  server = await createServer({
    root,
    configFile: join(root, 'vite.config.ts'),
    logLevel: 'silent',
    server: { port: 0, strictPort: false },
  });
  await server.listen();
  const address = server.httpServer?.address();
  if (!address || typeof address === 'string') throw new Error('the dev server listens on no port');
  port = address.port;
  // The first page compiles the Worker's page renderer in the dev server (it loads with the first page request):
  // paid here, so the 3 s in which each test expects an answer measure a request, not the compile.
  await send('/not-a-page', {}, 60_000);
}, 90_000);

afterAll(async () => {
  await server?.close();
});

describe('the dev server on odd request targets', () => {
  // The targets avoid the home page: it reads D1, whose local tables exist only after `npm run dev` migrated them.
  it.each([
    // Production's Worker sees these paths as they are and answers its 404 page; so does the dev server's.
    ['//', 404],
    ['///', 404],
    ['//x', 404],
    ['//evil.example/', 404],
    ['//?x', 404],
    ['//api/stones/A1B-2C3-D4E', 404],
    ['/\\\\evil.example/', 404],
    ['/%', 404],
    ['/%E0%A4%A', 404],
    ['/..%2f..%2f', 404],
    ['/not-a-page?%', 404],
    ['http://x/not-a-page', 404],
    ['http://127.0.0.1//', 404],
    // Absolute-form targets that no URL parser accepts.
    ['http://x:99999/', 400],
  ])('answers %s with %i and keeps serving', async (target, status) => {
    const answer = await send(target);
    expect(answer.status).toBe(status);
    // The app's 404 page, rendered by the Worker (it loads the client entry), not a 404 of Vite or connect.
    if (status === 404) expect(answer.body).toContain('/src/client/main.tsx');
    await expectAlive();
  });

  it('answers a 20 kB path with 431 (over the header size limit of Node, before any middleware) and keeps serving', async () => {
    const answer = await send(`/${'a'.repeat(20_000)}`);
    expect(answer.status).toBe(431);
    await expectAlive();
  });

  // Without the guard the Cloudflare plugin's upgrade listener throws on these before answering anything.
  it.each(['//', '///', '//?x'])('settles a WebSocket upgrade to %s (the Worker refuses it) and keeps serving', async (target) => {
    expect(await upgrade(target)).not.toBe('no answer');
    await expectAlive();
  });

  it('answers a WebSocket upgrade with an unparseable Host header with 400 and keeps serving', async () => {
    expect(await upgrade('/', { Host: '%%' })).toBe(400);
    await expectAlive();
  });
});
