import type { PublicConfig } from '../../shared/initial-data';
import { paymentsAvailable } from '../services/payments';

/**
 * Only an explicit `ENVIRONMENT = "development"` (set by `npm run dev`, `.dev.vars` and the tests) relaxes what
 * production requires; a missing or misspelt value counts as production, so a missing secret fails closed.
 */
export function isDevelopment(env: Pick<Env, 'ENVIRONMENT'>): boolean {
  return env.ENVIRONMENT === 'development';
}

/** The Worker's settings that the browser needs (never a secret). */
export function publicConfig(env: Env): PublicConfig {
  return {
    siteUrl: env.PUBLIC_SITE_URL,
    productName: env.PRODUCT_NAME,
    mapStyleUrl: env.MAP_STYLE_URL,
    recaptchaSiteKey: env.RECAPTCHA_SITE_KEY || null,
    paymentsEnabled: paymentsAvailable(env),
    stripePublishableKey: paymentsAvailable(env) ? (env.STRIPE_PUBLISHABLE_KEY ?? null) : null,
    legal: {
      name: env.LEGAL_NAME?.trim() || null,
      address: (env.LEGAL_ADDRESS ?? '')
        .split(/\||\n/)
        .map((line) => line.trim())
        .filter(Boolean),
      email: env.LEGAL_EMAIL?.trim() || null,
      phone: env.LEGAL_PHONE?.trim() || null,
      vatId: env.LEGAL_VAT_ID?.trim() || null,
    },
    analyticsId: /^G-[A-Z0-9]{4,20}$/.test(env.ANALYTICS_ID ?? '') ? (env.ANALYTICS_ID ?? null) : null,
    affiliateUrl: /^https:\/\//.test(env.AFFILIATE_URL ?? '') ? (env.AFFILIATE_URL ?? null) : null,
  };
}
