import type { PublicConfig } from '../../shared/initial-data';
import { paymentsAvailable } from '../services/payments';
import { DEFAULT_FIND_PHOTO_PENDING_DAYS, findPhotoPendingDays } from './checks';
import { AFFILIATE_URL_SHAPE, ANALYTICS_ID_SHAPE, developerPageIndexed } from './page-options';
import { vapidKeys } from './push';

export { isDevelopment } from './checks';

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
    analyticsId: ANALYTICS_ID_SHAPE.test(env.ANALYTICS_ID ?? '') ? (env.ANALYTICS_ID ?? null) : null,
    // The privacy notice states it; a deployment with a wrong value refuses to run (settings/checks.ts).
    findPhotoPendingDays: findPhotoPendingDays(env) ?? DEFAULT_FIND_PHOTO_PENDING_DAYS,
    affiliateUrl: AFFILIATE_URL_SHAPE.test(env.AFFILIATE_URL ?? '') ? (env.AFFILIATE_URL ?? null) : null,
    pushEnabled: vapidKeys(env) !== null,
    developerPageIndexed: developerPageIndexed(env) === true,
  };
}
