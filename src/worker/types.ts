import type { Locale } from '../shared/i18n/locale';
import type { CspFeature } from '../shared/routes';

/** Hono's environment for every route of the app. */
export interface AppEnv {
  Bindings: Env;
  Variables: {
    requestId: string;
    locale: Locale;
    /** Per-response CSP nonce for the page's scripts. */
    nonce: string;
    /** Third parties the page's CSP admits (from its registry entry). */
    csp: readonly CspFeature[];
  };
}
