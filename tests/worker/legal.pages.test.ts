import { createExecutionContext, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { app } from '../../src/worker/app';
import { ORIGIN } from '../support/factory';

const OPERATOR = {
  LEGAL_NAME: 'Erika Musterfrau',
  LEGAL_ADDRESS: 'Steinweg 1|12345 Kieselstadt',
  LEGAL_EMAIL: 'kontakt@reisesteine.example',
  LEGAL_PHONE: '+49 30 1234567',
  LEGAL_VAT_ID: 'DE123456789',
};

async function page(path: string, vars: Partial<Env> = {}, language = 'de-DE'): Promise<string> {
  const request = new Request(`${ORIGIN}${path}`, { headers: { accept: 'text/html', 'accept-language': language } });
  const res = await app.fetch(request, { ...env, ...vars }, createExecutionContext());
  expect(res.status).toBe(200);
  return res.text();
}

describe('the legal pages', () => {
  it("fill the imprint with the operator's details from configuration", async () => {
    const html = await page('/impressum', OPERATOR);
    // The page's one heading of the first rank is the imprint's title (its look is the stylesheet's business).
    expect([...html.matchAll(/<h1\b[^>]*>([^<]*)<\/h1>/g)].map((m) => m[1])).toEqual(['Impressum']);
    for (const detail of [
      'Erika Musterfrau',
      'Steinweg 1',
      '12345 Kieselstadt',
      'kontakt@reisesteine.example',
      '+49 30 1234567',
      'DE123456789',
    ]) {
      expect(html).toContain(detail);
    }
    expect(html).not.toContain('[LEGAL_');
  });

  it('mark every detail a deployment has not configured, so it is noticed', async () => {
    const html = await page('/impressum');
    for (const name of ['LEGAL_NAME', 'LEGAL_ADDRESS', 'LEGAL_EMAIL']) expect(html).toContain(`[${name}]`);
    expect(html).not.toContain('Umsatzsteuer');
  });

  it('cover every processing in the privacy policy, with the analytics opt-out when analytics is configured', async () => {
    const html = await page('/datenschutz', { ...OPERATOR, ANALYTICS_ID: 'G-TEST1234' });
    for (const topic of [
      'Hosting bei Cloudflare',
      'Funde und ihre Orte',
      'Double-Opt-in',
      'Stripe',
      'reCAPTCHA',
      'Google Analytics',
      'Metadaten',
      'Deine Rechte',
    ]) {
      expect(html).toContain(topic);
    }
    expect(html).toContain('Google Analytics für diese Website deaktivieren');
    expect(await page('/datenschutz', OPERATOR)).not.toContain('Google Analytics für diese Website deaktivieren');
  });

  it('say in the terms who sells what, how Stripe is paid, the right of withdrawal and the licence', async () => {
    const html = await page('/agb', OPERATOR);
    for (const statement of [
      'ausschließlich digitale Leistungen',
      'keine physischen Waren',
      'Stripe',
      '§ 356 Abs. 5 BGB',
      'nicht übertragbares Recht',
      'Recht der Bundesrepublik Deutschland',
    ]) {
      expect(html).toContain(statement);
    }
  });

  it('speak English to an English reader, naming the German version as binding', async () => {
    const html = await page('/agb', OPERATOR, 'en-GB');
    expect(html).toContain('<title>Terms – Reisesteine</title>');
    expect(html).toContain('the German version is binding');
    expect(html).toContain('digital services only');
  });
});
