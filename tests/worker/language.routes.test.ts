import { describe, expect, it } from 'vitest';
import { call, expectApiError } from '../support/factory';

describe('the language switch', () => {
  it('a chosen language (the lang cookie) wins over the browser’s, for pages and API messages alike', async () => {
    const headers = { accept: 'text/html', 'accept-language': 'de-DE,de;q=0.9', cookie: 'theme=dark; lang=en' };
    const page = await call('/stein-vorbereiten', { headers });
    expect(await page.text()).toMatch(/^<!DOCTYPE html><html lang="en">[\s\S]*<title>Preparing a stone – Reisesteine<\/title>/);
    const error = await expectApiError(await call('/api/stones/XYZ', { headers }), 400, 'INVALID_CODE');
    expect(error.message).toBe('The code must be in the format XXX-XXX-XXX (e.g. ABC-123-DEF).');
  });

  it('ignores a cookie that names no language of the site, and answers vary with the cookie', async () => {
    const res = await call('/stein-vorbereiten', { headers: { accept: 'text/html', 'accept-language': 'de', cookie: 'lang=pt' } });
    expect(await res.text()).toContain('<html lang="de">');
    expect(res.headers.get('vary')).toContain('Cookie');
  });
});
