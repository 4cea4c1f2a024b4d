import type { Precision } from './schemas/precision';

/*
 * The place name a find publishes at its finder's precision. `exact` keeps the text as given; for `km` and `town`
 * no street, house number or postcode remains: the name keeps the locality and what is coarser (region, country),
 * for `km` with its district. Works on the comma-separated parts of an address, from fine to coarse as the eleven
 * languages write them and as the geocoder's display names read ("167, Kaiser-Joseph-Straße, Altstadt, Freiburg im
 * Breisgau, Baden-Württemberg, 79098, Deutschland"). Without valibot, small: the find form's check, the find form's
 * notice of what is published and the Worker share it. Dropping too much is the safe mistake: it never adds a word.
 */

/** Words that end a street's name when written together with it (Kaiserstraße, Kalverstraat, Vesterbrogade…). */
const STREET_ENDINGS =
  /(?:stra(?:ß|ss)e|str\.?|weg|gasse|allee|platz|damm|ufer|steig|stieg|pfad|chaussee|promenade|(?<!e|^t)ring|straat|laan|gracht|kade|plein|singel|steeg|dreef|gaden?|vej(?:en)?|all[ée]en?|pladsen|plads|stræde|torvet|torv)$/;

/** A street's kind written as a word of its own ("Rue de Rivoli", "Via Roma", "Baker Street", "ul. Długa"…). */
const STREET_WORDS = new Set(
  (
    'straße strasse str str. weg gasse allee platz ring damm ufer kai street road rd rd. avenue ave ave. lane ln way ' +
    'drive boulevard blvd blvd. court place terrace crescent close square sq highway hwy parkway pkwy alley row mews ' +
    'walk motorway rue av av. bd bd. chemin impasse allée quai cours route passage faubourg fbg sentier voie ' +
    'esplanade promenade parvis ruelle montée chaussée rond-point autoroute via viale piazza piazzale corso largo ' +
    'vicolo strada lungomare autostrada calle c/ avenida avda avda. plaza pza paseo camino carretera ctra ctra. ronda ' +
    'travesía glorieta rambla callejón carrer passeig plaça avinguda rúa autopista straat laan plein gracht kade ' +
    'singel steeg snelweg ulica ul. aleja aleje al. plac pl pl. osiedle os. rondo skwer bulwar trg cesta put obala ' +
    'šetalište avenija prilaz sokak sokaği sk sk. sok. cadde caddesi cd cd. cad. bulvar bulvari blv. meydan meydani ' +
    'yolu otoyol οδόσ οδοσ οδ. οδού οδου λεωφόροσ λεωφοροσ λεωφ. πλατεία πλατεια πλ. gade vej allé plads stræde torv c/o'
  ).split(' '),
);

/** Street kinds that are also a saint's or a doctor's title before a name (St. Gallen): a street only when last. */
const LAST_WORDS = new Set(['st', 'st.', 'dr', 'dr.', 'ct']);

/** Parts that name a district rather than a locality (left out for `town`). */
const DISTRICT_WORDS = new Set(
  (
    'altstadt innenstadt stadtmitte mitte zentrum stadtteil ortsteil stadtbezirk bezirk kiez district downtown ' +
    'quarter neighbourhood neighborhood ward quartier arrondissement quartiere rione barrio distrito centro centrum ' +
    'wijk buurt stadsdeel dzielnica osiedle śródmieście mahallesi mahalle mah. mh. četvrt kvart συνοικία συνοικια kvarter bydel'
  ).split(' '),
);

/**
 * Postcodes with the boundaries of a word: German, Austrian, Swiss, French, Italian, Spanish, Turkish, Croatian,
 * Danish (4–5 digits, ZIP+4, Portuguese and Brazilian), Dutch "1012 AB", Polish "00-950", Greek "105 57", British
 * "SW1A 1AA" (and an outward code at a part's end), Canadian "K1A 0B1", each with a country prefix ("D-79098").
 */
