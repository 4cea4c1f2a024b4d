import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decode } from 'fast-png';
import { describe, expect, it } from 'vitest';
import { SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH } from '../../src/shared/share-image';
import type { StoneCard } from '../../src/worker/share/content';
import { COLORS, renderCollectionCard, renderStoneCard, stoneMapView } from '../../src/worker/share/render/card';
import { crc32, encodePng } from '../../src/worker/share/render/png';
import { hex, Raster } from '../../src/worker/share/render/raster';
import { stroke } from '../../src/worker/share/render/shapes';
import { runsOf, wrap } from '../../src/worker/share/render/text';
import { GENERIC_CARD_FILE, nodeCardAssets, renderGeneric } from '../support/share-card';

const assets = nodeCardAssets();

/** The PNG's chunks, each with whether its CRC is right. */
function chunks(png: Uint8Array) {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const found: Array<{ type: string; data: Uint8Array; crcOk: boolean }> = [];
  for (let at = 8; at < png.length; ) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...png.slice(at + 4, at + 8));
    found.push({
      type,
      data: png.slice(at + 8, at + 8 + length),
      crcOk: crc32(png, at + 4, at + 8 + length) === view.getUint32(at + 8 + length),
    });
    at += 12 + length;
  }
  return found;
}

const stone = (overrides: Partial<StoneCard> = {}): StoneCard => ({
  productName: 'Reisesteine',
  host: 'reisesteine.example',
  title: 'Für Oma',
  code: 'ABC-123-DEF',
  distance: '1.116,4 km',
  finds: '2 Funde',
  journey: [
    [52.52, 13.405],
    [48.137, 11.575],
  ],
  photo: null,
  ...overrides,
});

const near = (a: readonly number[], b: readonly number[], tolerance = 12) => a.every((v, i) => Math.abs(v - (b[i] ?? 0)) <= tolerance);

describe('the share card PNG', () => {
  it('is a valid 1200 × 630 truecolour PNG with right CRCs', async () => {
    const { png } = await renderStoneCard(stone(), assets);
    expect([...png.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const parts = chunks(png);
    expect(parts.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect(parts.every((c) => c.crcOk)).toBe(true);
    const header = new DataView((parts[0] as { data: Uint8Array }).data.buffer);
    expect([header.getUint32(0), header.getUint32(4), header.getUint8(8), header.getUint8(9)]).toEqual([1200, 630, 8, 2]);
  });

  it('decodes to exactly the pixels drawn', async () => {
    const raster = new Raster(40, 20, hex('#336699'));
    raster.fill(
      stroke(
        [
          [2, 2],
          [37, 17],
        ],
        4,
      ),
      hex('#ff0000'),
    );
    const image = decode(encodePng(raster.data, raster.width, raster.height));
    expect(image.channels).toBe(3);
    expect([...image.data]).toEqual([...raster.data]);
  });

  it('draws the journey in the route colour on the map', async () => {
    const card = stone();
    const image = decode((await renderStoneCard(card, assets)).png);
    const view = stoneMapView(card.journey, false);
    const [x0, y0] = view.project(...card.journey[0]!);
    const [x1, y1] = view.project(...card.journey[1]!);
    // A point on the line between the two stops, away from both markers.
    const x = Math.round(x0 + (x1 - x0) * 0.4);
    const y = Math.round(y0 + (y1 - y0) * 0.4);
    const at = (y * SHARE_IMAGE_WIDTH + x) * 3;
    expect(near([...image.data.slice(at, at + 3)], COLORS.accent)).toBe(true);
    // The left column stays paper where nothing is written.
    const paper = (600 * SHARE_IMAGE_WIDTH + 560) * 3;
    expect([...image.data.slice(paper, paper + 3)]).toEqual([...COLORS.paper]);
  });

  it('sets any title without failing: characters no font has are left out', async () => {
    expect(
      runsOf('Stein 🌍 Ω Ж Ł 中', assets.regular)
        .map((run) => run.text)
        .join(''),
    ).toBe('Stein  Ω Ж Ł ');
    // A letter whose marks no font has keeps its base letter.
    const set = (text: string) =>
      runsOf(text, assets.regular)
        .map((run) => run.text)
        .join('');
    expect(set('Việt Nam')).toBe('Viet Nam');
    const { png } = await renderStoneCard(stone({ title: '🌍🌍🌍 中文 عربى'.repeat(5), journey: [] }), assets);
    expect(decode(png).width).toBe(SHARE_IMAGE_WIDTH);
  });

  it('wraps a long title to two lines ending in an ellipsis', () => {
    const lines = wrap('Ein Stein für Oma, der vom Gardasee bis ans Nordkap und zurück reisen soll', assets.bold, 54, 488, 2);
    expect(lines).toHaveLength(2);
    expect(lines[1]?.endsWith('…')).toBe(true);
  });

  it('draws a collection with a journey per stone', async () => {
    const png = await renderCollectionCard(
      {
        productName: 'Reisesteine',
        host: 'reisesteine.example',
        title: 'Für Anna',
        dedication: 'In Erinnerung',
        stones: '3 Steine',
        distance: '12,0 km',
        finds: '3 Funde',
        journeys: [
          [
            [52.5, 13.4],
            [52.4, 13.1],
          ],
          [[48.1, 11.5]],
          [],
        ],
      },
      assets,
    );
    expect(decode(png).height).toBe(SHARE_IMAGE_HEIGHT);
  });
});

describe('the generic card', () => {
  it('committed in public/share is what the renderer makes', async () => {
    const committed = decode(readFileSync(GENERIC_CARD_FILE));
    const made = decode(await renderGeneric());
    expect([committed.width, committed.height]).toEqual([SHARE_IMAGE_WIDTH, SHARE_IMAGE_HEIGHT]);
    expect(Buffer.from(committed.data).equals(Buffer.from(made.data))).toBe(true);
  });
});

describe("the Worker's font files", () => {
  it('are the pinned @fontsource/noto-sans files', () => {
    for (const name of ['latin-400', 'latin-700', 'latin-ext-400', 'greek-400', 'greek-700', 'cyrillic-400', 'cyrillic-700']) {
      const ours = readFileSync(join(import.meta.dirname, `../../src/worker/share/fonts/noto-sans-${name}.bin`));
      const theirs = readFileSync(
        join(import.meta.dirname, `../../node_modules/@fontsource/noto-sans/files/noto-sans-${name}-normal.woff`),
      );
      expect(ours.equals(theirs), name).toBe(true);
    }
  });
});
