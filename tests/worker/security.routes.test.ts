import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, callWith, countRows, createStone, expectApiError, PRODUCTION_SETTINGS } from '../support/factory';

/** Every line the Worker logged through console.error during `run`. */
async function errorLines(run: () => Promise<unknown>): Promise<string[]> {
  const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
  await run();
  return spy.mock.calls.map((args) => args.map(String).join(' '));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a missing production secret fails closed', () => {
  const form = { creatorEmail: 'c@example.org', title: 'Stein', recaptchaToken: 'anything' };

  it('refuses stone creation with 503 when production has no reCAPTCHA secret, and writes nothing', async () => {
    const lines = await errorLines(async () => {
      const res = await callWith({ ...PRODUCTION_SETTINGS, RECAPTCHA_SECRET: undefined }, '/api/stones', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(form),
      });
      await expectApiError(res, 503, 'BOT_CHECK_UNAVAILABLE');
    });
    expect(await countRows('stones')).toBe(0);
    expect(lines.join('\n')).toContain('RECAPTCHA_SECRET is not configured in production');
  });

  it('treats an unknown ENVIRONMENT value as production', async () => {
    const res = await callWith({ ...PRODUCTION_SETTINGS, ENVIRONMENT: 'staging', RECAPTCHA_SECRET: undefined }, '/api/stones', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(form),
    });
    await expectApiError(res, 503, 'BOT_CHECK_UNAVAILABLE');
  });

  it('skips the bot check only in development', async () => {
    const res = await callWith({ ENVIRONMENT: 'development', RECAPTCHA_SECRET: undefined }, '/api/stones', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(form),
    });
    expect(res.status).toBe(201);
  });
});

describe('the reCAPTCHA site key', () => {
  it('reaches the browser in the page data, and the secret does not', async () => {
    const res = await callWith({ RECAPTCHA_SITE_KEY: 'site-key-123', RECAPTCHA_SECRET: 'secret-456' }, '/');
    const html = await res.text();
    expect(html).toContain('"recaptchaSiteKey":"site-key-123"');
    expect(html).not.toContain('secret-456');
  });

  it('is null in the page data when none is configured', async () => {
    const html = await (await callWith({ RECAPTCHA_SITE_KEY: undefined }, '/')).text();
    expect(html).toContain('"recaptchaSiteKey":null');
  });
});

describe('when something breaks inside (the 500 path)', () => {
  it('answers an API call with 500 in the one error shape, with the request id, and logs the failure without the values of the query', async () => {
    const { code } = await createStone({ creatorEmail: 'secret-creator@example.org' });
    await env.DB.prepare('DROP TABLE finds').run();
    let res: Response | undefined;
    const lines = await errorLines(async () => {
      res = await call(`/api/stones/${code}`, { headers: { 'cf-ray': 'ray-500-json', 'accept-language': 'de-DE' } });
    });
    const error = await expectApiError(res as Response, 500, 'INTERNAL_ERROR');
    expect(error.message).toBe('Etwas ist schiefgelaufen (Anfrage ray-500-json)');
    const logged = lines.map((line) => JSON.parse(line) as Record<string, string>);
    expect(logged).toContainEqual(
      expect.objectContaining({ level: 'error', message: 'unhandled error', requestId: 'ray-500-json', path: `/api/stones/${code}` }),
    );
    expect(lines.join('\n')).toContain('no such table: finds');
    expect(lines.join('\n')).not.toContain('secret-creator@example.org');
  });

  it('answers a page with a 500 HTML page in the reader’s language, under the page CSP', async () => {
    const { code } = await createStone();
    await env.DB.prepare('DROP TABLE finds').run();
    let res: Response | undefined;
    await errorLines(async () => {
      res = await call(`/${code}`, { headers: { accept: 'text/html', 'accept-language': 'de-DE', 'cf-ray': 'ray-500-html' } });
    });
    const page = res as Response;
    expect(page.status).toBe(500);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    const html = await page.text();
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('<h1>Etwas ist schiefgelaufen</h1>');
    expect(html).toContain('Referenz: ray-500-html');
    expect(html).toContain('<meta name="robots" content="noindex">');
  });

  // Runs right after the failed page render above (tests in a file run in order, in one isolate): a render must
  // never wait on something the failed request left behind (a module promise from a finished request never settles).
  it('renders stone pages again in the same isolate once the database answers', async () => {
    const { code } = await createStone({ title: 'Wieder da' });
    const res = await call(`/${code}`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<title>Wieder da');
  });

  it('never writes an owner token into the log, even when the owner call fails', async () => {
    const { adminToken } = await createStone();
    await env.DB.prepare('DROP TABLE subscriptions').run();
    let status = 0;
    const lines = await errorLines(async () => {
      status = (await call(`/api/admin/stones/${adminToken}`, { headers: { 'cf-ray': 'ray-owner' } })).status;
    });
    expect(status).toBe(500);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).toContain('/api/admin/stones/[redacted]');
    expect(lines.join('\n')).not.toContain(adminToken);
  });
});

describe('caching by language', () => {
  it.each(['/', '/api/statistics'])('marks %s as varying with Accept-Language', async (path) => {
    expect((await call(path)).headers.get('vary')).toContain('Accept-Language');
  });

  it('speaks the reader’s language in API errors', async () => {
    const de = await expectApiError(await call('/api/stones/NOT-A-CODE', { headers: { 'accept-language': 'de-DE' } }), 400, 'INVALID_CODE');
    const en = await expectApiError(await call('/api/stones/NOT-A-CODE', { headers: { 'accept-language': 'en-US' } }), 400, 'INVALID_CODE');
    expect(de.message).toBe('Der Code muss das Format XXX-XXX-XXX haben (z. B. ABC-123-DEF).');
    expect(en.message).toBe('The code must be in the format XXX-XXX-XXX (e.g. ABC-123-DEF).');
  });

  it('gives validation details in the reader’s language', async () => {
    const { code } = await createStone();
    const res = await call(`/api/stones/${code}/finds`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'de' },
      body: JSON.stringify({ location: '' }),
    });
    const error = await expectApiError(res, 400, 'VALIDATION_ERROR');
    expect(error.details).toEqual({ location: 'Fundort ist erforderlich' });
  });
});

describe('HTML pages', () => {
  it('send a Permissions-Policy that keeps camera and position to this site', async () => {
    const res = await call('/');
    expect(res.headers.get('permissions-policy')).toBe(
      'camera=(self), geolocation=(self), microphone=(), payment=(), usb=(), serial=(), bluetooth=(), display-capture=()',
    );
  });

  it('admit no third-party script or frame on pages that declare none', async () => {
    const { code } = await createStone();
    const policy = (await call(`/${code}`)).headers.get('content-security-policy') ?? '';
    expect(policy).not.toMatch(/google|gstatic|stripe/);
  });

  it('admit reCAPTCHA on the start page, where the creator opens, and Stripe only on the checkout', async () => {
    const home = (await call('/')).headers.get('content-security-policy') ?? '';
    expect(home).toContain('https://www.google.com/recaptcha/');
    expect(home).not.toContain('stripe');
    const checkout = await call('/checkout');
    expect(checkout.headers.get('content-security-policy')).toContain("frame-src 'self' https://js.stripe.com");
    expect(checkout.headers.get('permissions-policy')).toContain('payment=(self "https://js.stripe.com")');
  });
});
