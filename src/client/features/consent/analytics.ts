import { matchRoute } from '../../../shared/routes';
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

/** Whether an address is a secret screen's (its token, the operator's data, the payment's return). */
const secretAddress = (url: string | URL) => matchRoute(new URL(url, window.location.href).pathname).screen.secret !== undefined;

/**
 * Once the script is loaded it would report every later address of this document, including the history changes
 * the router makes (Google's enhanced measurement reads them). So a step to a secret screen leaves the document:
 * the page is loaded anew there, where analytics never starts (consent-manager.tsx), after the opt-out flag that
 * gtag.js honours has silenced it. Back or forward to a secret screen the same. Installed before the script loads,
 * so these run before its own listeners.
 */
function leaveForSecretScreens(analyticsId: string): void {
  const silence = () => {
    (window as unknown as Record<string, boolean>)[optOutCookie(analyticsId)] = true;
  };
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = window.history[method].bind(window.history);
    window.history[method] = (data: unknown, unused: string, url?: string | URL | null) => {
      if (url == null || !secretAddress(url)) return original(data, unused, url);
      silence();
      const target = new URL(url, window.location.href).href;
      if (method === 'pushState') window.location.assign(target);
      else window.location.replace(target);
    };
  }
  window.addEventListener('popstate', () => {
    if (!secretAddress(window.location.href)) return;
    silence();
    window.location.reload();
  });
}

/**
 * Google Analytics 4 in consent mode: everything denied until the visitor decides; the choice is pushed as
 * granted or denied; the script itself is requested only once analytics is granted, so nothing
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
  // Never on a secret screen (consent-manager.tsx does not call here there; this holds should a caller forget).
  if (secretAddress(window.location.href)) return;
  loaded = true;
  leaveForSecretScreens(analyticsId);
  gtag('js', new Date());
  gtag('config', analyticsId, { anonymize_ip: true });
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(analyticsId)}`;
  document.head.append(script);
}
