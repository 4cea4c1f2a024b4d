import { decode as decodePngFile } from 'fast-png';
import jpeg from 'jpeg-js';
import type { Paint, Rgb } from './raster';

/*
 * A premium stone's first photo on its card. The owners' photos are JPEG, PNG, WebP, GIF or AVIF (lib/images.ts);
 * the card decodes JPEG and PNG only. A WebP, GIF or AVIF photo is left out of the card (the job logs it): a
 * decoder for each would not fit the Worker's size budget.
 */

export interface Pixels {
  width: number;
  height: number;
  /** RGBA, row by row. */
  rgba: Uint8Array;
}

/** The owner's photos are at most a few megapixels; anything bigger is refused rather than risking the job's memory. */
const MAX_MEGAPIXELS = 40;

export function decodePhoto(bytes: Uint8Array, contentType: string): Pixels | null {
  if (contentType === 'image/jpeg') {
    const image = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: MAX_MEGAPIXELS, maxMemoryUsageInMB: 256 });
    return { width: image.width, height: image.height, rgba: image.data };
  }
  if (contentType === 'image/png') {
    const image = decodePngFile(bytes);
    const { width, height, channels } = image;
    if (width * height > MAX_MEGAPIXELS * 1e6) return null;
    const source = image.data;
    const max = image.depth === 16 ? 65535 : (1 << image.depth) - 1;
    const palette = image.palette;
    const rgba = new Uint8Array(width * height * 4);
    for (let i = 0; i < width * height; i++) {
      let r: number;
      let g: number;
      let b: number;
      let a = 255;
      if (palette) {
        const entry = palette[source[i] ?? 0] ?? [0, 0, 0];
        [r, g, b] = [entry[0] ?? 0, entry[1] ?? 0, entry[2] ?? 0];
        a = entry[3] ?? 255;
      } else {
        const at = (k: number) => Math.round(((source[i * channels + k] ?? 0) / max) * 255);
        if (channels <= 2) r = g = b = at(0);
        else [r, g, b] = [at(0), at(1), at(2)];
        if (channels === 2) a = at(1);
        if (channels === 4) a = at(3);
      }
      rgba.set([r, g, b, a], i * 4);
    }
    return { width, height, rgba };
  }
  return null;
}

/**
 * The photo cut to fill `width` × `height` (the middle of it, like CSS object-fit: cover), shrunk by averaging
 * the pixels that fall on each card pixel, transparency laid on `backdrop`; painted at `x`, `y`.
 */
export function photoPaint(photo: Pixels, x: number, y: number, width: number, height: number, backdrop: Rgb): Paint {
  const scale = Math.max(width / photo.width, height / photo.height);
  const cropW = width / scale;
  const cropH = height / scale;
  const left = (photo.width - cropW) / 2;
  const top = (photo.height - cropH) / 2;
  const out = new Uint8Array(width * height * 3);
  for (let ty = 0; ty < height; ty++) {
    const sy0 = Math.floor(top + ty / scale);
    const sy1 = Math.max(sy0 + 1, Math.floor(top + (ty + 1) / scale));
    for (let tx = 0; tx < width; tx++) {
      const sx0 = Math.floor(left + tx / scale);
      const sx1 = Math.max(sx0 + 1, Math.floor(left + (tx + 1) / scale));
      let r = 0;
      let g = 0;
      let b = 0;
      let n = 0;
      for (let sy = sy0; sy < Math.min(sy1, photo.height); sy++)
        for (let sx = sx0; sx < Math.min(sx1, photo.width); sx++) {
          const i = (sy * photo.width + sx) * 4;
          const a = (photo.rgba[i + 3] ?? 255) / 255;
          r += (photo.rgba[i] ?? 0) * a + backdrop[0] * (1 - a);
          g += (photo.rgba[i + 1] ?? 0) * a + backdrop[1] * (1 - a);
          b += (photo.rgba[i + 2] ?? 0) * a + backdrop[2] * (1 - a);
          n++;
        }
      const o = (ty * width + tx) * 3;
      out[o] = n ? r / n : backdrop[0];
      out[o + 1] = n ? g / n : backdrop[1];
      out[o + 2] = n ? b / n : backdrop[2];
    }
  }
  return (px, py) => {
    const tx = Math.min(width - 1, Math.max(0, px - x));
    const ty = Math.min(height - 1, Math.max(0, py - y));
    const o = (ty * width + tx) * 3;
    return [out[o] ?? 0, out[o + 1] ?? 0, out[o + 2] ?? 0];
  };
}
