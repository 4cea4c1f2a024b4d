import { base64url } from './crypto';

/** A fresh nonce for one response's scripts. */
export function createNonce(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(16)));
}

function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * The page CSP: scripts only with this response's nonce (and what they load, via 'strict-dynamic'); the map
 * may fetch its style and tiles and run its blob: worker; nothing may frame the site.
 */
export function contentSecurityPolicy(nonce: string, env: Pick<Env, 'MAP_STYLE_URL'>, dev: boolean): string {
  const mapOrigin = originOf(env.MAP_STYLE_URL);
  const connect = ["'self'", mapOrigin, dev ? 'ws:' : null].filter(Boolean).join(' ');
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic' 'self'`,
    // React renders style attributes and MapLibre sets inline styles.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src ${connect}`,
    "worker-src 'self' blob:",
    "child-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
