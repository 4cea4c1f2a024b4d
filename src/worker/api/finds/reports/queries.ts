import { and, eq } from 'drizzle-orm';
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
  /** SHA-256 of the reporter's network address and the find: one report per find and reporter. */
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
