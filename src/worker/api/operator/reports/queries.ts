import { and, asc, count, countDistinct, desc, eq, inArray, isNotNull, isNull, max, min, type SQL, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { ReportedFind } from '../../../../shared/types';
import type { Db } from '../../../db/client';
import { findPhotos, findReports, finds, stones } from '../../../db/schema';
import { shownPlace } from '../../../lib/legacy-place';

/** The reporters' notes kept in the list per find: enough to judge it, without one find's notes filling the page. */
const NOTES_LISTED = 20;

const open = isNull(findReports.resolvedAt);

/**
 * The operator's moderation list: finds with open reports, the longest waiting first (by their first open report),
 * one page of them, and how many such finds there are. Two batches whatever the page size: the page's finds, then
 * their details, reasons and notes.
 */
export async function reportedFinds(db: Db, page: number, pageSize: number): Promise<{ rows: ReportedFind[]; total: number }> {
  const first = min(findReports.createdAt);
  const [groups, totals] = await db.batch([
    db
      .select({ findId: findReports.findId, first, last: max(findReports.createdAt), reports: count() })
      .from(findReports)
      .where(open)
      .groupBy(findReports.findId)
      .orderBy(asc(first), asc(findReports.findId))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ total: countDistinct(findReports.findId) })
      .from(findReports)
      .where(open),
  ]);
  const total = totals[0]?.total ?? 0;
  const ids = groups.map((group) => group.findId);
  if (ids.length === 0) return { rows: [], total };
  const [details, reasons, notes] = await db.batch([
    db
      .select({
        findId: finds.id,
        location: finds.location,
        latitude: finds.latitude,
        longitude: finds.longitude,
        precision: finds.precision,
        createdAt: finds.createdAt,
        comment: finds.comment,
        hidden: finds.hidden,
        // Not stones.id: a batch reads its rows by column name, and two columns named id would be one.
        stoneId: finds.stoneId,
        code: stones.code,
        title: stones.title,
        photoStatus: findPhotos.status,
        photoKey: findPhotos.r2Key,
      })
      .from(finds)
      .innerJoin(stones, eq(stones.id, finds.stoneId))
      .leftJoin(findPhotos, eq(findPhotos.findId, finds.id))
      .where(inArray(finds.id, ids)),
    db
      .select({ findId: findReports.findId, reason: findReports.reason, count: count() })
      .from(findReports)
      .where(and(open, inArray(findReports.findId, ids)))
      .groupBy(findReports.findId, findReports.reason)
      .orderBy(desc(count()), asc(findReports.reason)),
    db
      .select({ findId: findReports.findId, note: findReports.note, createdAt: findReports.createdAt })
      .from(findReports)
      .where(and(open, inArray(findReports.findId, ids), isNotNull(findReports.note)))
      .orderBy(asc(findReports.createdAt)),
  ]);
  const byId = new Map(details.map((row) => [row.findId, row]));
  const rows = groups.flatMap((group): ReportedFind[] => {
    const find = byId.get(group.findId);
    if (!find || group.first === null || group.last === null) return [];
    return [
      {
        stone: { id: find.stoneId, code: find.code, title: find.title },
        find: {
          id: find.findId,
          location: shownPlace(find),
          createdAt: find.createdAt.toISOString(),
          comment: find.comment,
          hidden: find.hidden,
          photo: find.photoStatus
            ? { status: find.photoStatus, url: find.photoKey ? `/api/admin/finds/${encodeURIComponent(find.findId)}/photo` : null }
            : null,
        },
        reasons: reasons.filter((row) => row.findId === group.findId).map(({ reason, count }) => ({ reason, count })),
        notes: notes
          .filter((row): row is typeof row & { note: string } => row.findId === group.findId && row.note !== null)
          .slice(0, NOTES_LISTED)
          .map(({ note, createdAt }) => ({ note, createdAt: createdAt.toISOString() })),
        reportCount: group.reports,
        firstReportedAt: toDate(group.first).toISOString(),
        lastReportedAt: toDate(group.last).toISOString(),
      },
    ];
  });
  return { rows, total };
}

/** An aggregate over a timestamp column comes back as its stored milliseconds. */
const toDate = (value: Date | number | string) => (value instanceof Date ? value : new Date(Number(value)));

/** A reported find with its stone, for the operator's action: null when the find has no open report. */
export async function reportedFind(db: Db, findId: string) {
  const row = await db
    .select({
      stoneId: stones.id,
      code: stones.code,
      collectionId: stones.collectionId,
      hidden: finds.hidden,
      photoKey: findPhotos.r2Key,
      open: sql<number>`EXISTS (SELECT 1 FROM ${findReports} WHERE ${findReports.findId} = ${finds.id} AND ${findReports.resolvedAt} IS NULL)`,
    })
    .from(finds)
    .innerJoin(stones, eq(stones.id, finds.stoneId))
    .leftJoin(findPhotos, eq(findPhotos.findId, finds.id))
    .where(eq(finds.id, findId))
    .get();
  return row?.open ? row : null;
}

export type Resolution = NonNullable<(typeof findReports.$inferSelect)['resolution']>;

/**
 * Resolves every open report of a find with what the operator did; `when` guards it (the change it belongs to
 * happened), so it can run in the change's batch. The reporters' hashes go with it: they were kept only so that one
 * reporter counts once while the report is open.
 */
export function resolveReports(
  db: Db,
  findId: string,
  by: { resolution: Resolution; operatorId: string },
  when?: SQL,
): BatchItem<'sqlite'> {
  return db
    .update(findReports)
    .set({ resolvedAt: new Date(), resolution: by.resolution, resolvedBy: by.operatorId, clientHash: null })
    .where(and(eq(findReports.findId, findId), open, when));
}

/** The guard of a photo's removal: the find's photo has no bytes any more (whoever took them down). */
export const photoGone = (findId: string): SQL =>
  sql`NOT EXISTS (SELECT 1 FROM ${findPhotos} WHERE ${findPhotos.findId} = ${findId} AND ${findPhotos.r2Key} IS NOT NULL)`;

/** Runs one statement on its own (a resolution that changes nothing else). */
export async function runAlone(db: Db, statement: BatchItem<'sqlite'>): Promise<void> {
  await db.batch([statement]);
}

/** The R2 key and type of a find's photo bytes, for the operator's look at a reported photo. */
export async function findPhotoObject(db: Db, findId: string) {
  const row = await db
    .select({ key: findPhotos.r2Key, contentType: findPhotos.contentType })
    .from(findPhotos)
    .where(eq(findPhotos.findId, findId))
    .get();
  return row?.key ? { key: row.key, contentType: row.contentType } : null;
}
