/** Reading and writing the bytes of an image file, shared by the format cleaners. */

/** The image is not what its first bytes promised (truncated, a broken segment or chunk). */
export class InvalidImageError extends Error {}

export const ascii = (bytes: Uint8Array, start: number, length: number) => String.fromCharCode(...bytes.subarray(start, start + length));

export function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

export function need(bytes: Uint8Array, end: number): void {
  if (end > bytes.length) throw new InvalidImageError('truncated image');
}

export const u16be = (bytes: Uint8Array, at: number) => ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0);
export const u32be = (bytes: Uint8Array, at: number) =>
  (bytes[at] ?? 0) * 2 ** 24 + (((bytes[at + 1] ?? 0) << 16) | ((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0));
export const u32le = (bytes: Uint8Array, at: number) =>
  (bytes[at + 3] ?? 0) * 2 ** 24 + (((bytes[at + 2] ?? 0) << 16) | ((bytes[at + 1] ?? 0) << 8) | (bytes[at] ?? 0));
export const u16le = (bytes: Uint8Array, at: number) => (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8);
export const u24le = (bytes: Uint8Array, at: number) => (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8) | ((bytes[at + 2] ?? 0) << 16);

/** The size an image declares: for several frames the smallest canvas that holds them all. */
export interface ImageSize {
  width: number;
  height: number;
}

/** The size that holds both. */
export const cover = (a: ImageSize, b: ImageSize): ImageSize => ({
  width: Math.max(a.width, b.width),
  height: Math.max(a.height, b.height),
});
