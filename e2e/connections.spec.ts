// A refused write must not leave the client's connection unusable: the Worker answers some writes before reading
// their body (a wrong content type: 415), and the next request on the same keep-alive connection must be answered.
import { expect, test } from '@playwright/test';

test('after refused writes on a kept-alive connection, every next request is answered', async ({ baseURL }) => {
  test.setTimeout(120_000);
  // Each write comes from a client of its own (the abuse limits count per /64). Node's fetch keeps the connection
  // alive and sends the next request on it; before the fix about one in ten of these reads got no answer at all.
  for (let i = 0; i < 60; i++) {
    const refused = await fetch(`${baseURL}/api/stones`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'cf-connecting-ip': `2001:db8:c0:${i.toString(16)}::1` },
      body: '{"title":"Stein"}',
    });
    expect(refused.status).toBe(415);
    await refused.text();
    const next = await fetch(`${baseURL}/api/statistics`, { signal: AbortSignal.timeout(10_000) });
    expect(next.status, `request ${i}`).toBe(200);
    await next.text();
  }
});
