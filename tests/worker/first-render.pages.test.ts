import { describe, expect, it } from 'vitest';
import { call, insertStone } from '../support/factory';

/**
 * This file's requests are the first pages its isolate renders, as after a deploy or a cold start. Even then the
 * screen's <title> and meta tags must arrive in <head>, not streamed after the shell.
 */
describe('the first page an isolate renders', () => {
  it('has the stone title and Open Graph tags in the head', async () => {
    const { code } = await insertStone({ code: 'C01-D57-A27', title: 'Kaltstart-Stein' });
    const html = await (await call(`/${code}`, { headers: { 'accept-language': 'de-DE' } })).text();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<title>Kaltstart-Stein');
    expect(head).toContain('<meta property="og:title" content="Kaltstart-Stein"/>');
    // and the screen is in the body as rendered HTML, not as a late streamed segment
    const body = html.slice(html.indexOf('<body'));
    expect(body).not.toMatch(/<template id="B:/);
  });

  it('has the home page title in the head', async () => {
    const html = await (await call('/', { headers: { 'accept-language': 'de-DE' } })).text();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toMatch(/<title>[^<]+<\/title>/);
    expect(html).not.toMatch(/<template id="B:/);
  });
});
