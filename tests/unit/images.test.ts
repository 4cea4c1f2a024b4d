import { describe, expect, it } from 'vitest';
import { InvalidImageError, sniffImage, stripMetadata } from '../../src/worker/lib/images';
import { mpfSegment } from '../support/images';

const bytes = (...parts: Array<number[] | string>) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));
const le32 = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff];
const chunk = (type: string, data: number[]) => [...bytes(type), ...le32(data.length), ...data, ...(data.length % 2 ? [0] : [])];
const riff = (chunks: number[][]) => {
  const body = chunks.flat();
  return bytes('RIFF', le32(body.length + 4), 'WEBP', body);
};
const be16 = (n: number) => [(n >> 8) & 0xff, n & 0xff];
const be32 = (n: number) => [(n >>> 24) & 0xff, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
const join = (...parts: Array<Uint8Array | number[]>) => Uint8Array.from(parts.flatMap((p) => [...p]));
const contains = (haystack: Uint8Array, needle: string) => new TextDecoder('latin1').decode(haystack).includes(needle);
const SECRET = 'GPS-SECRET';

/** What every cleaned file must be: no marker, the same type, and clean already (cleaning it again changes nothing). */
function expectCleanImage(cleaned: Uint8Array, type: 'jpeg' | 'png' | 'webp' | 'gif') {
  expect(contains(cleaned, SECRET)).toBe(false);
  expect(sniffImage(cleaned)).toBe(type);
  expect(stripMetadata(cleaned, type)).toEqual(cleaned);
}

/** A JPEG segment: marker, length (counting itself) and payload. */
const segment = (marker: number, ...payload: Array<number[] | string>) => {
  const data = [...bytes(...payload)];
  return [0xff, marker, ...be16(data.length + 2), ...data];
};
const SOI = [0xff, 0xd8];
const EOI = [0xff, 0xd9];
const JFIF = segment(0xe0, 'JFIF\0', [1, 1, 0, 0, 1, 0, 1, 0, 0]);
const DQT = segment(0xdb, [0], new Array<number>(64).fill(1));
/** A 64×8 grey frame: eight 8×8 blocks, one per MCU (SOF0 baseline, SOF2 progressive). */
const frame = (marker: number) => segment(marker, [8, ...be16(8), ...be16(64), 1, 1, 0x11, 0]);
/** A restart marker after every four MCUs. */
const DRI = segment(0xdd, be16(4));
/** DC table 0: difference category 0 is "0", category 8 is "100000". AC table 0: end of block is "0". */
const DHT_DC = segment(0xc4, [0x00, 1, 0, 0, 0, 0, 1, ...new Array<number>(10).fill(0), 0, 8]);
const DHT_AC = segment(0xc4, [0x10, 1, ...new Array<number>(15).fill(0), 0]);
const sos = (from: number, to: number) => segment(0xda, [1, 1, 0x00, from, to, 0]);

/**
 * A real baseline JPEG (it decodes): an empty block, one with DC +255 (its bits "11111111" fall on a byte, so the
 * encoder stuffs FF 00), two more, RST0, four more.
 */
const BASELINE_SCAN = [0x20, 0xff, 0x00, 0x07, 0xff, 0xd0, 0x00];
const baseline = (...metadata: number[][]) =>
  join(SOI, JFIF, ...metadata, DQT, frame(0xc0), DRI, DHT_DC, DHT_AC, sos(0, 63), BASELINE_SCAN, EOI);

/**
 * A real progressive JPEG of the same frame (it decodes): a DC scan, then (with its Huffman table written between
 * the scans, as encoders do) an AC scan of end-of-block codes; both with restart markers, the first with stuffed
 * bytes. `between` goes between the scans.
 */
const progressive = (...between: number[][]) =>
  join(
    SOI,
    JFIF,
    DQT,
    frame(0xc2),
    DRI,
    DHT_DC,
    sos(0, 0),
    [0x20, 0xff, 0x00, 0x7f, 0xff, 0xd0, 0x0f],
    ...between,
    DHT_AC,
    sos(1, 63),
    [0x0f, 0xff, 0xd0, 0x0f],
    EOI,
  );

/**
 * EXIF as a phone writes it in APP1: IFD0 points to a GPS IFD with GPSLatitudeRef N, GPSLatitude 52° 31' 12"
 * and, in GPSAreaInformation, `area`. TIFF offsets count from "MM": IFD0 at 8, the GPS IFD at 26, the latitude at
 * 68, the area text at 92.
 */
function exifApp1(area: string, marker = 0xe1): number[] {
  const entry = (tag: number, type: number, count: number, value: number[]) => [...be16(tag), ...be16(type), ...be32(count), ...value];
  const text = [...bytes('ASCII\0\0\0', area)];
  const ifd0 = [...be16(1), ...entry(0x8825, 4, 1, be32(26)), ...be32(0)];
  const gps = [
    ...be16(3),
    ...entry(0x0001, 2, 2, [0x4e, 0, 0, 0]),
    ...entry(0x0002, 5, 3, be32(68)),
    ...entry(0x001c, 7, text.length, be32(92)),
    ...be32(0),
  ];
  const latitude = [52, 1, 31, 1, 12, 1].flatMap(be32);
  return segment(marker, 'Exif\0\0', 'MM', [0, 42], be32(8), ifd0, gps, latitude, text);
}

/** A photo with a second picture (its own EXIF with GPS) after the first's EOI, indexed by MPF like a phone's. */
function multiPicture(): Uint8Array {
  const second = baseline(exifApp1(`${SECRET} 52.52,13.40`));
  const before = join(SOI, JFIF, exifApp1('Berlin'));
  const after = baseline().subarray(SOI.length + JFIF.length);
  const mpfLength = mpfSegment(0, 0, 0).length;
  const firstSize = before.length + mpfLength + after.length;
  const mpfHeader = before.length + 8; // FF E2, length, "MPF\0"
  return join(before, mpfSegment(firstSize, second.length, firstSize - mpfHeader), after, second);
}

/** An ISO BMFF box. */
const box = (type: string, ...payload: Array<number[] | string>) => {
  const data = [...bytes(...payload)];
  return [...be32(data.length + 8), ...bytes(type), ...data];
};

/** A motion photo: the still, then its MP4 video, whose metadata has the place in ISO 6709 (©xyz) and in a marker. */
const motionPhoto = () =>
  join(
    baseline(exifApp1('Berlin')),
    box('ftyp', 'mp42', be32(0), 'isommp42'),
    box('moov', box('udta', box('\u00a9xyz', be16(18), be16(0x15c7), '+52.5200+013.4050/'))),
    box('mdat', SECRET),
  );

/** CRC-32 as PNG computes it over a chunk's type and data. */
function crc32(data: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A PNG chunk with its length and CRC. */
const pngChunk = (type: string, ...data: Array<number[] | string>) => {
  const typed = bytes(type, ...data);
  return [...be32(typed.length - 4), ...typed, ...be32(crc32(typed))];
};

/** A real 1×1 PNG: signature, IHDR, IDAT, IEND. */
const TINY_PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);
const IEND_AT = TINY_PNG.length - 12;
/** The tiny PNG with `chunks` before its IDAT and `after` after its IEND. */
const png = (chunks: number[][], after: number[] = []) => join(TINY_PNG.subarray(0, 33), ...chunks, TINY_PNG.subarray(33), after);

describe('JPEG metadata', () => {
  it('keeps a baseline JPEG byte for byte, stuffed bytes and restart markers included', () => {
    const original = baseline();
    expect(sniffImage(original)).toBe('jpeg');
    expect(stripMetadata(original, 'jpeg')).toEqual(original);
  });

  it('drops a second picture after the EOI with its own EXIF and GPS, and the MPF index that points to it', () => {
    const original = multiPicture();
    expect(contains(original, SECRET)).toBe(true);
    expect(contains(original, 'MPF\0')).toBe(true);
    const cleaned = stripMetadata(original, 'jpeg');
    expectCleanImage(cleaned, 'jpeg');
    expect(contains(cleaned, 'MPF')).toBe(false);
    expect(contains(cleaned, 'Exif')).toBe(false);
    expect(cleaned).toEqual(baseline());
  });

  it('drops a motion photo’s video after the EOI', () => {
    const original = motionPhoto();
    const cleaned = stripMetadata(original, 'jpeg');
    expectCleanImage(cleaned, 'jpeg');
    expect(contains(cleaned, 'ftyp')).toBe(false);
    expect(contains(cleaned, '+52.5200')).toBe(false);
    expect(cleaned).toEqual(baseline());
    expect([...cleaned.subarray(-2)]).toEqual(EOI);
  });

  it('keeps a progressive JPEG’s scans and the tables between them, up to its EOI', () => {
    const original = progressive();
    expect(stripMetadata(original, 'jpeg')).toEqual(original);
    expect(stripMetadata(join(original, exifApp1(SECRET)), 'jpeg')).toEqual(original);
  });

  it('drops EXIF and comments between a progressive JPEG’s scans', () => {
    const cleaned = stripMetadata(progressive(exifApp1(SECRET), segment(0xfe, SECRET)), 'jpeg');
    expectCleanImage(cleaned, 'jpeg');
    expect(cleaned).toEqual(progressive());
  });

  it('keeps the ICC profile in APP2 and drops the other APP2 (MPF, FlashPix)', () => {
    const icc = segment(0xe2, 'ICC_PROFILE\0', [1, 1], be32(128), 'appl', [4, 0x40, 0, 0], 'mntrRGB XYZ ');
    const flashPix = segment(0xe2, 'FPXR\0', [0, 1], SECRET);
    const cleaned = stripMetadata(baseline(icc, mpfSegment(1, 1, 1), flashPix), 'jpeg');
    expectCleanImage(cleaned, 'jpeg');
    expect(cleaned).toEqual(baseline(icc));
  });

  it('drops EXIF hidden in APPn other than APP1, JFIF’s thumbnail and JFXX, and cuts Adobe’s APP14 to its fields', () => {
    const adobe = segment(0xee, 'Adobe', [0, 100, 0, 0, 0, 0, 1]);
    const jfifThumbnail = segment(0xe0, 'JFIF\0', [1, 1, 0, 0, 1, 0, 1, 1, 1], SECRET.slice(0, 3));
    const original = join(
      SOI,
      jfifThumbnail,
      segment(0xe0, 'JFXX\0', [0x10], SECRET),
      exifApp1(SECRET, 0xe3),
      exifApp1(SECRET, 0xe0),
      exifApp1(SECRET, 0xee),
      segment(0xee, 'Adobe', [0, 100, 0, 0, 0, 0, 1], SECRET),
      segment(0xeb, 'JP', [0, 0, 0, 1], 'jumb', SECRET), // C2PA in JUMBF
      segment(0xf0, SECRET), // a JPEG extension marker nobody uses
      baseline().subarray(SOI.length + JFIF.length),
    );
    const cleaned = stripMetadata(original, 'jpeg');
    expectCleanImage(cleaned, 'jpeg');
    expect(contains(cleaned, 'GPS')).toBe(false);
    expect(cleaned).toEqual(join(SOI, JFIF, adobe, baseline().subarray(SOI.length + JFIF.length)));
  });

  it.each([
    ['without its EOI', baseline().subarray(0, -2)],
    ['cut in its scan', baseline().subarray(0, -5)],
    ['ending in a lone FF', baseline().subarray(0, -1)],
    ['with a scan and no frame', join(SOI, JFIF, DHT_DC, sos(0, 63), BASELINE_SCAN, EOI)],
    ['with no scan', join(SOI, JFIF, DQT, frame(0xc0), EOI)],
  ])('refuses a JPEG %s', (_, broken) => {
    expect(() => stripMetadata(broken, 'jpeg')).toThrow(InvalidImageError);
  });
});

describe('PNG metadata', () => {
  it('cuts off whatever follows IEND', () => {
    const original = png([], [...bytes(`PK\u0003\u0004${SECRET}`), ...pngChunk('tEXt', `GPS\0${SECRET}`)]);
    expect(contains(original, SECRET)).toBe(true);
    const cleaned = stripMetadata(original, 'png');
    expectCleanImage(cleaned, 'png');
    expect(cleaned).toEqual(TINY_PNG);
    expect([...cleaned.subarray(IEND_AT + 4, IEND_AT + 8)]).toEqual([...bytes('IEND')]);
  });

  it('drops text, eXIf, tIME, C2PA and private chunks wherever they are, and keeps the colour chunks', () => {
    const colour = [pngChunk('gAMA', be32(45455)), pngChunk('pHYs', be32(2835), be32(2835), [1])];
    const original = join(
      png([
        ...colour,
        pngChunk('eXIf', [...exifApp1(SECRET).slice(10)]),
        pngChunk('iTXt', 'XML:com.adobe.xmp\0\0\0\0\0', `<x:xmpmeta><exif:GPSLatitude>${SECRET}</exif:GPSLatitude></x:xmpmeta>`),
        pngChunk('caBX', 'jumb', SECRET),
        pngChunk('prVt', SECRET),
        pngChunk('tIME', [7, 233, 5, 1, 12, 0, 0]),
      ]).subarray(0, -12),
      pngChunk('zTXt', 'Raw profile type exif\0\0', SECRET),
      TINY_PNG.subarray(IEND_AT),
    );
    const cleaned = stripMetadata(original, 'png');
    expectCleanImage(cleaned, 'png');
    expect(cleaned).toEqual(png(colour));
  });

  it('refuses a critical chunk it does not know', () => {
    expect(() => stripMetadata(png([pngChunk('CgBI', [0, 0, 0, 0])]), 'png')).toThrow(InvalidImageError);
  });
});

describe('WebP metadata', () => {
  it('loses its EXIF and XMP chunks and their flags, and keeps a correct RIFF size', () => {
    const vp8x = chunk('VP8X', [0b1100, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    const image = chunk('VP8L', [0x2f, 0, 0, 0, 0]);
    const original = riff([vp8x, chunk('EXIF', [...bytes('MM'), 0, 42, 1, 2, 3]), image, chunk('XMP ', [...bytes('<x:xmpmeta/>')])]);
    expect(sniffImage(original)).toBe('webp');
    const stripped = stripMetadata(original, 'webp');
    expect(stripped).toEqual(riff([chunk('VP8X', [0, 0, 0, 0, 0, 0, 0, 0, 0, 0]), image]));
  });

  /** A real 1×1 lossless WebP picture. */
  const VP8L = chunk('VP8L', [0x2f, 0, 0, 0, 0, 0x07, 0x50, 0xbc, 0x22, 0x17, 0xa5, 0xff, 0x81, 0x88, 0xe8, 0x7f, 0]);

  it.each([
    ['raw bytes', [...bytes(SECRET)]],
    ['a chunk', chunk('EXIF', [...bytes('MM'), 0, 42, ...bytes(SECRET)])],
    ['an unknown chunk', chunk('ZZZZ', [...bytes(SECRET)])],
  ])('cuts off %s after the RIFF size', (_, after) => {
    const original = join(riff([VP8L]), after);
    const cleaned = stripMetadata(original, 'webp');
    expectCleanImage(cleaned, 'webp');
    expect(cleaned).toEqual(riff([VP8L]));
  });

  it('drops C2PA and unknown chunks, also inside an animation frame', () => {
    const vp8x = (flags: number) => chunk('VP8X', [flags, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    const anim = chunk('ANIM', [0, 0, 0, 0, 0, 0]);
    const frame = (...inner: number[][]) => chunk('ANMF', [...new Array<number>(12).fill(0), 100, 0, 0, 0, ...inner.flat()]);
    const original = riff([
      vp8x(0b1110),
      chunk('C2PA', [...bytes(SECRET)]),
      anim,
      frame(VP8L, chunk('ZZZZ', [...bytes(SECRET)])),
      chunk('EXIF', [...bytes(SECRET)]),
    ]);
    const cleaned = stripMetadata(original, 'webp');
    expectCleanImage(cleaned, 'webp');
    expect(cleaned).toEqual(riff([vp8x(0b0010), anim, frame(VP8L)]));
  });

  it('refuses a chunk that runs past the RIFF size, and a WebP without a picture', () => {
    const original = riff([VP8L]);
    const short = Uint8Array.from(original);
    short[4] = (short[4] ?? 0) - 2;
    expect(() => stripMetadata(short, 'webp')).toThrow(InvalidImageError);
    expect(() => stripMetadata(riff([chunk('EXIF', [1, 2])]), 'webp')).toThrow(InvalidImageError);
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

  it('cuts off whatever follows the trailer', () => {
    const original = bytes([...header], [...image], `PK\u0003\u0004${SECRET}`);
    const cleaned = stripMetadata(original, 'gif');
    expectCleanImage(cleaned, 'gif');
    expect(cleaned).toEqual(bytes([...header], [...image]));
  });

  it('drops plain text and unknown extensions, and data hidden in the loop and graphic control extensions', () => {
    const plainText = bytes([0x21, 0x01, 12, 0, 0, 0, 0, 1, 0, 1, 0, 1, 1, 1, 0, SECRET.length], SECRET, [0]);
    const unknown = bytes([0x21, 0x99, SECRET.length], SECRET, [0]);
    const loopWithMore = bytes([0x21, 0xff, 11], 'NETSCAPE2.0', [3, 1, 0, 0, SECRET.length], SECRET, [0]);
    const control = bytes([0x21, 0xf9, 4, 0, 10, 0, 0, 0]);
    const controlWithMore = bytes([0x21, 0xf9, 4, 0, 10, 0, 0, SECRET.length], SECRET, [0]);
    const xmp = bytes([0x21, 0xff, 11], 'XMP DataXMP', [SECRET.length], SECRET, [0]);
    const original = bytes([...header], [...loopWithMore], [...plainText], [...unknown], [...xmp], [...controlWithMore], [...image]);
    const cleaned = stripMetadata(original, 'gif');
    expectCleanImage(cleaned, 'gif');
    expect(cleaned).toEqual(bytes([...header], [...loop], [...control], [...image]));
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
