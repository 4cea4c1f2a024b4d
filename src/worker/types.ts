import type { Locale } from '../shared/i18n/locale';

/** Hono's environment for every route of the app. */
export interface AppEnv {
  Bindings: Env;
  Variables: {
    requestId: string;
    locale: Locale;
    /** Per-response CSP nonce for the page's scripts. */
    nonce: string;
  };
}
