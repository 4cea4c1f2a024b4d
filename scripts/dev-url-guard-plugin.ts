import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Plugin } from 'vite';

/**
 * An origin-form request target that starts with two slashes (or backslashes, which URL parsing treats alike) is
 * read by `new URL(target, base)` as scheme-relative: `//x/y` becomes host `x`, path `/y`, and `//`, `///` or
 * `//?q` (no host) throw.
 */
const SCHEME_RELATIVE = /^[/\\]{2}/;

type Verdict = { ok: true; target: string } | { ok: false };

/**
 * What the Cloudflare plugin may safely see for a request: the target unchanged, or a scheme-relative one in
 * absolute form (`http://host//x`, which Node already delivers for absolute-form requests), so its path stays
 * `//x` as the Worker sees it in production; not ok when the target or the Host header cannot be parsed.
 */
function inspect(target: string, host = 'localhost'): Verdict {
  // The Cloudflare plugin's `upgrade` listener takes a Host header that starts with a scheme as the whole base.
  const base = /^https?:\/\//i.test(host) ? host : `http://${host}`;
  if (!URL.canParse(base)) return { ok: false };
  const absolute = SCHEME_RELATIVE.test(target) ? `${base}${target}` : target;
  return URL.canParse(absolute, base) ? { ok: true, target: absolute } : { ok: false };
}

/**
 * Keeps `vite dev` answering odd request targets as production does. The Cloudflare plugin parses `req.url`
 * with `new URL(req.url, 'http://localhost')` in an async middleware (`cloudflarePreMiddleware`, present when
 * `run_worker_first` is set) and in an async `upgrade` listener. Up to 1.34.0 a target like `//` threw there, the
 * rejection was unhandled and Node exited. 1.64.0 no longer exits, but without this guard (checked by removing it
 * and running tests/unit/dev-server.odd-urls.test.ts) `//`, `///`, `//?x` and a Host with an invalid port are never
 * answered, `//x` and `/\\x/` reach the Worker as host `x`, path `/` (the home page, 200), and an upgrade with an
 * unparseable Host is not refused. This plugin's middleware and `upgrade` filter run before the Cloudflare
 * plugin's: scheme-relative targets reach the Worker with their path intact (so `//` gets the app's 404 page as in
 * production), unparseable ones are answered 400.
 */
export function devUrlGuard(): Plugin {
  return {
    name: 'reisesteine:dev-url-guard',
    apply: 'serve',
    // Before the Cloudflare plugin's configureServer, so this middleware precedes its cloudflarePreMiddleware.
    enforce: 'pre',
    configureServer(server) {
      server.middlewares.use(function devUrlGuardMiddleware(req, res, next) {
        const verdict = inspect(req.url ?? '/', req.headers.host);
        if (!verdict.ok) {
          res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Bad Request');
          return;
        }
        // The Cloudflare plugin's final handler reads originalUrl, set by connect before this middleware ran.
        req.url = verdict.target;
        req.originalUrl = verdict.target;
        next();
      });

      const httpServer = server.httpServer;
      if (!httpServer) return;
      // A listener cannot stop the Cloudflare plugin's `upgrade` listener from running, so the event is filtered
      // where it is emitted.
      const emit: (event: string, ...args: unknown[]) => boolean = httpServer.emit.bind(httpServer);
      httpServer.emit = (event: string, ...args: unknown[]) => {
        if (event !== 'upgrade') return emit(event, ...args);
        const [req, socket] = args as [IncomingMessage, Duplex];
        const verdict = inspect(req.url ?? '/', req.headers.host);
        if (!verdict.ok) {
          socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
          return true;
        }
        req.url = verdict.target;
        return emit(event, ...args);
      };
    },
  };
}
