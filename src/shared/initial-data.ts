import type { Locale } from './i18n/locale';
import type { HydrateWhen } from './screen';

/** The operator's details for the legal pages. */
export interface LegalDetails {
  name: string | null;
  /** Lines of the postal address. */
  address: string[];
  email: string | null;
  phone: string | null;
  /** VAT identification number, where the operator has one. */
  vatId: string | null;
}

/** Settings the browser needs, from the Worker's vars. */
export interface PublicConfig {
  siteUrl: string;
  productName: string;
  mapStyleUrl: string;
  /** reCAPTCHA v3 site key for the bot check on stone creation; null when none is configured. */
  recaptchaSiteKey: string | null;
  /** Whether paid features can be bought (Stripe is configured); a free stone can always be created. */
  paymentsEnabled: boolean;
  stripePublishableKey: string | null;
  /** The supplies shop's affiliate link, shown marked as an ad; null: no link at all. */
  affiliateUrl: string | null;
  /** Who runs the site, for the imprint, privacy policy and terms (LEGAL_* vars); null fields are not configured. */
  legal: LegalDetails;
  /** Google Analytics 4 measurement id; null: no analytics at all. */
  analyticsId: string | null;
  /** Days a finder's photo waits for the owner's decision before it is deleted (FIND_PHOTO_PENDING_DAYS). */
  findPhotoPendingDays: number;
  /** Whether push messages can be had (the VAPID keys are set). */
  pushEnabled: boolean;
  /** Whether search engines may index the developer page (DEVELOPER_PAGE_INDEXED = "true"). */
  developerPageIndexed: boolean;
}

export interface PageAssets {
  css: string[];
  preload: string[];
}

/** What the Worker hands the page it renders, so the browser hydrates exactly the same tree. */
export interface InitialData {
  locale: Locale;
  config: PublicConfig;
  assets: PageAssets;
  /**
   * The address of each text catalog in the page's language: `core` and every namespace (English for a namespace
   * that is German and English only). The browser loads its texts from these, so no list of every language's files
   * travels in its JavaScript.
   */
  texts: Record<string, string>;
  /** Set when the page's JavaScript loads after the page (routes.ts `hydrate`): the HTML then preloads none of it. */
  hydrate?: HydrateWhen;
  /** Read-cache entries (client/lib/query.ts) the server already loaded. */
  queries: Array<{ key: readonly unknown[]; data: unknown }>;
}

/** Name of the global the inline bootstrap script sets. */
export const INITIAL_DATA_GLOBAL = '__REISESTEINE__';

/** JSON safe to inline in a <script>: no `</script>`, `<!--` or line separators can break out of it. */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
