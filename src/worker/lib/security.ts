import type { CspFeature } from '../../shared/screen';
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

type Directive = 'script-src' | 'frame-src' | 'connect-src';

/**
 * What a third party needs, per its own documentation; a page gets these only when its registry entry asks
 * for the feature (src/shared/routes.ts `csp`), so no other page is widened.
 * reCAPTCHA: https://developers.google.com/recaptcha/docs/faq#im-using-content-security-policy-csp-on-my-website.-how-can-i-configure-it-to-work-with-recaptcha
 * Stripe: https://docs.stripe.com/security/guide#content-security-policy
 * Google Analytics 4: https://developers.google.com/tag-platform/security/guides/csp (every page, when configured)
 */
export const CSP_FEATURES: Record<CspFeature, Partial<Record<Directive, string[]>>> = {
  recaptcha: {
    'script-src': ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
    'frame-src': ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
  },
  analytics: {
    'script-src': ['https://*.googletagmanager.com'],
    'connect-src': ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
  },
  stripe: {
    'script-src': ['https://js.stripe.com'],
    'frame-src': ['https://js.stripe.com', 'https://hooks.stripe.com'],
    'connect-src': ['https://api.stripe.com'],
  },
};

/**
 * The page CSP: scripts only with this response's nonce (and what they load, via 'strict-dynamic'; host
 * sources are the fallback for browsers without it); the map may fetch its style and tiles and run its blob:
 * worker; nothing may frame the site; third parties only for the features the page declares.
 */
export function contentSecurityPolicy(
  nonce: string,
  env: Pick<Env, 'MAP_STYLE_URL'>,
  dev: boolean,
  features: readonly CspFeature[] = [],
): string {
  const extra = (directive: Directive) => features.flatMap((feature) => CSP_FEATURES[feature][directive] ?? []);
  const sources = (...list: Array<string | null>) => [...new Set(list.filter((s): s is string => Boolean(s)))].join(' ');
  return [
    "default-src 'self'",
    `script-src ${sources(`'nonce-${nonce}'`, "'strict-dynamic'", "'self'", ...extra('script-src'))}`,
    // React renders style attributes and MapLibre sets inline styles.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src ${sources("'self'", originOf(env.MAP_STYLE_URL), dev ? 'ws:' : null, ...extra('connect-src'))}`,
    // The service worker (/sw.js) and the map's blob: worker; the web app manifest.
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    `frame-src ${sources("'self'", ...extra('frame-src'))}`,
    "child-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The embeddable card's CSP (worker/embed): any site may frame it, and it needs nothing but its own inline styles
 * (this response's nonce) and images from this site; no script at all, no form, no connection.
 */
export function framedContentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'none'",
    `style-src 'nonce-${nonce}'`,
    "img-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    'frame-ancestors *',
  ].join('; ');
}

/**
 * Powerful browser features: the camera (QR scan) and the position (find form, map) for this site only;
 * payment only inside Stripe's frame on pages that pay; everything else that could be asked for, off.
 */
export function permissionsPolicy(features: readonly CspFeature[] = []): string {
  const payment = features.includes('stripe') ? '(self "https://js.stripe.com")' : '()';
  return [
    'camera=(self)',
    'geolocation=(self)',
    'microphone=()',
    `payment=${payment}`,
    'usb=()',
    'serial=()',
    'bluetooth=()',
    'display-capture=()',
  ].join(', ');
}