const POSTCODE =
  /(?<![\p{L}\p{N}])(?:[A-Z]{1,3}-)?(?:\d{2}-\d{3}|\d{3} \d{2}|\d{4} ?[A-Z]{2}|\d{4,5}(?:-\d{3,4})?|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}|[A-Z]\d[A-Z] ?\d[A-Z]\d|[A-Z]{1,2}\d[A-Z\d]?$)(?![\p{L}\p{N}])/gu;

/** A position written as the place ("48.00123, 7.85234", the find form's text when no name is known). */
const COORDINATES = /^(-?\d{1,3}(?:\.\d+)?)(\s*,\s*)(-?\d{1,3}(?:\.\d+)?)$/;

/** Lowercase as the word lists are written: Turkish dotless and dotted i, Greek final sigma, accents kept. */
const fold = (text: string) =>
  text
    .toLowerCase()
    .replace(/\u0307/g, '')
    .replace(/ı/g, 'i')
    .replace(/ς/g, 'σ');

function isStreet(part: string): boolean {
  const words = fold(part).split(' ');
  return words.some(
    (word, i) =>
      (word.length > 4 && STREET_ENDINGS.test(word) && !STREET_WORDS.has(word)) ||
      (words.length > 1 && (STREET_WORDS.has(word) || (LAST_WORDS.has(word) && i === words.length - 1))),
  );
}

const isDistrict = (part: string) =>
  fold(part)
    .split(/[ -]/)
    .some((word) => DISTRICT_WORDS.has(word) || word.endsWith('viertel'));

/** "48.00123" at two decimals is "48.00"; a number written coarser stays as written. */
const coarser = (number: string, digits: number) =>
  (number.split('.')[1]?.length ?? 0) > digits ? Number(number).toFixed(digits) : number;

/** A part without street, number or postcode: the postcode gone, what is left ('' for a postcode alone). */
const withoutPostcode = (part: string) =>
  part
    .replace(POSTCODE, ' ')
    .replace(/\(\s*\)/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s\-–—]+|[\s\-–—]+$/g, '');

/**
 * The place name to publish at `precision`, or '' when nothing of it may be published (only a street, number or
 * postcode). Idempotent, and never longer than the text: parts are left out or shortened, the separators kept.
 */
export function placeName(text: string, precision: Precision): string {
  if (precision === 'exact') return text;
  const digits = precision === 'km' ? 2 : 1;
  const trimmed = text.trim();
  const position = COORDINATES.exec(trimmed);
  if (position) return `${coarser(position[1] ?? '', digits)}${position[2]}${coarser(position[3] ?? '', digits)}`;
  // Parts at even indexes, their separators between.
  const pieces = trimmed.split(/(\s*[,;|\r\n]+\s*)/);
  const parts = pieces.flatMap((piece, at) => {
    if (at % 2) return [];
    const given = piece.replace(/\s+/g, ' ').trim();
    const part = withoutPostcode(given);
    // A street or a house number (or anything numbered): it and every finer part before it go.
    const fine = isStreet(given) || isStreet(part) || /\p{Nd}/u.test(part);
    return [{ at, given, part, fine }];
  });
  let finer = parts.findLastIndex((part) => part.fine);
  // The geocoder's display name ("Unter den Linden, Mitte, Berlin, 10117, Deutschland", a postcode of its own before
  // the country) starts with the place it found: a road without a number or a building is finer than a district.
  const postcode = parts.length - 2;
  if (finer < 0 && postcode >= 3 && parts[postcode]?.part === '' && /\d/.test(parts[postcode]?.given ?? '')) finer = 0;
  return parts
    .filter(({ part }, i) => i > finer && (part.match(/\p{L}/gu)?.length ?? 0) >= 2 && !(precision === 'town' && isDistrict(part)))
    .map(({ at, part }, i) => (i === 0 ? part : `${pieces[at - 1]}${part}`))
    .join('');
}
