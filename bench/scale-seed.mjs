// Seeds a migrated local D1 for `npm run bench:scale` by writing straight into Miniflare's SQLite file with
// node:sqlite (the Worker must not be running): the known stones and collection first (the same rows at every
// size), then the stones in the order they were made over five years (more each year), every tenth place in the
// order a memorial collection with its stones, and last the site totals counted from the tables, as the cron's
// recount counts them. One transaction per 50 000 rows, journal and sync off while writing; the file is left in
// WAL mode and checkpointed, as Miniflare keeps it.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import {
  collectionId,
  collectionStoneCode,
  DEDICATION,
  generatedCode,
  KNOWN,
  PLACES,
  random,
  title as randomTitle,
  writeStoneCode,
} from './scale-shapes.mjs';
import { mail, OUTBOX_DAYS, writeStone } from './scale-stone.mjs';

const DAY = 86_400_000;
const YEARS = 5;
const ROWS_PER_TRANSACTION = 50_000;
/** Finds per stone around a mean of 5 (scaled to the mean asked for): many with few, some with many. */
const FIND_PATTERN = [0, 1, 2, 3, 4, 5, 6, 7, 8, 14];
/** Stones per memorial collection, 3 on average. */
const COLLECTION_SIZES = [1, 2, 2, 3, 3, 3, 4, 4, 5, 3];

/** The D1 database's SQLite file in a state directory (`wrangler … --persist-to dir`). @param {string} stateDir */
export function sqliteFile(stateDir) {
  const dir = join(stateDir, 'v3/d1/miniflare-D1DatabaseObject');
  const files = readdirSync(dir).filter((name) => name.endsWith('.sqlite') && name !== 'metadata.sqlite');
  if (files.length !== 1) throw new Error(`expected one D1 database in ${dir}, found ${files.length}`);
  return join(dir, /** @type {string} */ (files[0]));
}

/**
 * @typedef {object} Writer
 * @property {(table: string, row: Record<string, string | number | null>) => void} insert
 */

/** Inserts rows through one prepared statement per table, committing every ROWS_PER_TRANSACTION rows. @param {DatabaseSync} db */
function writer(db) {
  /** @type {Map<string, import('node:sqlite').StatementSync>} */
  const statements = new Map();
  /** @type {Record<string, number>} */
  const counts = {};
  let pending = 0;
  db.exec('BEGIN');
  return {
    counts,
    /** @type {Writer['insert']} */
    insert(table, row) {
      let statement = statements.get(table);
      if (!statement) {
        const columns = Object.keys(row);
        statement = db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
        statements.set(table, statement);
      }
      statement.run(...Object.values(row));
      counts[table] = (counts[table] ?? 0) + 1;
      if (++pending >= ROWS_PER_TRANSACTION) {
        db.exec('COMMIT; BEGIN');
        pending = 0;
      }
    },
    finish: () => db.exec('COMMIT'),
  };
}

/**
 * Seeds the database of `stateDir`.
 * @param {string} stateDir
 * @param {{ stones: number, findsPerStone: number, stonesPerCollection: number, now: number, log?: (line: string) => void }} size
 * @returns {{ seconds: number, counts: Record<string, number> }}
 */
