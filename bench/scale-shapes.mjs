// What the rows of `npm run bench:scale` look like (bench/scale-seed.mjs writes them): a seeded random source, so
// every run writes the same database for the same size, German-ish titles, codes in the app's format, places across
// Europe, and the known stones and the known collection that are measured at both sizes.

/** The stones and the collection measured at both sizes (same codes, same finds). */
export const KNOWN = {
  /** A typical stone: five finds. */
  typical: 'A5C-A1E-005',
  typicalTitle: 'Omas Reisestein vom Bodensee',
  /** A stone with exactly 1 000 finds. */
  thousand: 'A5C-A1E-3E8',
  /** A memorial collection of 12 stones (ids: 10 of [2-9a-hjkmnp-z]). */
  collection: 'wegmarke25',
  collectionStones: 12,
  /** The finds are logged on these stones (owner mails off), one find per stone, so no abuse limit counts twice. */
  writeStones: 64,
  /** A word the operator's title search looks for: in about one title in 20. */
  titleWord: 'Leuchtturm',
};

/** The write stones' codes: A5C-B00-000, A5C-B00-001, … @param {number} i */
export const writeStoneCode = (i) => `A5C-B00-${i.toString(16).toUpperCase().padStart(3, '0')}`;
/** The known collection's stones: A5C-C00-001, … @param {number} i from 1 */
export const collectionStoneCode = (i) => `A5C-C00-${i.toString(16).toUpperCase().padStart(3, '0')}`;

/** mulberry32: a small, fast, seeded source of numbers in [0, 1). @param {number} seed */
export function random(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (/** @type {number} */ n) => Math.floor(next() * n);
  const pick = (/** @type {readonly any[]} */ list) => list[int(list.length)];
  const hex = (/** @type {number} */ digits) => {
    let out = '';
    while (out.length < digits)
      out += Math.floor(next() * 4294967296)
        .toString(16)
        .padStart(8, '0');
    return out.slice(0, digits);
  };
  const uuid = () => {
    const h = hex(32);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${'89ab'[int(4)]}${h.slice(17, 20)}-${h.slice(20, 32)}`;
  };
  return { next, int, pick, hex, uuid };
}

const CODE_SPACE = 1n << 36n;
const CODE_MULTIPLIER = 0x9e3779b97n; // odd, so multiplying by it is a bijection of the 36-bit codes
const CODE_MASK = 0x5a3c96e1dn;

/** The n-th generated code: a bijection of 36-bit numbers, so every n has its own, spread like random codes. @param {number} n */
export function generatedCode(n) {
  const hex = (((BigInt(n) * CODE_MULTIPLIER) % CODE_SPACE) ^ CODE_MASK).toString(16).toUpperCase().padStart(9, '0');
  return `${hex.slice(0, 3)}-${hex.slice(3, 6)}-${hex.slice(6, 9)}`;
}

const COLLECTION_LETTERS = '23456789abcdefghjkmnpqrstuvwxyz';
/** A collection id as the app makes them: 10 of the 31 letters. @param {ReturnType<typeof random>} rnd */
export const collectionId = (rnd) => Array.from({ length: 10 }, () => COLLECTION_LETTERS[rnd.int(31)]).join('');

const ADJECTIVES = ['Kleiner', 'Bunter', 'Fröhlicher', 'Mutiger', 'Stiller', 'Glücklicher', 'Weiter', 'Roter', 'Blauer', 'Goldener'];
const NOUNS = [
  'Wanderer',
  'Glücksstein',
  'Kiesel',
  'Reisestein',
  'Marienkäfer',
  'Sonnenstein',
  'Gartenstein',
  'Leuchtturm',
  'Regenbogen',
  'Seestern',
  'Fuchs',
  'Igel',
  'Schmetterling',
  'Anker',
  'Herzstein',
  'Bergkristall',
  'Zugvogel',
  'Pusteblume',
  'Mond',
  'Kompass',
];
const NAMES = ['Oma', 'Opa', 'Mama', 'Papa', 'Lisbeth', 'Jonas', 'Mia', 'Paul', 'Emma', 'Ben', 'Hannelore', 'Klaus', 'Lena', 'Felix'];

/** @param {ReturnType<typeof random>} rnd @param {string[][]} places */
export function title(rnd, places) {
  const noun = rnd.pick(NOUNS);
  switch (rnd.int(4)) {
    case 0:
      return `${rnd.pick(ADJECTIVES)} ${noun}`;
    case 1:
      return `${noun} für ${rnd.pick(NAMES)}`;
    case 2:
      return `${rnd.pick(NAMES)}s ${noun}`;
    default:
      return `${noun} aus ${rnd.pick(places)[0]}`;
  }
}

export const COMMENTS = ['Am Wegrand gefunden!', 'Was für schöne Farben.', 'Weiter geht die Reise.', 'Grüße aus dem Urlaub!', 'Danke!'];
export const STORY = 'Dieser Stein erinnert an einen besonderen Menschen. Er soll weit reisen und vielen Freude machen.';
export const DEDICATION = 'Ihre Steine reisen jetzt für sie weiter – danke, dass ihr sie ein Stück mitnehmt.';

/** Towns with a spot each: [town, spot, latitude, longitude, country]. */
export const PLACES = [
  ['Hamburg', 'Alster', '53.5606', '10.0057', 'DE'],
  ['Berlin', 'Tiergarten', '52.5145', '13.3501', 'DE'],
  ['München', 'Englischer Garten', '48.1642', '11.6056', 'DE'],
  ['Köln', 'Rheinufer', '50.9413', '6.9583', 'DE'],
  ['Leipzig', 'Clara-Zetkin-Park', '51.3313', '12.3542', 'DE'],
  ['Dresden', 'Elbufer', '51.0543', '13.7413', 'DE'],
  ['Freiburg im Breisgau', 'Schlossberg', '47.999', '7.8421', 'DE'],
  ['Lübeck', 'Holstentor', '53.8661', '10.6797', 'DE'],
  ['Kiel', 'Kiellinie', '54.3318', '10.1521', 'DE'],
  ['Bremen', 'Wallanlagen', '53.0759', '8.8072', 'DE'],
  ['Konstanz', 'Hafen', '47.6603', '9.1758', 'DE'],
  ['Nürnberg', 'Wöhrder Wiese', '49.4521', '11.0767', 'DE'],
  ['Wien', 'Prater', '48.2167', '16.3958', 'AT'],
  ['Salzburg', 'Mirabellgarten', '47.8058', '13.0417', 'AT'],
  ['Zürich', 'Seepromenade', '47.3606', '8.5417', 'CH'],
  ['Amsterdam', 'Vondelpark', '52.358', '4.8686', 'NL'],
  ['Brüssel', 'Grand-Place', '50.8467', '4.3525', 'BE'],
  ['Paris', 'Jardin du Luxembourg', '48.8462', '2.3372', 'FR'],
  ['Prag', 'Karlsbrücke', '50.0865', '14.4114', 'CZ'],
  ['Kopenhagen', 'Nyhavn', '55.6798', '12.5911', 'DK'],
  ['Bozen', 'Waltherplatz', '46.4983', '11.3548', 'IT'],
  ['Danzig', 'Langer Markt', '54.3484', '18.6538', 'PL'],
];
