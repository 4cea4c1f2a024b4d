import { and, eq, inArray, isNotNull, isNull, lt } from 'drizzle-orm';
import type { ReportReason } from '../../../../shared/schemas/report';
import type { Db } from '../../../db/client';
import { findReports, finds } from '../../../db/schema';

/** Whether the public page shows this find of the stone (every find that is not hidden). */
export async function isPublicFind(db: Db, stoneId: string, findId: string): Promise<boolean> {
  const row = await db
    .select({ id: finds.id })
    .from(finds)
    .where(and(eq(finds.id, findId), eq(finds.stoneId, stoneId), eq(finds.hidden, false)))
    .get();
  return row !== undefined;
}

export interface NewReport {
  findId: string;
  stoneId: string;
  reason: ReportReason;
  note: string | null;
  /** The reporter's keyed hash for the find (lib/client-hash.ts): one report per find and reporter while it is kept. */
  clientHash: string;
}

/** Stores a report; a repeat from the same reporter writes nothing. Answers whether a row was written. */
export async function addReport(db: Db, report: NewReport): Promise<boolean> {
  const written = await db
    .insert(findReports)
    .values({ id: crypto.randomUUID(), ...report })
    .onConflictDoNothing({ target: [findReports.findId, findReports.clientHash] })
    .returning({ id: findReports.id });
  return written.length > 0;
}

/** Days a report keeps its reporter's hash while it stays open: long enough for the duplicate rule, no longer. */
export const REPORT_CLIENT_DAYS = 30;

/** Reports whose hash the cron drops per run, the oldest first: the next run takes the rest. */
export const REPORT_CLIENTS_PER_RUN = 500;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The cron drops the reporters' hashes of reports open for REPORT_CLIENT_DAYS (a resolved report dropped its hash
 * when it was resolved). Read through find_reports_open_idx, at most `limit` per run; answers how many it dropped.
 */
export async function forgetReportClients(db: Db, now: Date, limit = REPORT_CLIENTS_PER_RUN): Promise<number> {
  const old = db
    .select({ id: findReports.id })
    .from(findReports)
    .where(
      and(
        isNull(findReports.resolvedAt),
        lt(findReports.createdAt, new Date(now.getTime() - REPORT_CLIENT_DAYS * DAY_MS)),
        isNotNull(findReports.clientHash),
      ),
    )
    .orderBy(findReports.createdAt)
    .limit(limit);
  const dropped = await db
    .update(findReports)
    .set({ clientHash: null })
    .where(inArray(findReports.id, old))
    .returning({ id: findReports.id });
  return dropped.length;
}