export function seed(stateDir, { stones, findsPerStone, stonesPerCollection, now, log = () => {} }) {
  const started = Date.now();
  const db = new DatabaseSync(sqliteFile(stateDir));
  db.exec('PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA cache_size = -1000000; PRAGMA temp_store = MEMORY');
  const w = writer(db);
  const rnd = random(32);
  const start = now - YEARS * 365 * DAY;
  const madeAt = (/** @type {number} */ p) => Math.floor(start + (now - start - DAY) * Math.sqrt((p + 0.5) / stones));
  const findCount = () => Math.round((FIND_PATTERN[rnd.int(FIND_PATTERN.length)] ?? 5) * (findsPerStone / 5));
  const creator = () => `${rnd.pick(['anna', 'jonas', 'mia', 'paul', 'emma', 'ben', 'lena', 'felix'])}${rnd.int(stones)}@example.org`;
  /** @param {Partial<import('./scale-stone.mjs').StoneSpec> & { code: string, createdAt: number }} spec @param {typeof rnd} [r] */
  const stone = (spec, r = rnd) =>
    writeStone(
      w,
      r,
      {
        id: r.uuid(),
        title: randomTitle(r, PLACES),
        collectionId: null,
        creatorEmail: creator(),
        locale: r.next() < 0.8 ? 'de' : 'en',
        findCount: findCount(),
        notify: r.next() < 0.9,
        premium: r.next() < 0.05 ? 'story' : r.next() < 0.03 ? 'photos' : 'none',
        ownerLink: spec.collectionId == null,
        ...spec,
      },
      now,
    );
  /** @param {string} id @param {number} at @param {number} size @param {typeof rnd} r */
  const collection = (id, at, size, r) => {
    const owner = { title: `Für ${r.pick(['Oma', 'Opa', 'Mama', 'Papa'])} ${r.pick(['Lisbeth', 'Klaus', 'Hannelore', 'Jürgen'])}` };
    const s = {
      ...owner,
      creatorEmail: `sammlung${r.int(1e9)}@example.org`,
      locale: /** @type {'de' | 'en'} */ (r.next() < 0.8 ? 'de' : 'en'),
    };
    const row = { id, title: s.title, dedication: r.next() < 0.7 ? DEDICATION : null, creator_email: s.creatorEmail, locale: s.locale };
    w.insert('collections', {
      ...row,
      owner_token_hash: r.hex(64),
      stone_seq: size,
      created_at: at,
      updated_at: null,
      share_card: r.hex(16),
      cards_valid_from: null,
      card_read_at: at,
    });
    w.insert('collection_owner_tokens', { token_hash: r.hex(64), collection_id: id, created_at: at, expires_at: null });
    if (r.next() < 0.2) {
      const email = `folger${r.int(1e7)}@example.org`;
      w.insert('collection_subscriptions', {
        id: r.uuid(),
        collection_id: id,
        email,
        locale: s.locale,
        confirmed_at: at + DAY,
        created_at: at,
      });
    }
    if (at >= now - OUTBOX_DAYS * DAY) {
      const payload = { kind: 'collection-created', collectionId: id, title: s.title, stoneCount: size };
      mail(w, r, { kind: 'collection-created', key: `collection-created:${id}`, s, payload, at });
    }
    return s;
  };

  // The known rows, from sources of their own: the same at every size.
  const known = random(7);
  stone({ code: KNOWN.typical, title: KNOWN.typicalTitle, createdAt: now - 200 * DAY, findCount: 5, premium: 'none' }, known);
  stone(
    { code: KNOWN.thousand, title: 'Weitgereister Kieselstein', createdAt: now - 3 * 365 * DAY, findCount: 1000, premium: 'story' },
    known,
  );
  for (let i = 0; i < KNOWN.writeStones; i++) {
    stone({ code: writeStoneCode(i), title: `Schreibstein ${i}`, createdAt: now - 30 * DAY, findCount: i % 4, notify: false }, known);
  }
  const owner = collection(KNOWN.collection, now - 400 * DAY, KNOWN.collectionStones, known);
  for (let i = 1; i <= KNOWN.collectionStones; i++) {
    const spec = {
      code: collectionStoneCode(i),
      title: `${owner.title} #${i}`,
      collectionId: KNOWN.collection,
      createdAt: now - 400 * DAY,
    };
    stone({ ...spec, creatorEmail: owner.creatorEmail, locale: owner.locale, findCount: 3 + (i % 5) }, known);
  }
  const taken = new Set([
    KNOWN.typical,
    KNOWN.thousand,
    ...Array.from({ length: 256 }, (_, i) => [writeStoneCode(i), collectionStoneCode(i)]).flat(),
  ]);
  const ids = new Set([KNOWN.collection]);

  // The site's stones in the order they were made: per collection 3 of its own on average, the rest alone.
  const collections = Math.round(stones / stonesPerCollection);
  const alone = Math.max(stonesPerCollection - 3, 0);
  let n = 0;
  let spare = stones + 1;
  const code = () => {
    const c = generatedCode(++n);
    return taken.has(c) ? generatedCode(spare++) : c;
  };
  for (let p = 0, c = 0, found = 0, report = 100_000; p < stones; ) {
    if (c < collections) {
      let id = collectionId(rnd);
      while (ids.has(id)) id = collectionId(rnd);
      ids.add(id);
      const size = Math.min(COLLECTION_SIZES[c % COLLECTION_SIZES.length] ?? 3, stones - p);
      const at = madeAt(p);
      const s = collection(id, at, size, rnd);
      for (let i = 1; i <= size; i++) {
        found += stone({
          code: code(),
          title: `${s.title} #${i}`,
          collectionId: id,
          createdAt: at,
          creatorEmail: s.creatorEmail,
          locale: s.locale,
        });
      }
      p += size;
      c++;
    }
    for (let k = 0; k < (c < collections ? alone : stones) && p < stones; k++, p++) found += stone({ code: code(), createdAt: madeAt(p) });
    if (p >= report) {
      log(`  ${p} stones, ${found} finds (${((Date.now() - started) / 1000).toFixed(0)} s)`);
      report += 100_000;
    }
  }
  w.finish();

  // The totals as the cron's recount counts them (api/statistics/queries.ts verifyStatistics), checked now.
  db.prepare(
    `UPDATE site_totals SET stone_count = (SELECT count(*) FROM stones), find_count = (SELECT count(*) FROM finds WHERE hidden = 0),
       total_distance_km = (SELECT coalesce(sum(total_distance_km), 0) FROM stones),
       premium_count = (SELECT count(*) FROM stones WHERE has_photos = 1 OR has_story = 1), verified_at = ? WHERE id = 1`,
  ).run(Date.now());
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  db.close();
  return { seconds: (Date.now() - started) / 1000, counts: w.counts };
}
