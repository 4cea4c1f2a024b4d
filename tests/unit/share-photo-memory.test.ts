import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_PHOTO_BYTES, MAX_PHOTO_PIXELS } from '../../src/shared/schemas/limits';
import { decodableSize, imageSize, sniffImage } from '../../src/worker/lib/images';
import { LARGE, largeJpeg, largePng } from '../support/large-photos';

/*
 * The share job's memory with the largest photo an upload accepts: 40 megapixels in at most 5 MB, as a baseline
 * JPEG, a progressive JPEG (libjpeg's ten scans with successive approximation) and a PNG with transparency.
 *
 * Each card is rendered in a Node process of its own (tests/support/photo-memory.child.ts says exactly what is
 * measured): the rise of its resident memory, at its highest during the render, over what it held just before,
 * the photo's bytes read in that time. It counts what a Worker's isolate is charged for (the limit is 128 MB for
 * all it holds): the same V8 allocates the same heap objects and ArrayBuffers, and whatever garbage the collector
 * has not yet taken counts in both. Node's own memory (its startup, the modules, the fonts, which a warm isolate
 * holds anyway) is not part of the rise.
 *
 * The budget is 64 MiB. Measured by hand in the same way with the decoders this replaced (jpeg-js and fast-png
 * decoding the whole picture), the same photos raised it by 596 MiB (the baseline JPEG; jpeg-js then gave up past
 * its 256 MB allowance, so the card had no photo anyway), 581 MiB (the progressive JPEG, the same) and 485 MiB (the
 * PNG, in 79 s); the 79 KB PNG of 9000 × 9000 black pixels, stored before uploads were limited, by 251 MiB.
 */

const BUDGET = 64 * 1024 * 1024;
const root = join(import.meta.dirname, '../..');
const child = join(root, 'tests/support/photo-memory.child.ts');

/** Points of the card inside the photo (its middle 5000 × 5000 is drawn at 954, 384, 210 px a side): the sun, the sky, the field. */
const POINTS = { sun: [975, 447], sky: [1059, 405], field: [1059, 552] } as const;

/**
 * The photos, written once per version of the code that writes them, to the system's temporary folder (several
 * seconds each to make; the same bytes every time).
 */
function fixtures(): Record<'baseline' | 'progressive' | 'png', string> {
  const version = createHash('sha256');
  for (const file of ['jpeg-writer.ts', 'png-writer.ts', 'large-photos.ts'])
    version.update(readFileSync(join(root, 'tests/support', file)));
  const dir = join(tmpdir(), `reisesteine-large-photos-${version.digest('hex').slice(0, 16)}`);
  mkdirSync(dir, { recursive: true });
  return { baseline: join(dir, 'baseline.jpg'), progressive: join(dir, 'progressive.jpg'), png: join(dir, 'photo.png') };
}

function keep(path: string, bytes: Uint8Array): void {
  if (existsSync(path)) return;
  writeFileSync(`${path}.part`, bytes);
  renameSync(`${path}.part`, path);
}

interface Measured {
  added: number;
  reset: boolean;
  photoLeftOut: string | null;
  milliseconds: number;
  photoBytes: number;
  pixels: number[][];
}

async function measure(path: string, contentType: string): Promise<Measured> {
  const points = Object.values(POINTS)
    .map(([x, y]) => `${x},${y}`)
    .join(';');
  const { stdout } = await promisify(execFile)(process.execPath, ['--expose-gc', '--import', 'tsx', child, path, contentType, points], {
    cwd: root,
    maxBuffer: 1 << 20,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as Measured;
}

const near = (actual: number[] | undefined, expected: number[], tolerance = 12) =>
  expected.every((v, i) => Math.abs((actual?.[i] ?? -999) - v) <= tolerance);

const files = fixtures();

beforeAll(async () => {
  keep(files.baseline, largeJpeg(false));
  keep(files.progressive, largeJpeg(true));
  keep(files.png, await largePng());
}, 300_000);

describe('the share job with the largest photo an upload accepts', () => {
  it.each([
    ['baseline JPEG', 'baseline'],
    ['progressive JPEG', 'progressive'],
    ['PNG', 'png'],
  ] as const)('a 40-megapixel %s is 5 MB at most and passes the upload limits', (_, name) => {
    const bytes = new Uint8Array(readFileSync(files[name]));
    const type = sniffImage(bytes);
    expect(type).not.toBeNull();
    const size = imageSize(bytes, type ?? 'jpeg');
    expect(size).toEqual(LARGE);
    expect(size.width * size.height).toBe(MAX_PHOTO_PIXELS);
    expect(decodableSize(size)).toBe(true);
    expect(bytes.length).toBeLessThanOrEqual(MAX_PHOTO_BYTES);
  });

  it.each([
    ['baseline JPEG', 'baseline', 'image/jpeg', [250, 200, 60]],
    ['progressive JPEG', 'progressive', 'image/jpeg', [250, 200, 60]],
    // The PNG's sun is half transparent, laid on the photo frame's white.
    ['PNG', 'png', 'image/png', [252, 227, 157]],
  ] as const)(
    'renders the card with a 40-megapixel %s in less than 64 MiB',
    async (label, name, contentType, sun) => {
      const result = await measure(files[name], contentType);
      // The measurement is this test's output, for the closing note.
      console.info(
        `share card with a 40 MP ${label} (${(result.photoBytes / 1e6).toFixed(1)} MB): memory +${(result.added / 2 ** 20).toFixed(1)} MiB at its peak, ${result.milliseconds} ms${result.reset ? '' : ' (peak of the whole process)'}`,
      );
      expect(result.photoLeftOut).toBeNull();
      expect(result.added).toBeGreaterThan(0);
      expect(result.added).toBeLessThan(BUDGET);
      const [atSun, atSky, atField] = result.pixels;
      expect(near(atSun, [...sun]), `sun ${atSun}`).toBe(true);
      expect(near(atSky, [96, 156, 235]), `sky ${atSky}`).toBe(true);
      expect(near(atField, contentType === 'image/png' ? [80, 132, 50] : [80, 128, 50]), `field ${atField}`).toBe(true);
    },
    120_000,
  );
});
