import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { placeName } from '../../src/shared/place-name';
import type { Precision } from '../../src/shared/schemas/precision';

const COARSE: Precision[] = ['km', 'town'];
const COORDINATES = /^-?\d{1,3}(?:\.\d+)?\s*,\s*-?\d{1,3}(?:\.\d+)?$/;

/** Real addresses of the eleven languages' countries, as finders type them and as the geocoder names them. */
const ADDRESSES: Array<{ text: string; km: string; town: string }> = [
  // German, Austrian, Swiss
  { text: 'Kaiser-Joseph-Straße 167, 79098 Freiburg im Breisgau', km: 'Freiburg im Breisgau', town: 'Freiburg im Breisgau' },
  {
    text: '167, Kaiser-Joseph-Straße, Altstadt, Freiburg im Breisgau, Baden-Württemberg, 79098, Deutschland',
    km: 'Altstadt, Freiburg im Breisgau, Baden-Württemberg, Deutschland',
    town: 'Freiburg im Breisgau, Baden-Württemberg, Deutschland',
  },
  {
    text: 'Marienplatz, Altstadt, München, Bayern, 80331, Deutschland',
    km: 'Altstadt, München, Bayern, Deutschland',
    town: 'München, Bayern, Deutschland',
  },
  { text: 'Brandenburger Tor, Pariser Platz, Berlin, 10117, Deutschland', km: 'Berlin, Deutschland', town: 'Berlin, Deutschland' },
  { text: 'Unter den Linden, Mitte, Berlin, 10117, Deutschland', km: 'Mitte, Berlin, Deutschland', town: 'Berlin, Deutschland' },
  { text: 'Hauptstr. 5a, D-79249 Merzhausen', km: 'Merzhausen', town: 'Merzhausen' },
  { text: 'Merzhausen (79249), Breisgau', km: 'Merzhausen, Breisgau', town: 'Merzhausen, Breisgau' },
  { text: 'Am Rain 3, 79249 Merzhausen, Deutschland', km: 'Merzhausen, Deutschland', town: 'Merzhausen, Deutschland' },
  { text: 'Platz der Republik 1, 11011 Berlin', km: 'Berlin', town: 'Berlin' },
  { text: 'Theodor-Heuss-Ring 2; 50668 Köln', km: 'Köln', town: 'Köln' },
  {
    text: 'Hohenzollernring, Neustadt-Nord, Köln, 50672, Deutschland',
    km: 'Neustadt-Nord, Köln, Deutschland',
    town: 'Neustadt-Nord, Köln, Deutschland',
  },
  { text: 'Berlin-Mitte, Berlin, Deutschland', km: 'Berlin-Mitte, Berlin, Deutschland', town: 'Berlin, Deutschland' },
  { text: 'Mariahilfer Straße 1, 1060 Wien, Österreich', km: 'Wien, Österreich', town: 'Wien, Österreich' },
  { text: 'Getreidegasse 9, A-5020 Salzburg', km: 'Salzburg', town: 'Salzburg' },
  { text: 'Bahnhofstrasse 1, 8001 Zürich, Schweiz', km: 'Zürich, Schweiz', town: 'Zürich, Schweiz' },
  { text: 'Marktgasse 10, CH-9000 St. Gallen', km: 'St. Gallen', town: 'St. Gallen' },
  // English (United Kingdom, Ireland, and one from the United States)
  { text: '10 Downing Street, London SW1A 2AA, United Kingdom', km: 'London, United Kingdom', town: 'London, United Kingdom' },
  { text: '221B Baker St, London NW1 6XE', km: 'London', town: 'London' },
  {
    text: 'Big Ben, Westminster, London, SW1A 0AA, United Kingdom',
    km: 'Westminster, London, United Kingdom',
    town: 'Westminster, London, United Kingdom',
  },
  { text: 'Flat 2, 14 High Road, Kettering NN16 8AA', km: 'Kettering', town: 'Kettering' },
  // A numbered postal district goes as every number does (and with it what is finer): the safe mistake.
  { text: "O'Connell Street Upper, Dublin 1, Ireland", km: 'Ireland', town: 'Ireland' },
  { text: '1600 Pennsylvania Avenue NW, Washington, DC 20500, USA', km: 'Washington, DC, USA', town: 'Washington, DC, USA' },
  // Spanish
  { text: 'Calle Mayor 5, 28013 Madrid, España', km: 'Madrid, España', town: 'Madrid, España' },
  { text: 'C/ de Alcalá 42, 28014 Madrid', km: 'Madrid', town: 'Madrid' },
  { text: 'Avda. de la Constitución 20, Barrio Santa Cruz, 41004 Sevilla', km: 'Barrio Santa Cruz, Sevilla', town: 'Sevilla' },
  {
    text: 'Plaza Mayor, Centro, Madrid, Comunidad de Madrid, 28012, España',
    km: 'Centro, Madrid, Comunidad de Madrid, España',
    town: 'Madrid, Comunidad de Madrid, España',
  },
  { text: 'Ronda, Málaga, España', km: 'Ronda, Málaga, España', town: 'Ronda, Málaga, España' },
  // Italian
  { text: 'Via Roma 12, 00184 Roma RM, Italia', km: 'Roma RM, Italia', town: 'Roma RM, Italia' },
  { text: 'Piazza San Marco 1, 30124 Venezia VE', km: 'Venezia VE', town: 'Venezia VE' },
  { text: 'Corso Vittorio Emanuele II, 10123 Torino', km: 'Torino', town: 'Torino' },
  {
    text: 'Viale Trastevere, Rione Trastevere, Roma, Lazio, 00153, Italia',
    km: 'Rione Trastevere, Roma, Lazio, Italia',
    town: 'Roma, Lazio, Italia',
  },
  // French
  { text: '12 Rue de Rivoli, 75004 Paris, France', km: 'Paris, France', town: 'Paris, France' },
  { text: 'Place Bellecour, 69002 Lyon', km: 'Lyon', town: 'Lyon' },
  {
    text: '5 avenue Anatole France, Quartier du Gros-Caillou, Paris 7e Arrondissement, Paris, 75007, France',
    km: 'Paris, France',
    town: 'Paris, France',
  },
  { text: 'Impasse des Lilas, 13008 Marseille', km: 'Marseille', town: 'Marseille' },
  { text: 'Saint-Étienne, Loire, France', km: 'Saint-Étienne, Loire, France', town: 'Saint-Étienne, Loire, France' },
  // Dutch
  { text: 'Kalverstraat 92, 1012 PH Amsterdam, Nederland', km: 'Amsterdam, Nederland', town: 'Amsterdam, Nederland' },
  { text: 'Prinsengracht 263-267, 1016GV Amsterdam', km: 'Amsterdam', town: 'Amsterdam' },
  {
    text: 'Coolsingel, Stadsdriehoek, Rotterdam, Zuid-Holland, Nederland, 3011 AD, Nederland',
    km: 'Stadsdriehoek, Rotterdam, Zuid-Holland, Nederland, Nederland',
    town: 'Stadsdriehoek, Rotterdam, Zuid-Holland, Nederland, Nederland',
  },
  { text: 'Harderwijk, Gelderland', km: 'Harderwijk, Gelderland', town: 'Harderwijk, Gelderland' },
  // Polish
  { text: 'ul. Marszałkowska 10, 00-950 Warszawa, Polska', km: 'Warszawa, Polska', town: 'Warszawa, Polska' },
  { text: 'al. Jerozolimskie 65/79, 00-697 Warszawa', km: 'Warszawa', town: 'Warszawa' },
  { text: 'Plac Mariacki, Stare Miasto, Kraków, 31-042, Polska', km: 'Stare Miasto, Kraków, Polska', town: 'Stare Miasto, Kraków, Polska' },
  // Turkish
  {
    text: 'İstiklal Caddesi No: 12, Beyoğlu Mahallesi, 34433 Beyoğlu/İstanbul, Türkiye',
    km: 'Beyoğlu Mahallesi, Beyoğlu/İstanbul, Türkiye',
    town: 'Beyoğlu/İstanbul, Türkiye',
  },
  { text: 'Atatürk Bulvarı, Kızılay Mah., 06420 Çankaya/Ankara', km: 'Kızılay Mah., Çankaya/Ankara', town: 'Çankaya/Ankara' },
  { text: 'Bağdat Cd. No:5, Kadıköy, İstanbul', km: 'Kadıköy, İstanbul', town: 'Kadıköy, İstanbul' },
  { text: 'ÇİÇEK SOKAĞI, Alsancak, İzmir', km: 'Alsancak, İzmir', town: 'Alsancak, İzmir' },
  // Croatian
  { text: 'Ilica 12, 10000 Zagreb, Hrvatska', km: 'Zagreb, Hrvatska', town: 'Zagreb, Hrvatska' },
  { text: 'Trg bana Josipa Jelačića, Donji grad, Zagreb', km: 'Donji grad, Zagreb', town: 'Donji grad, Zagreb' },
  { text: 'Savska cesta 41, HR-10000 Zagreb', km: 'Zagreb', town: 'Zagreb' },
  { text: 'Ulica kralja Zvonimira, Split', km: 'Split', town: 'Split' },
  // Greek
  { text: 'Ερμού 10, Αθήνα 105 63, Ελλάδα', km: 'Αθήνα, Ελλάδα', town: 'Αθήνα, Ελλάδα' },
  { text: 'Οδός Ερμού, Αθήνα', km: 'Αθήνα', town: 'Αθήνα' },
  { text: 'Λεωφ. Βασιλίσσης Σοφίας, Κολωνάκι, Αθήνα', km: 'Κολωνάκι, Αθήνα', town: 'Κολωνάκι, Αθήνα' },
  { text: 'ΠΛΑΤΕΙΑ ΑΡΙΣΤΟΤΕΛΟΥΣ, Θεσσαλονίκη', km: 'Θεσσαλονίκη', town: 'Θεσσαλονίκη' },
  // Danish
  { text: 'Vesterbrogade 3, 1620 København V, Danmark', km: 'København V, Danmark', town: 'København V, Danmark' },
  { text: 'H.C. Andersens Boulevard 27, DK-1553 København', km: 'København', town: 'København' },
  { text: 'Strandvejen, Hellerup, Gentofte Kommune', km: 'Hellerup, Gentofte Kommune', town: 'Hellerup, Gentofte Kommune' },
  { text: 'Kongens Nytorv, Indre By, København, 1050, Danmark', km: 'Indre By, København, Danmark', town: 'Indre By, København, Danmark' },
  { text: 'Rådhuspladsen, København', km: 'København', town: 'København' },
];

