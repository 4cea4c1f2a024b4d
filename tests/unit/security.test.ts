import { describe, expect, it } from 'vitest';
import { redact } from '../../src/worker/lib/logger';
import { contentSecurityPolicy, permissionsPolicy } from '../../src/worker/lib/security';

const env = { MAP_STYLE_URL: 'https://tiles.example.org/styles/liberty' };
const directive = (policy: string, name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';

describe('content security policy', () => {
  it('lets a page without features load nothing from reCAPTCHA or Stripe', () => {
    const policy = contentSecurityPolicy('n0nce', env, false);
    expect(policy).not.toMatch(/google|gstatic|stripe/);
    expect(directive(policy, 'script-src')).toBe("script-src 'nonce-n0nce' 'strict-dynamic' 'self'");
    expect(directive(policy, 'frame-src')).toBe("frame-src 'self'");
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self' https://tiles.example.org");
  });

  it("adds reCAPTCHA's script and frame origins only for a page that declares it", () => {
    const policy = contentSecurityPolicy('n0nce', env, false, ['recaptcha']);
    expect(directive(policy, 'script-src')).toContain('https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/');
    expect(directive(policy, 'frame-src')).toBe(
      "frame-src 'self' https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/",
    );
    expect(policy).not.toContain('stripe');
  });

  it("adds Stripe's script, frame and API origins only for a page that declares it", () => {
    const policy = contentSecurityPolicy('n0nce', env, false, ['stripe']);
    expect(directive(policy, 'script-src')).toContain('https://js.stripe.com');
    expect(directive(policy, 'frame-src')).toBe("frame-src 'self' https://js.stripe.com https://hooks.stripe.com");
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self' https://tiles.example.org https://api.stripe.com");
    expect(policy).not.toContain('google');
  });
});

describe('permissions policy', () => {
  it('allows camera and geolocation for the site itself and payment nowhere by default', () => {
    const policy = permissionsPolicy();
    expect(policy).toContain('camera=(self)');
    expect(policy).toContain('geolocation=(self)');
    expect(policy).toContain('microphone=()');
    expect(policy).toContain('payment=()');
  });

  it("allows payment inside Stripe's frame on a page that pays", () => {
    expect(permissionsPolicy(['stripe'])).toContain('payment=(self "https://js.stripe.com")');
  });
});

describe('log redaction', () => {
  it.each([
    ['/admin/stone/abcDEF123_-tokenTOKENtoken', '/admin/stone/[redacted]'],
    ['/api/admin/stones/abcDEF123_-tokenTOKENtoken', '/api/admin/stones/[redacted]'],
    ['/api/admin/stones/abcDEF123_-tokenTOKENtoken/photos', '/api/admin/stones/[redacted]'],
    ['https://x.test/admin/stone/abcDEF123?x=1', 'https://x.test/admin/stone/[redacted]?x=1'],
    ['{"path":"/api/admin/stones/s3cr3t"}', '{"path":"/api/admin/stones/[redacted]"}'],
  ])('scrubs the owner token from %s', (line, expected) => {
    expect(redact(line)).toBe(expected);
  });

  it('leaves other paths alone', () => {
    expect(redact('/api/stones/ABC-123-DEF/finds')).toBe('/api/stones/ABC-123-DEF/finds');
  });
});
