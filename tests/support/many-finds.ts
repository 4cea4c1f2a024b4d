import { env } from 'cloudflare:test';

/** What a seeded find is, by its number (1-based, its `seq`). */
export interface SeededFind {
  hidden?: boolean;
  /** Flagged and not accepted: shown, but not counted for the distance and the journey. */
  pending?: boolean;
  precision?: 'exact' | 'km' | 'town';
  /** No position at all (a find logged by its place name alone). */
  noPosition?: boolean;
  approvedPhoto?: boolean;
}

/** A find's number as seeded texts carry it: four digits, so that texts are as long for find 1 as for find 1 000. */
const pad = (n: number) => String(n).padStart(4, '0');

/** A seeded find's place and position: realistic lengths, a position of the precision's decimals. */
export function seededPlace(n: number, precision: SeededFind['precision'] = 'exact') {
  const latitude = 47.5 + n * 0.001234567;
  const longitude = 7.6 + n * 0.002345678;
  const digits = precision === 'town' ? 1 : precision === 'km' ? 2 : 6;
  return {
    location: precision === 'exact' ? `Marktplatz ${pad(n)}, 79098 Freiburg im Breisgau` : 'Freiburg im Breisgau',
    latitude: Number(latitude.toFixed(digits)),
    longitude: Number(longitude.toFixed(digits)),
  };
}

/**
 * Writes `count` finds of a stone straight into D1 (a few statements, whatever the count) and sets the stone's
 * counters as the find route would (its sequence and hidden count): for tests of a stone with many finds. Dates are
 * a day apart, from 2025-01-02.
 */
export async function seedFinds(stoneId: string, count: number, shape: (n: number) => SeededFind = () => ({})): Promise<void> {
  const statements: D1PreparedStatement[] = [];
  let hidden = 0;
  for (let n = 1; n <= count; n++) {
    const find = shape(n);
    if (find.hidden) hidden++;
    const place = seededPlace(n, find.precision);
    const id = `seed-find-${stoneId.slice(0, 8)}-${pad(n)}`;
    statements.push(
      env.DB.prepare(
        `INSERT INTO finds (id, stone_id, seq, location, latitude, longitude, comment, hidden, hidden_by, created_at, flag, flag_accepted, precision)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?)`,
      ).bind(
        id,
        stoneId,
        n,
        place.location,
        find.noPosition ? null : place.latitude,
        find.noPosition ? null : place.longitude,
        `Find number ${pad(n)}: a short note from the finder.`,
        find.hidden ? 1 : 0,
        find.hidden ? 'owner' : null,
        Date.UTC(2025, 0, 1) + n * 86_400_000,
        find.pending ? 'speed' : null,
        find.precision ?? 'exact',
      ),
    );
    if (find.approvedPhoto) {
      statements.push(
        env.DB.prepare(
          `INSERT INTO find_photos (find_id, stone_id, r2_key, content_type, size_bytes, status) VALUES (?, ?, ?, 'image/jpeg', 100, 'approved')`,
        ).bind(id, stoneId, `finds/${id}.jpg`),
      );
    }
  }
  statements.push(env.DB.prepare('UPDATE stones SET find_seq = ?, hidden_find_count = ? WHERE id = ?').bind(count, hidden, stoneId));
  for (let i = 0; i < statements.length; i += 500) await env.DB.batch(statements.slice(i, i + 500));
}
