/**
 * Photos as bytes: what they are (by their magic bytes, never by name or declared type) and the same image
 * without the metadata a camera puts in (EXIF with GPS position, XMP, IPTC, comments) and without what follows
 * the image's end (a second picture, a video). Each cleaner keeps what it knows draws the picture and drops the
 * rest, so a kind of metadata nobody thought of goes too.
 */
import { MAX_PHOTO_PIXELS, MAX_PHOTO_SIDE } from '../../shared/schemas/limits';
import { ascii, type ImageSize } from './image-formats/bytes';
import { gifSize, stripGif } from './image-formats/gif';
import { jpegSize, stripJpeg } from './image-formats/jpeg';
import { pngSize, stripPng } from './image-formats/png';
import { stripWebp, webpSize } from './image-formats/webp';

export { type ImageSize, InvalidImageError } from './image-formats/bytes';

export type ImageType = 'jpeg' | 'png' | 'webp' | 'gif';

export const IMAGE_TYPES: Record<ImageType, { contentType: string; extension: string }> = {
  jpeg: { contentType: 'image/jpeg', extension: 'jpg' },
  png: { contentType: 'image/png', extension: 'png' },
  webp: { contentType: 'image/webp', extension: 'webp' },
  gif: { contentType: 'image/gif', extension: 'gif' },
};

export function sniffImage(bytes: Uint8Array): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)) return 'png';
  if (bytes.length >= 6 && (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a')) return 'gif';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'webp';
  return null;
}

/** The same picture without its metadata. Throws InvalidImageError for bytes that are not a well-formed image. */
export function stripMetadata(bytes: Uint8Array, type: ImageType): Uint8Array {
  switch (type) {
    case 'jpeg':
      return stripJpeg(bytes);
    case 'png':
      return stripPng(bytes);
    case 'webp':
      return stripWebp(bytes);
    case 'gif':
      return stripGif(bytes);
  }
}

/**
 * The size the image declares in its headers, read without decoding anything; for an animation, the canvas that
 * holds every frame. Throws InvalidImageError when the headers cannot be read.
 */
export function imageSize(bytes: Uint8Array, type: ImageType): ImageSize {
  switch (type) {
    case 'jpeg':
      return jpegSize(bytes);
    case 'png':
      return pngSize(bytes);
    case 'webp':
      return webpSize(bytes);
    case 'gif':
      return gifSize(bytes);
  }
}

/** Whether a declared size may be decoded: known (no side 0), at most MAX_PHOTO_SIDE a side and MAX_PHOTO_PIXELS. */
export const decodableSize = ({ width, height }: ImageSize) =>
  width > 0 && height > 0 && width <= MAX_PHOTO_SIDE && height <= MAX_PHOTO_SIDE && width * height <= MAX_PHOTO_PIXELS;
