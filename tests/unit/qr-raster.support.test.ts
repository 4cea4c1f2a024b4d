import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { decodeQrSvg, rasteriseQrSvg, UnsupportedSvgError } from '../support/qr-raster';

// The same options as GET /api/stones/{code}/qr.svg, so these tests prove the rasteriser on the shape it reads there.
const APP_OPTIONS = { type: 'svg', errorCorrectionLevel: 'M', margin: 2 } as const;

const STONE_URL = 'https://reisesteine.test/ABC-123-DEF';

function qrSvg(text: string, margin: number = APP_OPTIONS.margin): Promise<string> {
  return QRCode.toString(text, { ...APP_OPTIONS, margin });
}

/** Replaces the first `search` in `svg`, failing if it is not there, so a mutation test cannot test the original. */
function mutate(svg: string, search: string | RegExp, replacement: string): string {
  const mutated = svg.replace(search, replacement);
  expect(mutated).not.toBe(svg);
  return mutated;
}

/** Whether the module at (column, row) of the viewBox is dark in a rasterised image (4 pixels per module). */
function isDarkModule(image: { data: Uint8ClampedArray; width: number }, column: number, row: number): boolean {
  // The centre pixel of the module; the background is #ffffff and the modules #000000, nothing in between.
  const offset = ((row * 4 + 2) * image.width + column * 4 + 2) * 4;
  return image.data[offset] === 0;
}

describe('QR SVG rasteriser', () => {
  it.each([
    ['a stone URL', STONE_URL],
    ['a single character', 'x'],
    ['text with umlauts and other non-Latin-1 characters', 'Grüße aus Köln – Reisestein №7 ✓'],
    ['a long URL that needs a large QR version', `https://reisesteine.test/ABC-123-DEF?utm_source=${'stein'.repeat(40)}&ort=Düsseldorf`],
  ])('rasterises a qrcode SVG of %s so that jsQR decodes exactly that text', async (_label, text) => {
    expect(decodeQrSvg(await qrSvg(text))).toBe(text);
  });

  it.each([0, 1, 4])('decodes the same text with a quiet zone of %i modules', async (margin) => {
    expect(decodeQrSvg(await qrSvg(STONE_URL, margin))).toBe(STONE_URL);
  });

  it('paints every module exactly as qrcode laid out the symbol, quiet zone included', async () => {
    // Compares against qrcode's own module matrix, so the geometry is proven without relying on the decoder.
    const { modules } = QRCode.create(STONE_URL, { errorCorrectionLevel: 'M' });
    const margin = APP_OPTIONS.margin;
    const image = rasteriseQrSvg(await qrSvg(STONE_URL));
    const side = modules.size + 2 * margin;
    expect(image.width).toBe(side * 4);
    expect(image.height).toBe(side * 4);
    for (let row = 0; row < side; row++) {
      for (let column = 0; column < side; column++) {
        const inSymbol = row >= margin && row < side - margin && column >= margin && column < side - margin;
        const expected = inSymbol && modules.get(row - margin, column - margin) === 1;
        expect(isDarkModule(image, column, row), `module (${column},${row})`).toBe(expected);
      }
    }
  });

  it('does not decode the original text once one dark module of a finder pattern is turned light', async () => {
    const svg = await qrSvg(STONE_URL);
    // The first run of the dark path is the top row of the top-left finder pattern: seven dark modules. Making its
    // fourth module light breaks the 1:1:3:1:1 ring the decoder looks for. (Its centre module is not used here:
    // jsQR's finder search tolerates one light module there and still decodes.)
    const mutated = mutate(svg, /(d="M\d+ [\d.]+)h7m/, '$1h3m1 0h3m');
    expect(decodeQrSvg(mutated)).not.toBe(STONE_URL);
  });

  it('tells apart the codes of two stones that differ in one character', async () => {
    const neighbour = 'https://reisesteine.test/ABC-123-DEE';
    const neighbourSvg = await qrSvg(neighbour);
    expect(neighbourSvg).not.toBe(await qrSvg(STONE_URL));
    expect(decodeQrSvg(neighbourSvg)).toBe(neighbour);
  });

  describe('refuses SVG it does not understand, so a test cannot pass by a lucky guess', () => {
    it.each([
      ['an XML declaration before <svg>', (svg: string) => `<?xml version="1.0"?>${svg}`, 'nothing around it'],
      ['a width attribute', (svg: string) => mutate(svg, '<svg ', '<svg width="200" '), 'attribute width'],
      ['a viewBox that does not start at 0 0', (svg: string) => mutate(svg, 'viewBox="0 0', 'viewBox="1 0'), 'viewBox'],
      ['another element', (svg: string) => mutate(svg, '</svg>', '<rect width="1" height="1"/></svg>'), 'unsupported content'],
      ['a transform', (svg: string) => mutate(svg, '<path stroke', '<path transform="scale(2)" stroke'), 'attribute transform'],
      [
        'a stroke width other than the default',
        (svg: string) => mutate(svg, '<path stroke', '<path stroke-width="2" stroke'),
        'attribute stroke-width',
      ],
      [
        'a translucent colour',
        (svg: string) => mutate(svg, 'stroke="#000000"', 'stroke="#000000" stroke-opacity=".50"'),
        'attribute stroke-opacity',
      ],
      ['a named colour', (svg: string) => mutate(svg, 'stroke="#000000"', 'stroke="black"'), 'not #rrggbb'],
      [
        'a path with both fill and stroke',
        (svg: string) => mutate(svg, 'stroke="#000000"', 'stroke="#000000" fill="#000000"'),
        'exactly one of fill and stroke',
      ],
      ['a curve command', (svg: string) => mutate(svg, /h7m/, 'c1 1 2 2 7 0m'), 'command "c"'],
      ['a lineto command', (svg: string) => mutate(svg, /h7m/, 'l7 0m'), 'command "l"'],
      ['implicitly repeated arguments', (svg: string) => mutate(svg, /h7m/, 'h3 4m'), 'implicit repetition'],
      ['a run off the half-integer row centre', (svg: string) => mutate(svg, /d="M(\d+) (\d+)\.5/, 'd="M$1 $2.25'), 'module grid'],
      ['a stroked run that turns a corner', (svg: string) => mutate(svg, /h7m/, 'h7v1m'), 'one straight line'],
      ['a background that is not a rectangle', (svg: string) => mutate(svg, /H0z/, 'H1z'), 'rectangle'],
      ['a run that leaves the viewBox', (svg: string) => mutate(svg, /h7m/, 'h70m'), 'leaves the viewBox'],
      [
        'no background, which leaves modules without a colour',
        (svg: string) => mutate(svg, /<path fill="[^"]*" d="[^"]*"\/>/, ''),
        'not painted',
      ],
    ])('throws on %s', async (_label, change, reason) => {
      const svg = change(await qrSvg(STONE_URL));
      // The reason is checked too, so each case is refused for what it changed and not for an earlier slip.
      expect(() => rasteriseQrSvg(svg)).toThrow(UnsupportedSvgError);
      expect(() => rasteriseQrSvg(svg)).toThrow(reason);
    });
  });
});
