import * as v from 'valibot';
import { plainText, wholeNumber } from './common';

/** Why someone reports a public find; the report form offers them in this order. */
export const REPORT_REASONS = ['spam', 'offensive', 'personal', 'wrong', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** The reporter's own words: enough to say what is wrong, not a letter. */
export const MAX_REPORT_NOTE_LENGTH = 500;

/** `POST /api/stones/{code}/finds/{findId}/report`, as the report page's form sends it (JSON or a plain form post). */
export const reportSchema = v.object({
  reason: v.picklist(REPORT_REASONS, 'server.report.reason.invalid'),
  note: v.pipe(
    v.optional(v.nullable(v.string('server.report.note.invalid')), ''),
    v.transform((value) => (value ?? '').trim()),
    v.maxLength(MAX_REPORT_NOTE_LENGTH, 'server.report.note.tooLong'),
    plainText,
    v.transform((value) => value || null),
  ),
});

/** What the operator does about a reported find; every open report of it is resolved with it. */
export const REPORT_ACTIONS = ['hide', 'remove-photo', 'dismiss'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

/** `POST /api/admin/reports/{findId}`. */
export const reportActionSchema = v.object({
  action: v.picklist(REPORT_ACTIONS, 'server-owner.report.action.invalid'),
});

/** The operator's moderation list: reported finds per page. */
export const REPORTS_PAGE_SIZE = 20;
export const MAX_REPORTS_PAGE_SIZE = 100;

/** `GET /api/admin/reports?page=&pageSize=`. */
export const reportListQuerySchema = v.object({
  page: v.optional(wholeNumber(1, 100_000), '1'),
  pageSize: v.optional(wholeNumber(1, MAX_REPORTS_PAGE_SIZE), String(REPORTS_PAGE_SIZE)),
});
