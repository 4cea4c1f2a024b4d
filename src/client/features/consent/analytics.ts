import type { ConsentSettings } from './consent-store';

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

/** The privacy policy's opt-out: this cookie (Google's own convention) keeps analytics off whatever the banner says. */
export const optOutCookie = (analyticsId: string) => `ga-disable-${analyticsId}`;

export function optedOut(analyticsId: string): boolean {
  return typeof document !== 'undefined' && document.cookie.split('; ').includes(`${optOutCookie(analyticsId)}=true`);
}

/** Privacy policy: sets the opt-out cookie until the end of 2099. */
export function optOut(analyticsId: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in some browsers this site serves
  document.cookie = `${optOutCookie(analyticsId)}=true; expires=Thu, 31 Dec 2099 23:59:59 GMT; path=/; SameSite=Lax`;
  (window as unknown as Record<string, boolean>)[optOutCookie(analyticsId)] = true;
}

let started = false;
let loaded = false;

// gtag.js reads each command as an arguments object, exactly as Google's snippet pushes it (an array is ignored).
function gtag(..._: unknown[]) {
  window.dataLayer = window.dataLayer ?? [];
  // biome-ignore lint/complexity/noArguments: see above
  window.dataLayer.push(arguments);
}

/**
 * Google Analytics 4 in consent mode: everything denied until the visitor decides; the choice is pushed as
 * granted or denied (spec §2); the script itself is requested only once analytics is granted, so nothing
 * leaves the page before that. Without an analytics id nothing happens at all.
 */
export function applyConsent(analyticsId: string | null, settings: ConsentSettings | null): void {
  if (!analyticsId || typeof window === 'undefined') return;
  if (optedOut(analyticsId)) (window as unknown as Record<string, boolean>)[optOutCookie(analyticsId)] = true;
  if (!started) {
    started = true;
    window.gtag = gtag;
    gtag('consent', 'default', { analytics_storage: 'denied', ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' });
  }
  if (!settings) return;
  const state = (allowed: boolean) => (allowed ? 'granted' : 'denied');
  gtag('consent', 'update', {
    analytics_storage: state(settings.analytics),
    ad_storage: state(settings.marketing),
    ad_user_data: state(settings.marketing),
    ad_personalization: state(settings.marketing),
  });
  if (!settings.analytics || loaded || optedOut(analyticsId)) return;
  loaded = true;
  gtag('js', new Date());
  gtag('config', analyticsId, { anonymize_ip: true });
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(analyticsId)}`;
  document.head.append(script);
}
