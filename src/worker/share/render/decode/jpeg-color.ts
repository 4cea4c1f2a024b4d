import type { Frame } from './jpeg-frame';
import type { Decoded } from './pixels';

/*
 * A decoded JPEG's components to RGBA: a subsampled component's samples are repeated over the pixels they cover,
 * colours are converted as JFIF (YCbCr) and Adobe's APP14 (RGB, YCbCr, CMYK and YCCK, stored inverted) say.
 */

const clamp = (v: number) => (v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v));

/** Whether three components are RGB, not YCbCr: Adobe's transform 0, or without it the ids 'R', 'G', 'B'. */
function isRgb(frame: Frame, adobeTransform: number | null): boolean {
  if (adobeTransform !== null) return adobeTransform === 0;
  return frame.components.map((c) => String.fromCharCode(c.id)).join('') === 'RGB';
}

export function jpegPixels(frame: Frame, adobeTransform: number | null): Decoded {
  const { components, size } = frame;
  const count = components.length;
  if (count !== 1 && count !== 3 && count !== 4) return { leftOut: `JPEG of ${count} components` };
  // Four components are CMYK or YCCK only with Adobe's marker, which also says they are stored inverted.
  if (count === 4 && adobeTransform === null) return { leftOut: 'CMYK JPEG without its Adobe marker' };
  const width = Math.ceil((frame.width * size) / 8);
  const height = Math.ceil((frame.height * size) / 8);
  const rgba = new Uint8Array(width * height * 4).fill(255);
  // For each component: its samples, and which sample each column and each row of the picture takes.
  const planes = components.map((c) => c.samples);
  const columns = components.map((c) => Int32Array.from({ length: width }, (_, x) => Math.floor((x * c.h * c.size) / (frame.hMax * size))));
  const rows = components.map((c) =>
    Int32Array.from({ length: height }, (_, y) => Math.floor((y * c.v * c.size) / (frame.vMax * size)) * c.blocksPerLine * c.size),
  );
  const ycc = count === 3 ? !isRgb(frame, adobeTransform) : count === 4 && adobeTransform === 2;
  const sample = (i: number, x: number, y: number) =>
    (planes[i] as Uint8Array)[((rows[i] as Int32Array)[y] as number) + ((columns[i] as Int32Array)[x] as number)] as number;
  for (let y = 0, o = 0; y < height; y++)
    for (let x = 0; x < width; x++, o += 4) {
      const first = sample(0, x, y);
      if (count === 1) {
        rgba[o] = rgba[o + 1] = rgba[o + 2] = first;
        continue;
      }
      let r = first;
      let g = sample(1, x, y);
      let b = sample(2, x, y);
      if (ycc) {
        const cb = g - 128;
        const cr = b - 128;
        r = clamp(first + 1.402 * cr);
        g = clamp(first - 0.344136 * cb - 0.714136 * cr);
        b = clamp(first + 1.772 * cb);
      }
      if (count === 4) {
        // YCCK's colour part is the inverted CMY; then C × K of the inverted values.
        const k = sample(3, x, y) / 255;
        if (ycc) [r, g, b] = [255 - r, 255 - g, 255 - b];
        r *= k;
        g *= k;
        b *= k;
      }
      rgba[o] = clamp(r);
      rgba[o + 1] = clamp(g);
      rgba[o + 2] = clamp(b);
    }
  return { pixels: { width, height, rgba } };
}
