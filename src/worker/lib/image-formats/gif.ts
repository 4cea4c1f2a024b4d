import { ascii, concat, cover, type ImageSize, InvalidImageError, need, u16le } from './bytes';

/** One block of a GIF after its header: an extension (0x21), an image (0x2C) or the trailer (0x3B). */
interface GifBlock {
  introducer: number;
  start: number;
  end: number;
}

/** Where the sub-blocks starting at `start` end (after their zero-length terminator). */
function skipSubBlocks(bytes: Uint8Array, start: number): number {
  let at = start;
  for (;;) {
    need(bytes, at + 1);
    const size = bytes[at] ?? 0;
    at += 1 + size;
    if (size === 0) return at;
  }
}

/** The end of the header and global colour table, where the first block starts. */
function gifBlocksStart(bytes: Uint8Array): number {
  need(bytes, 13);
  const flags = bytes[10] ?? 0;
  const start = 13 + (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
  need(bytes, start);
  return start;
}

/** The blocks of a GIF up to its trailer (included). Throws InvalidImageError for one it cannot read. */
function* gifBlocks(bytes: Uint8Array): Generator<GifBlock> {
  let offset = gifBlocksStart(bytes);
  for (;;) {
    need(bytes, offset + 1);
    const introducer = bytes[offset] ?? 0;
    if (introducer === 0x3b) {
      yield { introducer, start: offset, end: offset + 1 };
      return;
    }
    let end: number;
    if (introducer === 0x21) {
      need(bytes, offset + 2);
      end = skipSubBlocks(bytes, offset + 2);
    } else if (introducer === 0x2c) {
      need(bytes, offset + 10);
      const local = bytes[offset + 9] ?? 0;
      end = skipSubBlocks(bytes, offset + 10 + (local & 0x80 ? 3 * 2 ** ((local & 0x07) + 1) : 0) + 1); // + LZW minimum code size
    } else throw new InvalidImageError('GIF block');
    yield { introducer, start: offset, end };
    offset = end;
  }
}

/**
 * GIF: keeps the image blocks, graphic control extensions and the animation loop (NETSCAPE2.0, ANIMEXTS1.0), the
 * extensions cut to their fixed data; drops comments, plain text extensions (which browsers do not draw), other
 * application extensions (XMP, C2PA live there) and unknown ones. Whatever follows the trailer (0x3B) is cut off.
 */
export function stripGif(bytes: Uint8Array): Uint8Array {
  const keep: Uint8Array[] = [bytes.subarray(0, gifBlocksStart(bytes))];
  for (const { introducer, start, end } of gifBlocks(bytes)) {
    if (introducer === 0x21) {
      const label = bytes[start + 1];
      const first = bytes[start + 2] ?? 0;
      if (label === 0xf9 && first === 4) keep.push(concat([bytes.subarray(start, start + 7), Uint8Array.of(0)]));
      if (label === 0xff && first === 11) {
        const application = ascii(bytes, start + 3, 11);
        // The loop sub-block: size 3, id 1, the loop count.
        const loop = bytes[start + 14] === 3 && bytes[start + 15] === 1;
        if ((application === 'NETSCAPE2.0' || application === 'ANIMEXTS1.0') && loop) {
          keep.push(concat([bytes.subarray(start, start + 18), Uint8Array.of(0)]));
        }
      }
      continue;
    }
    keep.push(bytes.subarray(start, end));
  }
  return concat(keep);
}

/** The size a GIF declares: its logical screen, and every image's extent (left + width, top + height). */
export function gifSize(bytes: Uint8Array): ImageSize {
  let size = { width: u16le(bytes, 6), height: u16le(bytes, 8) };
  for (const { introducer, start } of gifBlocks(bytes)) {
    if (introducer !== 0x2c) continue;
    size = cover(size, {
      width: u16le(bytes, start + 1) + u16le(bytes, start + 5),
      height: u16le(bytes, start + 3) + u16le(bytes, start + 7),
    });
  }
  return size;
}