describe('the place name a find publishes', () => {
  it('keeps the text as given for exact', () => {
    for (const { text } of ADDRESSES) expect(placeName(text, 'exact')).toBe(text);
    expect(placeName('  Hauptstraße 5 ,  79098 Freiburg ', 'exact')).toBe('  Hauptstraße 5 ,  79098 Freiburg ');
  });

  for (const { text, km, town } of ADDRESSES) {
    it(`keeps only the locality and what is coarser of "${text}"`, () => {
      expect(placeName(text, 'km')).toBe(km);
      expect(placeName(text, 'town')).toBe(town);
    });
  }

  it('leaves nothing when the text is only a street, a number or a postcode', () => {
    for (const text of ['Hauptstraße 5', 'Kaiser-Joseph-Straße', '79098', '167', 'Rue de Rivoli', 'ul. Długa 5', 'SW1A 1AA', ' , ; ']) {
      expect(placeName(text, 'km')).toBe('');
      expect(placeName(text, 'town')).toBe('');
    }
  });

  it('tells a saint and a town ending like a street from a street', () => {
    for (const text of [
      'St. Gallen',
      'Kettering',
      'Tring',
      'Halle (Saale)',
      'Largo',
      'Viareggio',
      'Cours-la-Ville',
      'Amsterdam',
      'Beverwijk',
    ]) {
      expect(placeName(text, 'km')).toBe(text);
    }
    expect(placeName('Baker St, London', 'km')).toBe('London');
  });

  it('rounds a position written as the place to the precision, and keeps one written coarser', () => {
    expect(placeName('48.123456, 7.854321', 'km')).toBe('48.12, 7.85');
    expect(placeName('48.123456,7.854321', 'town')).toBe('48.1,7.9');
    expect(placeName('-33.86, 151.2', 'km')).toBe('-33.86, 151.2');
    expect(placeName('48, 7', 'town')).toBe('48, 7');
  });

  it('keeps the separators it was given between the parts it keeps', () => {
    expect(placeName('Hauptstraße 5,79098 Freiburg;Deutschland', 'km')).toBe('Freiburg;Deutschland');
    expect(placeName('Freiburg  im   Breisgau', 'km')).toBe('Freiburg im Breisgau');
  });
});

