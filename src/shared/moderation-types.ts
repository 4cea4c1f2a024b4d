/** The operator's moderation list's JSON shapes (types.ts re-exports them with the API's others). */
import type { FindPhotoStatus } from './find-photo';

/** One reported find in the operator's moderation list (`GET /api/admin/reports`): its open reports together. */
export interface ReportedFind {
  stone: { id: string; code: string; title: string };
  find: {
    id: string;
    location: string;
    createdAt: string;
    comment: string;
    hidden: boolean;
    /**
     * The finder's photo, if one was sent: its status and, while its bytes exist, the operator's address for them
     * (`/api/admin/finds/{findId}/photo`, with the operator's token).
     */
    photo: { status: FindPhotoStatus; url: string | null } | null;
  };
  /** Each reason given, with how many reported it for it, most frequent first. */
  reasons: Array<{ reason: 'spam' | 'offensive' | 'personal' | 'wrong' | 'other'; count: number }>;
  /** The reporters' notes, oldest first. */
  notes: Array<{ note: string; createdAt: string }>;
  reportCount: number;
  firstReportedAt: string;
  lastReportedAt: string;
}
