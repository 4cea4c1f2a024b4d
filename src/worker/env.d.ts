// The Worker's settings that `wrangler types` cannot see: it types the bindings, the vars and the secrets that
// wrangler.toml names (`secrets.required`, each optional), but not these, which are optional and set only where
// they are used. `Env` and `Cloudflare.Env` both extend the generated base, so both take these too.
interface ReisesteineOptionalSettings {
  /** Points the bot check elsewhere, e.g. the tests' fake on 127.0.0.1. */
  RECAPTCHA_VERIFY_URL?: string;
  /** Resend API key (MAIL_TRANSPORT = "resend"). */
  RESEND_API_KEY?: string;
  /** Google Analytics 4 measurement id (G-…), loaded only with the visitor's consent; unset: no analytics. */
  ANALYTICS_ID?: string;
  /** The supplies shop's affiliate link (https), shown marked as an ad on the home page and the guide; unset: none. */
  AFFILIATE_URL?: string;
  /** "true": search engines may index the developer page (/entwickler) and the sitemap lists it; unset or "false": noindex. */
  DEVELOPER_PAGE_INDEXED?: string;
  /** Points the Stripe SDK elsewhere, e.g. http://127.0.0.1:12111 (stripe-mock, or the tests' fake). */
  STRIPE_API_BASE?: string;
  /** "off": no share card renders are queued (the Worker tests set it and deliver share messages themselves). */
  SHARE_IMAGES?: string;
  /** Seconds a share card's render waits after a change, so a burst renders once (0–3600; unset: 60). */
  SHARE_CARD_DEBOUNCE_SECONDS?: string;
  /** Staging only: the password (HTTP Basic, any user name) in front of the whole site; unset: staging is open. */
  STAGING_PASSWORD?: string;
  /** Web Push (decision record 038): the VAPID public key (65 bytes, base64url), its private key (a secret) and
   * whom push services may contact (`mailto:` or `https:`); without a valid set push is off. */
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  VAPID_SUBJECT?: string;
}

interface Env extends ReisesteineOptionalSettings {}

declare namespace Cloudflare {
  interface Env extends ReisesteineOptionalSettings {}
}