/** Parts an address is made of, to be combined at random. */
const part = fc.oneof(
  fc.constantFrom('Freiburg im Breisgau', 'Altstadt', 'Deutschland', 'München', 'St. Gallen', 'Αθήνα', 'İstanbul', 'København V'),
  fc.constantFrom('Hauptstraße 5', 'Kaiserstr.', '167', '79098 Freiburg', 'Rue de Rivoli', 'Via Roma 12', 'ul. Długa', 'SW1A 1AA'),
  fc.constantFrom('Caddesi', 'Οδός Ερμού', '1012 AB Amsterdam', '00-950 Warszawa', 'Baker St', 'Mitte', '48.12345'),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
);
const address = fc.oneof(
  fc
    .tuple(fc.array(part, { maxLength: 7 }), fc.constantFrom(', ', ',', '; ', ' , ', '\n'))
    .map(([parts, separator]) => parts.join(separator)),
  fc.string({ maxLength: 60 }),
  fc.tuple(fc.double({ min: -90, max: 90, noNaN: true }), fc.double({ min: -180, max: 180, noNaN: true })).map(([a, b]) => `${a}, ${b}`),
);
const coarse = fc.constantFrom(...COARSE);

describe('the place name, for any text', () => {
  it('is idempotent', () => {
    fc.assert(
      fc.property(address, fc.constantFrom<Precision>('exact', 'km', 'town'), (text, precision) => {
        const once = placeName(text, precision);
        expect(placeName(once, precision)).toBe(once);
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps no digit for km and town, unless the text is a position (then rounded to the precision)', () => {
    fc.assert(
      fc.property(address, coarse, (text, precision) => {
        const name = placeName(text, precision);
        if (COORDINATES.test(text.trim())) {
          for (const decimals of name.match(/\.\d+/g) ?? []) expect(decimals.length - 1).toBeLessThanOrEqual(precision === 'km' ? 2 : 1);
        } else expect(name).not.toMatch(/\p{Nd}/u);
      }),
      { numRuns: 2000 },
    );
  });

  it('never says more than the text: shorter or as long, and every part it keeps is in the text', () => {
    fc.assert(
      fc.property(address, coarse, (text, precision) => {
        const name = placeName(text, precision);
        expect(name.length).toBeLessThanOrEqual(text.length);
        if (COORDINATES.test(text.trim())) return;
        for (const kept of name.split(/\s*[,;|\r\n]+\s*/)) {
          for (const word of kept.split(' ')) expect(text).toContain(word);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('never keeps a street, a house number or a postcode of a typed address', () => {
    const street = fc.constantFrom(
      'Hauptstraße',
      'Rue de Rivoli',
      'Via Roma',
      'Calle Mayor',
      'Kalverstraat',
      'ul. Długa',
      'Bağdat Caddesi',
      'Οδός Ερμού',
      'Vesterbrogade',
      'Baker Street',
    );
    const postcode = fc.constantFrom('79098', 'A-1010', '1012 AB', '00-950', 'SW1A 1AA', '105 57', '1620');
    fc.assert(
      fc.property(street, fc.integer({ min: 1, max: 999 }), postcode, coarse, (road, number, code, precision) => {
        const name = placeName(`${road} ${number}, ${code} Freiburg, Deutschland`, precision);
        expect(name).toBe('Freiburg, Deutschland');
      }),
    );
  });
});
