import { describe, expect, it } from 'vitest';
import { codeFromScan } from '../../src/shared/code-entry';
import type { StoneView } from '../../src/shared/types';
import { call, createStone, insertStone, ORIGIN } from '../support/factory';
import { decodeQrSvg } from '../support/qr-raster';

/** Fetches a stone's QR code as the print view does and checks it is an SVG answer. */
async function fetchQrSvg(code: string): Promise<string> {
  const res = await call(`/api/stones/${code}/qr.svg`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml(;|$)/);
  return res.text();
}

describe('GET /api/stones/{code}/qr.svg', () => {
  it('answers an SVG whose QR code decodes to exactly the URL of a stone created through the API', async () => {
    const { code } = await createStone();
    const svg = await fetchQrSvg(code);
    expect(svg).toMatch(/^<svg[\s>]/);
    // Served from the site's own origin, an SVG could run script: this one is only paths.
    expect(svg).not.toMatch(/<script/i);
    const decoded = decodeQrSvg(svg);
    expect(decoded).toBe(`${ORIGIN}/${code}`);
    // The app's own scanner must find the same stone in what a phone reads off the print.
    expect(codeFromScan(decoded ?? '')).toBe(code);
  });

  it('encodes the canonical uppercase code when the request spells it in lowercase', async () => {
    // A fixed code with letters in every group: a random one can be all digits, where lowercase changes nothing.
    const { code } = await insertStone({ code: 'BEE-C0F-FEE' });
    const decoded = decodeQrSvg(await fetchQrSvg(code.toLowerCase()));
    expect(decoded).toBe(`${ORIGIN}/BEE-C0F-FEE`);
  });

  it('is where the stone’s qrCodeUrl points', async () => {
    const { code } = await createStone();
    const stone = await (await call(`/api/stones/${code}`)).json<StoneView>();
    const url = new URL(stone.qrCodeUrl);
    expect(url.origin).toBe(ORIGIN);
    const res = await call(url.pathname);
    expect(res.status).toBe(200);
    expect(decodeQrSvg(await res.text())).toBe(`${ORIGIN}/${code}`);
  });
});
