import type { StoneStatus } from '../src/shared/types';
import type { SeedStone } from './seed-data';

/**
 * The demo memorial collection: 20 stones for one person, found across Europe (so `npm run dev` shows a full
 * collection page and Lighthouse audits one with 20 journeys). Fixed ids, codes and tokens: local data only.
 */
export interface SeedCollectionStone extends Omit<SeedStone, 'status'> {
  status: StoneStatus;
  finds: Array<SeedStone['finds'][number] & { countryCode: string; kept?: boolean }>;
}

const PLACES: Array<[location: string, latitude: number, longitude: number, country: string]> = [
  ['Hamburg, Alster', 53.5606, 10.0057, 'DE'],
  ['Amsterdam, Vondelpark', 52.358, 4.8686, 'NL'],
  ['Brüssel, Grand-Place', 50.8467, 4.3525, 'BE'],
  ['Paris, Jardin du Luxembourg', 48.8462, 2.3372, 'FR'],
  ['Wien, Prater', 48.2167, 16.3958, 'AT'],
  ['Salzburg, Mirabellgarten', 47.8058, 13.0417, 'AT'],
  ['Zürich, Seepromenade', 47.3606, 8.5417, 'CH'],
  ['Bozen, Waltherplatz', 46.4983, 11.3548, 'IT'],
  ['Prag, Karlsbrücke', 50.0865, 14.4114, 'CZ'],
  ['Kopenhagen, Nyhavn', 55.6798, 12.5911, 'DK'],
  ['Dresden, Elbufer', 51.0543, 13.7413, 'DE'],
  ['Lübeck, Holstentor', 53.8661, 10.6797, 'DE'],
];

export const SEED_COLLECTION = {
  id: 'gedenkwege',
  title: 'Für Oma Lisbeth',
  dedication: 'Oma Lisbeth reiste so gern. Ihre Steine reisen jetzt für sie weiter – danke, dass ihr sie ein Stück mitnehmt.',
  creatorEmail: 'demo-lisbeth@example.org',
  ownerToken: 'demo-collection-owner-token-oma-lisbeth-00000',
};

const STATUSES: StoneStatus[] = ['travelling', 'travelling', 'resting', 'travelling', 'missing'];

/** Stone n (1–20): up to four finds on a walk through the places, starting at a different one each time. */
function collectionStone(n: number): SeedCollectionStone {
  const two = String(n).padStart(2, '0');
  const status = STATUSES[n % STATUSES.length] ?? 'travelling';
  const findCount = n % 5 === 0 ? 0 : (n % 4) + 1;
  const finds = Array.from({ length: findCount }, (_, i) => {
    const [location, latitude, longitude, countryCode] = PLACES[(n * 3 + i * 5) % PLACES.length] ?? ['Berlin', 52.52, 13.405, 'DE'];
    return {
      location,
      latitude,
      longitude,
      countryCode,
      comment: '',
      daysAgo: 120 - n * 3 - i * 20,
      kept: status === 'resting' && i === findCount - 1,
    };
  });
  return {
    id: `0b8f6a52-1f0e-4c8e-9d1a-5e7a3c2b1c${two}`,
    code: `C01-1EC-0${two}`,
    title: `${SEED_COLLECTION.title} #${n}`,
    story: null,
    creatorEmail: SEED_COLLECTION.creatorEmail,
    hasPhotos: false,
    hasStory: false,
    isPaid: false,
    ownerToken: `demo-owner-token-lisbeth-${two}-0000000000000000`,
    photoKeys: [],
    // A stone without finds is still travelling: only the cron or its owner calls one missing.
    status: findCount === 0 ? 'travelling' : status,
    finds,
  };
}

export const seedCollectionStones: SeedCollectionStone[] = Array.from({ length: 20 }, (_, i) => collectionStone(i + 1));
