/**
 * Run by tests/unit/share-photo-memory.test.ts in a Node process of its own (`node --expose-gc --import tsx`):
 * renders a premium stone's share card with the photo in the file `process.argv[2]`, as the share job does, and
 * prints what that cost in memory as one line of JSON.
 *
 * What is measured: the process's resident memory at its highest (Linux's VmHWM) while the card is rendered,
 * less its resident memory just before. Before it, the renderer's modules, fonts and land are loaded and a card
 * without a photo is rendered once (what a warm isolate has), garbage is collected, and the high-water mark is
 * reset to the present (`/proc/self/clear_refs`). The photo's bytes are read from the file after that: the job
 * holds them too, having read them from R2. Everything the render allocates counts, whatever holds it: the V8
 * heap (with its garbage not yet collected) and ArrayBuffers alike.
 *
 * After the measurement it also prints the card's pixels at the points `process.argv[4]` names (x,y;x,y…), so the
 * test sees that the photo is on the card and what it shows.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { decode } from 'fast-png';
import { renderStoneCard } from '../../src/worker/share/render/card';
import { premiumCard } from './premium-card';
import { nodeCardAssets } from './share-card';

const status = (field: string) => Number(readFileSync('/proc/self/status', 'utf8').match(new RegExp(`${field}:\\s+(\\d+) kB`))?.[1]) * 1024;
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');

const [path = '', contentType = '', points = ''] = process.argv.slice(2);
const assets = nodeCardAssets();
const card = premiumCard('x');
await renderStoneCard({ ...card, photoBytes: null }, assets);
gc();
gc();
let reset = true;
try {
  writeFileSync('/proc/self/clear_refs', '5');
} catch {
  // Without the reset the high-water mark is the whole process's: an upper bound of the render's.
  reset = false;
}
const before = status('VmRSS');
const bytes = new Uint8Array(readFileSync(path));
const started = performance.now();
const { png, photoLeftOut } = await renderStoneCard({ ...card, photoBytes: { bytes, contentType } }, assets);
const milliseconds = Math.round(performance.now() - started);
const peak = status('VmHWM');
const image = decode(png);
const pixels = points
  .split(';')
  .filter(Boolean)
  .map((point) => {
    const [x = 0, y = 0] = point.split(',').map(Number);
    const at = (y * image.width + x) * image.channels;
    return [...image.data.slice(at, at + 3)];
  });
process.stdout.write(
  `${JSON.stringify({ before, peak, added: peak - before, reset, photoLeftOut, milliseconds, photoBytes: bytes.length, pixels })}\n`,
);
