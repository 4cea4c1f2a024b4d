import { describe, expect, it } from 'vitest';
import { InvalidImageError, sniffImage, stripMetadata } from '../../src/worker/lib/images';

const bytes = (...parts: Array<number[] | string>) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));
const le32 = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff];
const chunk = (type: string, data: number[]) => [...bytes(type), ...le32(data.length), ...data, ...(data.length % 2 ? [0] : [])];
const riff = (chunks: number[][]) => {
  const body = chunks.flat();
  return bytes('RIFF', le32(body.length + 4), 'WEBP', body);
};

describe('WebP metadata', () => {
  it('loses its EXIF and XMP chunks and their flags, and keeps a correct RIFF size', () => {
    const vp8x = chunk('VP8X', [0b1100, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    const image = chunk('VP8L', [0x2f, 0, 0, 0, 0]);
    const original = riff([vp8x, chunk('EXIF', [...bytes('MM'), 0, 42, 1, 2, 3]), image, chunk('XMP ', [...bytes('<x:xmpmeta/>')])]);
    expect(sniffImage(original)).toBe('webp');
    const stripped = stripMetadata(original, 'webp');
    expect(stripped).toEqual(riff([chunk('VP8X', [0, 0, 0, 0, 0, 0, 0, 0, 0, 0]), image]));
  });
});

describe('GIF metadata', () => {
  const header = bytes('GIF89a', [1, 0, 1, 0, 0x80, 0, 0], [0, 0, 0, 255, 255, 255]);
  const loop = bytes([0x21, 0xff, 11], 'NETSCAPE2.0', [3, 1, 0, 0, 0]);
  const xmp = bytes([0x21, 0xff, 11], 'XMP DataXMP', [4], 'abcd', [0]);
  const comment = bytes([0x21, 0xfe, 5], 'hello', [0]);
  const image = bytes([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x4c, 0x01, 0, 0x3b]);

  it('loses comments and XMP but keeps the animation loop and the picture', () => {
    const original = bytes([...header], [...loop], [...xmp], [...comment], [...image]);
    expect(sniffImage(original)).toBe('gif');
    expect(stripMetadata(original, 'gif')).toEqual(bytes([...header], [...loop], [...image]));
  });

  it('refuses a block it cannot read', () => {
    expect(() => stripMetadata(bytes([...header], [0x99]), 'gif')).toThrow(InvalidImageError);
  });
});

describe('magic bytes', () => {
  it.each([
    ['an SVG', '<svg xmlns="http://www.w3.org/2000/svg"/>'],
    ['HTML', '<!DOCTYPE html>'],
    ['a RIFF that is a WAV', 'RIFF\u0000\u0000\u0000\u0000WAVEfmt '],
    ['nothing', ''],
  ])('do not take %s for an image', (_, text) => {
    expect(sniffImage(bytes(text))).toBeNull();
  });
});
