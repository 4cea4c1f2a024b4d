import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { hasPosition } from '../src/shared/geo';
import { TITLE_WORDS_BACKFILL } from '../src/worker/db/title-words';
import { SEED_COLLECTION, type SeedCollectionStone, seedCollectionStones } from './seed-collection';
import { DEMO_PHOTO_KEY, type SeedStone, seedBlogPost, seedDistanceKm, seedStones } from './seed-data';

/**
 * Seeds the local D1 and R2 with the demo stones, the demo memorial collection and the demo article; safe to run
 * again (INSERT OR IGNORE, same photo bytes).
 * Usage: tsx scripts/seed.ts [--persist-to DIR]
 */
const persistArgs = process.argv.includes('--persist-to')
  ? ['--persist-to', process.argv[process.argv.indexOf('--persist-to') + 1] ?? '.wrangler/state']
  : [];
const sqlText = (value: string | null) => (value === null ? 'NULL' : `'${value.replace(/'/g, "''")}'`);
const sqlNumber = (value: number | null) => (value === null ? 'NULL' : String(value));
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const DAY = 86_400_000;
const now = Date.now();

const png = demoPng();
const statements: string[] = [];
statements.push(
  `INSERT OR IGNORE INTO collections (id, title, dedication, creator_email, owner_token_hash, stone_seq, created_at) VALUES (${[
    sqlText(SEED_COLLECTION.id),
    sqlText(SEED_COLLECTION.title),
    sqlText(SEED_COLLECTION.dedication),
    sqlText(SEED_COLLECTION.creatorEmail),
    sqlText(sha256(SEED_COLLECTION.ownerToken)),
    seedCollectionStones.length,
    now - 130 * DAY,
  ].join(', ')});`,
);
/** A demo stone as the seed writes it: with its collection (or none), its state and when that began. */
type Seeded = Omit<SeedStone, 'finds' | 'status'> & {
  finds: Array<Partial<SeedCollectionStone['finds'][number]> & SeedStone['finds'][number]>;
  collectionId: string | null;
  status: SeedCollectionStone['status'];
  /** Days since the state began; null: since its newest find, else its making. */
  statusDaysAgo: number | null;
  createdDaysAgo: number;
};
const stones: Seeded[] = [
  ...seedStones.map((stone) => ({
    ...stone,
    collectionId: null,
    status: stone.status?.status ?? ('travelling' as const),
    statusDaysAgo: stone.status?.daysAgo ?? null,
    createdDaysAgo: 90,
  })),
  ...seedCollectionStones.map((stone) => ({ ...stone, collectionId: SEED_COLLECTION.id, statusDaysAgo: null, createdDaysAgo: 130 })),
];
for (const stone of stones) {
  const positioned = stone.finds.filter(hasPosition);
  const last = positioned.at(-1) ?? null;
  const created = now - stone.createdDaysAgo * DAY;
  // Last seen at its newest find, else when it was made (as the app keeps it).
  const newest = stone.finds.at(-1);
  const lastSeen = newest ? now - newest.daysAgo * DAY : created;
  statements.push(
    `INSERT OR IGNORE INTO stones (id, code, title, story, creator_email, has_photos, has_story, is_paid, owner_token_hash, find_seq, total_distance_km, last_latitude, last_longitude, last_position_at, collection_id, status, status_since, last_seen_at, created_at) VALUES (${[
      sqlText(stone.id),
      sqlText(stone.code),
      sqlText(stone.title),
      sqlText(stone.story),
      sqlText(stone.creatorEmail),
      Number(stone.hasPhotos),
      Number(stone.hasStory),
      Number(stone.isPaid),
      sqlText(sha256(stone.ownerToken)),
      stone.finds.length,
      seedDistanceKm(stone.finds),
      sqlNumber(last?.latitude ?? null),
      sqlNumber(last?.longitude ?? null),
      sqlNumber(last ? now - last.daysAgo * DAY : null),
      sqlText(stone.collectionId),
      sqlText(stone.status),
      stone.statusDaysAgo === null ? lastSeen : now - stone.statusDaysAgo * DAY,
      lastSeen,
      created,
    ].join(', ')});`,
  );
  stone.finds.forEach((find, i) => {
    statements.push(
      `INSERT OR IGNORE INTO finds (id, stone_id, seq, location, latitude, longitude, comment, country_code, kept, created_at) VALUES (${[
        sqlText(`seed-${stone.code}-${i + 1}`),
        sqlText(stone.id),
        i + 1,
        sqlText(find.location),
        sqlNumber(find.latitude),
        sqlNumber(find.longitude),
        sqlText(find.comment),
        sqlText(find.countryCode ?? null),
        Number(find.kept ?? false),
        now - find.daysAgo * DAY,
      ].join(', ')});`,
    );
  });
  stone.photoKeys.forEach((key, i) => {
    statements.push(
      `INSERT OR IGNORE INTO photos (id, stone_id, r2_key, content_type, size_bytes, created_at) VALUES (${[
        sqlText(key.replace(/\.\w+$/, '')),
        sqlText(stone.id),
        sqlText(key),
        sqlText('image/png'),
        png.length,
        now - 80 * DAY + i,
      ].join(', ')});`,
    );
  });
}

