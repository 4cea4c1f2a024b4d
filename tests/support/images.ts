/** A real 1×1 JPEG (JFIF, one scan, its EOI: a JPEG without one is refused). */
export const TINY_JPEG = Uint8Array.from(
  atob(
    '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxD/2Q==',
  ),
  (c) => c.charCodeAt(0),
);

const be16 = (n: number) => [(n >> 8) & 0xff, n & 0xff];
const be32 = (n: number) => [(n >>> 24) & 0xff, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * MPF (CIPA DC-007) in an APP2 segment, as phones write it for a second picture after the first's EOI (a depth
 * map, a gain map, a preview): the MP index IFD with version, number of images and two MP entries (attributes,
 * size, offset from the MPF header's "MM"). 8 + 2 + 3 × 12 + 4 = 50 bytes to the entries.
 */
export function mpfSegment(firstSize: number, secondSize: number, secondOffset: number): number[] {
  const entry = (tag: number, type: number, count: number, value: number[]) => [...be16(tag), ...be16(type), ...be32(count), ...value];
  const index = [
    ...be16(3),
    ...entry(0xb000, 7, 4, ascii('0100')),
    ...entry(0xb001, 4, 1, be32(2)),
    ...entry(0xb002, 7, 32, be32(50)),
    ...be32(0),
  ];
  const first = [...be32(0x20030000), ...be32(firstSize), ...be32(0), 0, 0, 0, 0];
  const second = [...be32(0x00010001), ...be32(secondSize), ...be32(secondOffset), 0, 0, 0, 0];
  const payload = [...ascii('MPF\0MM'), 0, 42, ...be32(8), ...index, ...first, ...second];
  return [0xff, 0xe2, ...be16(payload.length + 2), ...payload];
}
