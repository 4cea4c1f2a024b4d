import { env } from 'cloudflare:test';
import { TITLE_WORDS_BACKFILL } from '../../src/worker/db/title-words';

/** The creation time of the first bulk stone; each next one is a second later. */
export const BULK_BASE = Date.UTC(2026, 0, 1);

/**
 * Stones `from` … `from + count - 1` written straight into D1 in one statement, titled by the SQL expression `title`
 * (of their number `i`), one a second after the other, with their titles' words as migration 0015 wrote them.
 */
export async function bulkStones(count: number, title: string, from = 0): Promise<void> {
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT CAST(?1 AS INTEGER) UNION ALL SELECT i + 1 FROM n WHERE i < ?1 + ?2 - 1)
     INSERT INTO stones (id, code, title, creator_email, owner_token_hash, created_at)
     SELECT printf('%08x-0000-4000-8000-000000000000', i), printf('B%02X-%03X-%03X', i >> 24, (i >> 12) & 4095, i & 4095),
       ${title}, 'bulk@example.org', printf('%064d', i), ?3 + i * 1000 FROM n`,
  )
    .bind(from, count, BULK_BASE)
    .run();
  await env.DB.batch(TITLE_WORDS_BACKFILL.map((statement) => env.DB.prepare(statement)));
}
