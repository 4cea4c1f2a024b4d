/**
 * reCAPTCHA v3 (score-based, invisible), loaded only when something asks for a token (the creator opens).
 * Without a site key (local development) the token is empty and the server, in development, skips the check.
 */
interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

let loading: Promise<Grecaptcha> | null = null;

function load(siteKey: string): Promise<Grecaptcha> {
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    script.onload = () => {
      const api = window.grecaptcha;
      if (api) api.ready(() => resolve(api));
      else reject(new Error('reCAPTCHA did not start'));
    };
    script.onerror = () => {
      loading = null;
      reject(new Error('reCAPTCHA could not be loaded'));
    };
    document.head.append(script);
  });
  return loading;
}

/** Starts loading early (the creator opened), so the token is quick when the form is sent. */
export function preloadRecaptcha(siteKey: string | null): void {
  if (siteKey) void load(siteKey).catch(() => undefined);
}

export async function recaptchaToken(siteKey: string | null, action: string): Promise<string> {
  if (!siteKey) return '';
  const api = await load(siteKey);
  return api.execute(siteKey, { action });
}
