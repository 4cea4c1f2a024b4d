import { journeyKm } from '../src/shared/geo';

/** Demo stones for local development and the browser tests: fixed codes, finds across Germany, one photo. */
export interface SeedStone {
  id: string;
  code: string;
  title: string;
  story: string | null;
  creatorEmail: string;
  hasPhotos: boolean;
  hasStory: boolean;
  isPaid: boolean;
  /** Demo owner link token (local data only). */
  ownerToken: string;
  photoKeys: string[];
  finds: Array<{ location: string; latitude: number | null; longitude: number | null; comment: string; daysAgo: number }>;
  /** A state other than travelling, and how many days ago it began (the browser tests find a missing stone again). */
  status?: { status: 'resting' | 'missing'; daysAgo: number };
}

export const DEMO_PHOTO_KEY = '6f1d2c3b-4a59-4e6f-8a7b-9c0d1e2f3a4b.png';

export const seedStones: SeedStone[] = [
  {
    id: '0b8f6a52-1f0e-4c8e-9d1a-5e7a3c2b1d01',
    code: 'A1B-2C3-D4E',
    title: 'Omas Gartenstein',
    story: null,
    creatorEmail: 'demo-oma@example.org',
    hasPhotos: false,
    hasStory: false,
    isPaid: false,
    ownerToken: 'demo-owner-token-oma-gartenstein-000000000000',
    photoKeys: [],
    finds: [
      {
        location: 'Berlin, Brandenburger Tor',
        latitude: 52.5163,
        longitude: 13.3777,
        comment: 'Am Tor gefunden – was für ein Start!',
        daysAgo: 60,
      },
      { location: 'Leipzig, Völkerschlachtdenkmal', latitude: 51.3123, longitude: 12.4132, comment: 'Weiter geht die Reise.', daysAgo: 41 },
      { location: 'München, Englischer Garten', latitude: 48.1642, longitude: 11.6056, comment: '', daysAgo: 20 },
      { location: 'Freiburg im Breisgau', latitude: 47.999, longitude: 7.8421, comment: 'Schöne Farben!', daysAgo: 3 },
    ],
  },
  {
    id: '0b8f6a52-1f0e-4c8e-9d1a-5e7a3c2b1d02',
    code: 'B0B-CAF-E42',
    title: 'Für Papa – Nordseestein',
    story: 'Papa liebte die Nordsee. Dieser Stein soll für ihn die Küste entlang und weiter reisen.',
    creatorEmail: 'demo-papa@example.org',
    hasPhotos: true,
    hasStory: true,
    isPaid: true,
    ownerToken: 'demo-owner-token-papa-nordsee-00000000000000',
    photoKeys: [DEMO_PHOTO_KEY],
    finds: [
      { location: 'Hamburg, Landungsbrücken', latitude: 53.5456, longitude: 9.9666, comment: 'Am Hafen entdeckt.', daysAgo: 30 },
      { location: 'Bremen, Marktplatz', latitude: 53.0759, longitude: 8.8072, comment: '', daysAgo: 18 },
      { location: 'Köln, Dom', latitude: 50.9413, longitude: 6.9583, comment: 'Grüße aus Köln!', daysAgo: 5 },
    ],
  },
  {
    id: '0b8f6a52-1f0e-4c8e-9d1a-5e7a3c2b1d03',
    code: 'C0D-E00-001',
    title: 'Kleiner Wanderer',
    story: null,
    creatorEmail: 'demo-wanderer@example.org',
    hasPhotos: false,
    hasStory: false,
    isPaid: false,
    ownerToken: 'demo-owner-token-kleiner-wanderer-0000000000',
    photoKeys: [],
    finds: [],
  },
  {
    id: '0b8f6a52-1f0e-4c8e-9d1a-5e7a3c2b1d04',
    code: 'D0D-0FF-404',
    title: 'Verschollener Stein',
    story: null,
    creatorEmail: 'demo-verschollen@example.org',
    hasPhotos: false,
    hasStory: false,
    isPaid: false,
    ownerToken: 'demo-owner-token-verschollener-stein-00000000',
    photoKeys: [],
    finds: [{ location: 'Lübeck, Holstentor', latitude: 53.866, longitude: 10.6797, comment: '', daysAgo: 40 }],
    status: { status: 'missing', daysAgo: 5 },
  },
];

/** The stored distance of a seeded stone, computed the way the API computes it. */
export const seedDistanceKm = (finds: SeedStone['finds']) => journeyKm(finds);

/** The demo article, so a newcomer's blog is not empty. Its HTML stays within what the blog's sanitiser allows. */
export const seedBlogPost = {
  id: 'seed-blog-willkommen',
  slug: 'willkommen-bei-den-reisesteinen',
  title: 'Willkommen bei den Reisesteinen',
  excerpt: 'Wie aus einem bemalten Stein eine Erinnerung wird, die durch ganz Deutschland reist.',
  content: `<p>Ein Reisestein ist ein bemalter Stein mit einem Code. Wer ihn findet, trägt den Fundort ein und legt ihn an einem neuen Ort wieder aus.</p>
<h2>So fängst du an</h2>
<ol>
<li>Stein bemalen und versiegeln.</li>
<li>Stein anlegen und den QR-Code aufkleben.</li>
<li>Auslegen – und zusehen, wohin er reist.</li>
</ol>
<p>Mehr dazu steht in der <a href="/stein-vorbereiten">Anleitung zum Vorbereiten</a>.
Viel Freude beim Bemalen!</p>`,
  tags: ['Anleitung', 'Willkommen'],
  authorEmail: 'redaktion@reisesteine.example',
};
