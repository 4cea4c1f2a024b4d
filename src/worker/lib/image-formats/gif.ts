import { ascii, concat, InvalidImageError, need } from './bytes';

/**
 * GIF: keeps the image blocks, graphic control extensions and the animation loop (NETSCAPE2.0, ANIMEXTS1.0), the
 * extensions cut to their fixed data; drops comments, plain text extensions (which browsers do not draw), other
 * application extensions (XMP, C2PA live there) and unknown ones. Whatever follows the trailer (0x3B) is cut off.
 */
export function stripGif(bytes: Uint8Array): Uint8Array {
  need(bytes, 13);
  const flags = bytes[10] ?? 0;
  let offset = 13 + (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
  need(bytes, offset);
  const keep: Uint8Array[] = [bytes.subarray(0, offset)];
  const skipSubBlocks = (start: number) => {
    let at = start;
    for (;;) {
      need(bytes, at + 1);
      const size = bytes[at] ?? 0;
      at += 1 + size;
      if (size === 0) return at;
    }
  };
  for (;;) {
    need(bytes, offset + 1);
    const introducer = bytes[offset];
    if (introducer === 0x3b) {
      keep.push(bytes.subarray(offset, offset + 1));
      return concat(keep);
    }
    if (introducer === 0x21) {
      need(bytes, offset + 2);
      const label = bytes[offset + 1];
      const end = skipSubBlocks(offset + 2);
      const first = bytes[offset + 2] ?? 0;
      if (label === 0xf9 && first === 4) keep.push(concat([bytes.subarray(offset, offset + 7), Uint8Array.of(0)]));
      if (label === 0xff && first === 11) {
        const application = ascii(bytes, offset + 3, 11);
        // The loop sub-block: size 3, id 1, the loop count.
        const loop = bytes[offset + 14] === 3 && bytes[offset + 15] === 1;
        if ((application === 'NETSCAPE2.0' || application === 'ANIMEXTS1.0') && loop) {
          keep.push(concat([bytes.subarray(offset, offset + 18), Uint8Array.of(0)]));
        }
      }
      offset = end;
      continue;
    }
    if (introducer === 0x2c) {
      need(bytes, offset + 10);
      const local = bytes[offset + 9] ?? 0;
      const start = offset + 10 + (local & 0x80 ? 3 * 2 ** ((local & 0x07) + 1) : 0) + 1; // + LZW minimum code size
      const end = skipSubBlocks(start);
      keep.push(bytes.subarray(offset, end));
      offset = end;
      continue;
    }
    throw new InvalidImageError('GIF block');
  }
}
