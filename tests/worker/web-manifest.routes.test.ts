import { describe, expect, it } from 'vitest';
import { call } from '../support/factory';

describe('the web app manifest', () => {
  it('makes the site installable: name, icons incl. maskable, start page, standalone, as application/manifest+json', async () => {
    const res = await call('/manifest.webmanifest', { headers: { 'accept-language': 'de-DE' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/manifest+json; charset=utf-8');
    const manifest = (await res.json()) as Record<string, unknown> & { icons: Array<{ sizes: string; purpose: string }> };
    expect(manifest).toMatchObject({
      name: 'Reisesteine',
      short_name: 'Reisesteine',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      lang: 'de',
      description: 'Erinnerungssteine, die um die Welt reisen',
    });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
      '192x192 any',
      '192x192 maskable',
      '512x512 any',
      '512x512 maskable',
    ]);
  });

  it('speaks the language of the request', async () => {
    const res = await call('/manifest.webmanifest', { headers: { 'accept-language': 'en-GB' } });
    expect(await res.json()).toMatchObject({ lang: 'en', description: 'Memorial stones that travel the world' });
  });
});
