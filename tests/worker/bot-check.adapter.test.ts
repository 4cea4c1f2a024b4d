import { env } from 'cloudflare:test';
import { describe, expect, inject, it } from 'vitest';
import { BOT_CHECK_FAILING_KEY, botCheckFromEnv, isServiceFailure, recaptchaBotCheck } from '../../src/worker/services/bot-check';

const verifyUrl = () => `${inject('fakeServicesUrl')}/recaptcha/api/siteverify`;

describe('reCAPTCHA v3 adapter against a fake siteverify on 127.0.0.1', () => {
  const check = () => recaptchaBotCheck('test-recaptcha-secret', verifyUrl());

  it('accepts a human score for the expected action', async () => {
    expect(await check().verify('human', 'create_stone')).toEqual({ ok: true, skipped: false, score: 0.9 });
  });

  it('refuses a low score', async () => {
    expect(await check().verify('bot', 'create_stone')).toEqual({ ok: false, reason: 'low-score' });
  });

  it('refuses a token made for another action', async () => {
    expect(await check().verify('wrong-action', 'create_stone')).toEqual({ ok: false, reason: 'action-mismatch' });
  });

  it('refuses an invalid token with the provider error code', async () => {
    expect(await check().verify('garbage', 'create_stone')).toEqual({ ok: false, reason: 'invalid-input-response' });
  });

  it('refuses an empty token without calling the provider', async () => {
    expect(await check().verify('', 'create_stone')).toEqual({ ok: false, reason: 'missing-token' });
  });

  it('fails closed when the provider answers with an error status', async () => {
    expect(await check().verify('server-error', 'create_stone')).toEqual({ ok: false, reason: 'verify-http-500' });
  });

  it('fails closed when the provider is unreachable', async () => {
    const result = await recaptchaBotCheck('test-recaptcha-secret', 'http://127.0.0.1:9/siteverify').verify('human', 'create_stone');
    expect(result).toEqual({ ok: false, reason: 'verify-unreachable' });
  });

  it('skips the check without a secret only in development', async () => {
    expect(await botCheckFromEnv({ ENVIRONMENT: 'development' }).verify('', 'create_stone')).toEqual({ ok: true, skipped: true });
  });

  it.each(['production', '', 'Development'])(
    'refuses every token without a secret when ENVIRONMENT is %j (fail closed)',
    async (environment) => {
      expect(await botCheckFromEnv({ ENVIRONMENT: environment }).verify('human', 'create_stone')).toEqual({
        ok: false,
        reason: 'not-configured',
        unavailable: true,
      });
    },
  );

  it('uses the configured secret whatever the environment', async () => {
    const check = botCheckFromEnv({
      ENVIRONMENT: 'development',
      RECAPTCHA_SECRET: 'test-recaptcha-secret',
      RECAPTCHA_VERIFY_URL: verifyUrl(),
    });
    expect(await check.verify('bot', 'create_stone')).toEqual({ ok: false, reason: 'low-score' });
  });

  it("records a failure of the service itself for /healthz (an hour), never a visitor's refusal", async () => {
    await env.CACHE.delete(BOT_CHECK_FAILING_KEY);
    const check = botCheckFromEnv({
      ENVIRONMENT: 'production',
      RECAPTCHA_SECRET: 'test-recaptcha-secret',
      RECAPTCHA_VERIFY_URL: verifyUrl(),
      CACHE: env.CACHE,
    });
    for (const token of ['bot', 'wrong-action', 'garbage', '']) await check.verify(token, 'create_stone');
    expect(await env.CACHE.get(BOT_CHECK_FAILING_KEY)).toBeNull();
    await check.verify('server-error', 'create_stone');
    expect(await env.CACHE.get(BOT_CHECK_FAILING_KEY, 'json')).toEqual({ at: expect.any(String), reason: 'verify-http-500' });
    await env.CACHE.delete(BOT_CHECK_FAILING_KEY);
  });

  it.each([
    ['verify-http-429', true],
    ['verify-unreachable', true],
    ['invalid-input-secret', true],
    ['bad-request', true],
    ['low-score', false],
    ['timeout-or-duplicate', false],
    ['invalid-input-response', false],
    ['action-mismatch', false],
  ])('takes %s for a failure of the service: %s', (reason, service) => {
    expect(isServiceFailure(reason)).toBe(service);
  });
});
