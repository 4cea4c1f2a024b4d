import { log } from '../lib/logger';
import { isDevelopment } from '../settings/public';

/** Result of a score-based (reCAPTCHA v3) check of a browser token. */
export type BotCheckResult =
  | { ok: true; skipped: boolean; score?: number }
  /** `unavailable`: the check itself cannot run (not configured), so nothing can pass it. */
  | { ok: false; reason: string; unavailable?: boolean };

export interface BotCheck {
  verify(token: string, action: string, remoteIp?: string): Promise<BotCheckResult>;
}

const DEFAULT_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';
/** reCAPTCHA v3 scores run from 0 (bot) to 1 (human); 0.5 is Google's suggested threshold. */
export const MIN_SCORE = 0.5;

interface SiteverifyResponse {
  success?: boolean;
  score?: number;
  action?: string;
  'error-codes'?: string[];
}

/** reCAPTCHA v3 siteverify over HTTP; `verifyUrl` lets tests point it at a fake on 127.0.0.1. */
export function recaptchaBotCheck(secret: string, verifyUrl = DEFAULT_VERIFY_URL): BotCheck {
  return {
    async verify(token, action, remoteIp) {
      if (!token) return { ok: false, reason: 'missing-token' };
      const form = new URLSearchParams({ secret, response: token });
      if (remoteIp) form.set('remoteip', remoteIp);
      let body: SiteverifyResponse;
      try {
        const response = await fetch(verifyUrl, { method: 'POST', body: form, signal: AbortSignal.timeout(5000) });
        if (!response.ok) return { ok: false, reason: `verify-http-${response.status}` };
        const parsed: unknown = await response.json();
        if (typeof parsed !== 'object' || parsed === null) return { ok: false, reason: 'verify-bad-response' };
        body = parsed;
      } catch (error) {
        log.warn('bot check unreachable', { error: String(error) });
        return { ok: false, reason: 'verify-unreachable' };
      }
      if (!body.success) return { ok: false, reason: (body['error-codes'] ?? ['not-success']).join(',') };
      if (body.action !== action) return { ok: false, reason: 'action-mismatch' };
      if (typeof body.score !== 'number' || body.score < MIN_SCORE) return { ok: false, reason: 'low-score' };
      return { ok: true, skipped: false, score: body.score };
    },
  };
}

let skipLogged = false;

/** Local development without a secret: every token passes, and the log says so once. */
const skippedBotCheck: BotCheck = {
  async verify() {
    if (!skipLogged) {
      skipLogged = true;
      log.warn('bot check skipped: RECAPTCHA_SECRET is not configured (development)');
    }
    return { ok: true, skipped: true };
  },
};

/** Production without a secret: nothing passes (fail closed), and every refusal is logged. */
const unconfiguredBotCheck: BotCheck = {
  async verify() {
    log.error('bot check refused: RECAPTCHA_SECRET is not configured in production');
    return { ok: false, reason: 'not-configured', unavailable: true };
  },
};

/** Where the last failure of the check itself is kept for /healthz (KV `CACHE`), for an hour. */
export const BOT_CHECK_FAILING_KEY = 'bot-check:failing';
const FAILING_SECONDS = 60 * 60;

/**
 * Whether a refusal is the service's, not the visitor's: no answer or an error status (reCAPTCHA's free quota of
 * 10 000 assessments a month ends in errors like these), or the secret refused. A low score, a wrong action, an
 * expired or repeated token are the visitor's.
 */
export const isServiceFailure = (reason: string) => /^verify-|(?:^|,)(?:missing|invalid)-input-secret|(?:^|,)bad-request/.test(reason);

/** Records a failure of the service itself, which refuses every creation while it lasts. */
function recordingFailures(check: BotCheck, cache: KVNamespace): BotCheck {
  return {
    async verify(token, action, remoteIp) {
      const result = await check.verify(token, action, remoteIp);
      if (!result.ok && isServiceFailure(result.reason)) {
        const failing = JSON.stringify({ at: new Date().toISOString(), reason: result.reason });
        await cache.put(BOT_CHECK_FAILING_KEY, failing, { expirationTtl: FAILING_SECONDS }).catch(() => {});
      }
      return result;
    },
  };
}

export function botCheckFromEnv(
  env: Pick<Env, 'RECAPTCHA_SECRET' | 'RECAPTCHA_VERIFY_URL' | 'ENVIRONMENT'> & { CACHE?: KVNamespace },
): BotCheck {
  if (env.RECAPTCHA_SECRET) {
    const check = recaptchaBotCheck(env.RECAPTCHA_SECRET, env.RECAPTCHA_VERIFY_URL || DEFAULT_VERIFY_URL);
    return env.CACHE ? recordingFailures(check, env.CACHE) : check;
  }
  return isDevelopment(env) ? skippedBotCheck : unconfiguredBotCheck;
}
