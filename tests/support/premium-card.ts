// A premium stone's share card as the card tests and the render measurement draw it: a 1600 × 1200 JPEG photo of one
// colour (so the card's pixels tell it), 40 counted finds zig-zagging across Europe, and the card's words.
import jpeg from 'jpeg-js';

/** A photo as owners upload them (1600 × 1200 JPEG), of one colour. */
export function premiumPhoto(): Uint8Array {
  const width = 1600;
  const height = 1200;
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < data.length; i += 4) data.set([32, 160, 160, 255], i);
  return new Uint8Array(jpeg.encode({ width, height, data }, 85).data);
}

/** 40 counted finds zig-zagging across Europe. */
export const JOURNEY_40 = Array.from({ length: 40 }, (_, i): [number, number] => [45 + (i % 5) * 2 + i * 0.05, -2 + i * 0.7]);

/** The words and the journey of the card; `photo` names its photo's key. */
export const premiumCard = (photo: string) => ({
  productName: 'Reisesteine',
  host: 'reisesteine.example',
  title: 'Ein Stein für Oma, der vom Gardasee bis ans Nordkap reist',
  code: 'C4D-000-F08',
  distance: '4.321,0 km',
  finds: '40 Funde',
  journey: JOURNEY_40,
  photo,
});
