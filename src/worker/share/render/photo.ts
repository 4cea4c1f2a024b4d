import { decodableSize, type ImageType, imageSize, sniffImage } from '../../lib/images';
import { decodeJpeg } from './decode/jpeg';
import type { Decoded, Pixels, Target } from './decode/pixels';
import { decodePng } from './decode/png';
import type { Paint, Rgb } from './raster';

export type { Decoded, Pixels, Target } from './decode/pixels';

/*
 * A premium stone's first photo on its card. The owners' photos are JPEG, PNG, WebP or GIF (lib/images.ts); the
 * card decodes JPEG and PNG, each no larger than the card draws it (decode/pixels.ts), so a photo's size does
 * not decide the job's memory. A WebP or GIF photo is left out of the card (the job logs it): a decoder for each
 * would not fit the Worker's size budget.
 */

const DECODERS: Partial<Record<ImageType, (bytes: Uint8Array, target: Target) => Decoded>> = {
  jpeg: decodeJpeg,
  png: decodePng,
};

/**
 * The photo's pixels for a card area of `target`, or why it is left out. Its type is read from its bytes, and a
 * photo stored before uploads were refused by their size (lib/images.ts decodableSize) is left out unread.
 */
export function decodePhoto(bytes: Uint8Array, target: Target): Decoded {
  const type = sniffImage(bytes);
  const decoder = type && DECODERS[type];
  if (!type || !decoder) return { leftOut: `no decoder for ${type ?? 'unknown type'}` };
  const size = imageSize(bytes, type);
  if (!decodableSize(size)) return { leftOut: `${size.width} × ${size.height} px, over the photo limits` };
  return decoder(bytes, target);
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
