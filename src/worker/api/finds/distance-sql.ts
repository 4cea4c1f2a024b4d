import { type SQL, sql } from 'drizzle-orm';
import { EARTH_RADIUS_KM, type Position } from '../../../shared/geo';

/**
 * Great-circle km from a stored position (SQL columns) to a new one, computed by SQLite inside the find's
 * transaction: the same haversine as `shared/geo.ts` (decision record 017).
 */
export function legSql(fromLatitude: SQL, fromLongitude: SQL, to: Position): SQL {
  const rad = (deg: SQL | number) => sql`radians(${deg})`;
  // D1 allows sin, cos, asin, sqrt and radians but not power: a square is a product.
  const halfSinSquared = (delta: SQL) => sql`sin(${rad(delta)} / 2) * sin(${rad(delta)} / 2)`;
  const h = sql`${halfSinSquared(sql`${to.latitude} - ${fromLatitude}`)} + cos(${rad(fromLatitude)}) * cos(${rad(to.latitude)}) * ${halfSinSquared(sql`${to.longitude} - ${fromLongitude}`)}`;
  return sql`(2 * ${EARTH_RADIUS_KM} * asin(min(1, sqrt(${h}))))`;
}

/**
 * The leg a find adds from a stored last position (SQL columns) to its own position: none without a stored
 * position (the stone's first positioned find) or without a new one (a find without a place).
 */
export function legFromSql(fromLatitude: SQL, fromLongitude: SQL, to: Position | null): SQL {
  if (!to) return sql`0`;
  return sql`CASE WHEN ${fromLatitude} IS NULL OR ${fromLongitude} IS NULL THEN 0 ELSE ${legSql(fromLatitude, fromLongitude, to)} END`;
}
