import { createExecutionContext, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { app } from '../../src/worker/app';
import { call, ORIGIN } from '../support/factory';

const STEP_TITLES = [
  'Reinigen',
  'Trocknen',
  'Bemalen',
  'QR-Code anbringen und Code aufschreiben',
  'Haarspray über den Stift',
  'Klarlack im Freien',
  'Gut durchtrocknen lassen',
  'Die erste Station',
];

describe('/stein-vorbereiten', () => {
  it('shows the 6 materials, the 8 steps in order and the 4 tips, server-rendered', async () => {
    const res = await call('/stein-vorbereiten', { headers: { accept: 'text/html', 'accept-language': 'de-DE' } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect([...html.matchAll(/<h3 class="font-semibold">([^<]+)<\/h3>/g)].map((m) => m[1])).toEqual(STEP_TITLES);
    const lists = [...html.matchAll(/<ul class="list-disc[^"]*">([\s\S]*?)<\/ul>/g)].map((m) => m[1]?.match(/<li>/g)?.length);
    expect(lists).toEqual([6, 4]);
    expect(html).toContain('<title>Stein vorbereiten – Reisesteine</title>');
    // Without AFFILIATE_URL there is no ad.
    expect(html).not.toContain('Anzeige');
  });

  it.each(['/stein-vorbereiten', '/'])(
    '%s shows the supplies link marked as an ad and as sponsored when AFFILIATE_URL is set',
    async (path) => {
      const request = new Request(`${ORIGIN}${path}`, { headers: { accept: 'text/html', 'accept-language': 'de' } });
      const res = await app.fetch(
        request,
        { ...env, AFFILIATE_URL: 'https://shop.example/bastel?ref=reisesteine' },
        createExecutionContext(),
      );
      const html = await res.text();
      expect(html).toContain('Anzeige');
      expect(html).toContain('<a href="https://shop.example/bastel?ref=reisesteine" target="_blank" rel="sponsored noopener noreferrer"');
    },
  );
});