// The words of the titles, for the operator's search: the statements migration 0015 ran (INSERT OR IGNORE too).
statements.push(...TITLE_WORDS_BACKFILL);

statements.push(
  `INSERT OR IGNORE INTO blog_posts (id, title, slug, excerpt, content, tags, published, author_email, created_at) VALUES (${[
    sqlText(seedBlogPost.id),
    sqlText(seedBlogPost.title),
    sqlText(seedBlogPost.slug),
    sqlText(seedBlogPost.excerpt),
    sqlText(seedBlogPost.content),
    sqlText(JSON.stringify(seedBlogPost.tags)),
    1,
    sqlText(seedBlogPost.authorEmail),
    now - 7 * DAY,
  ].join(', ')});`,
);

// The seed writes rows directly, so it recounts the site totals that the app keeps per write.
statements.push(
  'UPDATE site_totals SET stone_count = (SELECT count(*) FROM stones), find_count = (SELECT count(*) FROM finds WHERE hidden = 0), total_distance_km = (SELECT coalesce(sum(total_distance_km), 0) FROM stones), premium_count = (SELECT count(*) FROM stones WHERE has_photos = 1 OR has_story = 1) WHERE id = 1;',
);

/** A small landscape PNG (sky, sea, sand) so the demo stone has a real photo. */
function demoPng(width = 240, height = 160): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 3 + 1)] = 0;
    const [r, g, b] = y < height * 0.45 ? [135, 190, 235] : y < height * 0.75 ? [40, 110, 160] : [225, 200, 150];
    for (let x = 0; x < width; x++) {
      const o = y * (width * 3 + 1) + 1 + x * 3;
      raw[o] = r;
      raw[o + 1] = g;
      raw[o + 2] = b;
    }
  }
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

mkdirSync('.wrangler/tmp', { recursive: true });
writeFileSync('.wrangler/tmp/seed.sql', `${statements.join('\n')}\n`);
writeFileSync('.wrangler/tmp/demo-photo.png', png);

const wrangler = (args: string[]) =>
  execFileSync('npx', ['wrangler', ...args, ...persistArgs], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
  });

wrangler(['d1', 'execute', 'DB', '--local', '--file', '.wrangler/tmp/seed.sql']);
wrangler([
  'r2',
  'object',
  'put',
  `reisesteine-photos/${DEMO_PHOTO_KEY}`,
  '--local',
  '--file',
  '.wrangler/tmp/demo-photo.png',
  '--content-type',
  'image/png',
]);

console.info(`  collection ${SEED_COLLECTION.id}  ${SEED_COLLECTION.title}  (owner page: /admin/sammlung/${SEED_COLLECTION.ownerToken})`);
for (const stone of seedStones) {
  console.info(`  ${stone.code}  ${stone.title}  (owner page: /admin/stone/${stone.ownerToken})`);
}
