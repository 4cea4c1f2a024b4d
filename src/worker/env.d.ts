// Secrets are not in wrangler.toml, so `wrangler types` cannot see them: they come from `.dev.vars` locally
// and `wrangler secret put` in production, and each one is optional.
declare namespace Cloudflare {
  interface Env {
    RECAPTCHA_SECRET?: string;
    RECAPTCHA_VERIFY_URL?: string;
    RECAPTCHA_SITE_KEY?: string;
    /** Resend API key (MAIL_TRANSPORT = "resend"). */
    RESEND_API_KEY?: string;
  }
}
