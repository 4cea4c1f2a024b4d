// Secrets are not in wrangler.toml, so `wrangler types` cannot see them: they come from `.dev.vars` locally
// and `wrangler secret put` in production, and each one is optional.
declare namespace Cloudflare {
  interface Env {
    RECAPTCHA_SECRET?: string;
    RECAPTCHA_VERIFY_URL?: string;
    RECAPTCHA_SITE_KEY?: string;
    /** Resend API key (MAIL_TRANSPORT = "resend"). */
    RESEND_API_KEY?: string;
    /** Stripe (paid stones): without the secret key, paid features answer 503 and free creation still works. */
    STRIPE_SECRET_KEY?: string;
    STRIPE_PUBLISHABLE_KEY?: string;
    STRIPE_WEBHOOK_SECRET?: string;
    /** The operator's details on the imprint, privacy policy and terms: name, address (lines separated by "|"), e-mail, phone, VAT id. */
    LEGAL_NAME?: string;
    LEGAL_ADDRESS?: string;
    LEGAL_EMAIL?: string;
    LEGAL_PHONE?: string;
    LEGAL_VAT_ID?: string;
    /** Google Analytics 4 measurement id (G-…), loaded only with the visitor's consent; unset: no analytics. */
    ANALYTICS_ID?: string;
    /** The supplies shop's affiliate link (https), shown marked as an ad on the home page and the guide; unset: none. */
    AFFILIATE_URL?: string;
    /** Signs operator tokens (HS256, at least 32 characters). Production refuses operator logins without it. */
    OPERATOR_JWT_SECRET?: string;
    /** Points the Stripe SDK elsewhere, e.g. http://127.0.0.1:12111 (stripe-mock, or the tests' fake). */
    STRIPE_API_BASE?: string;
  }
}
