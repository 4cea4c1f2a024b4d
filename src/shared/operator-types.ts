import type { OwnerFindView, StoneStatus, StoneView } from './types';

/** A row of the operator's stone table (`GET /api/admin/stones`, the operator's admin). */
export interface OperatorStoneRow {
  id: string;
  code: string;
  title: string;
  creatorEmail: string;
  hasPhotos: boolean;
  hasStory: boolean;
  isPaid: boolean;
  status: StoneStatus;
  /** The memorial collection it belongs to, or null. */
  collectionId: string | null;
  findCount: number;
  createdAt: string;
  /** A payment for it was refunded (in part or in full), or disputed (decision record 036): the table marks it. */
  refunded: boolean;
  disputed: boolean;
}

/** The operator's counters (`GET /api/admin/statistics`): read from kept totals, never by scanning every stone. */
export interface OperatorCounters {
  total: number;
  premium: number;
  /** Created in the last 7 days ("this week"). */
  lastWeek: number;
}

/** One stone as the operator edits it (`GET /api/admin/stones/id/{id}`): every find, the hidden ones marked. */
export interface OperatorStoneView extends Omit<StoneView, 'finds'> {
  finds: OwnerFindView[];
  creatorEmail: string;
  /** What was paid for it, oldest first, with what came back. */
  payments: OperatorPayment[];
}

/**
 * One paid order of a stone as the operator reads it: what it bought, the amount, and what Stripe reported since —
 * a refund (its running total) or a dispute with Stripe's status (`needs_response`, `under_review`, `won`, `lost`, …).
 * The PaymentIntent's id finds it in Stripe's dashboard.
 */
export interface OperatorPayment {
  orderId: string;
  paymentIntentId: string | null;
  /** An owner's later purchase of a feature for the stone, not its creation. */
  upgrade: boolean;
  hasPhotos: boolean;
  hasStory: boolean;
  amountCents: number;
  currency: string;
  paidAt: string;
  refundedCents: number;
  refundedAt: string | null;
  disputedAt: string | null;
  disputeStatus: string | null;
}

/** A mail that could not be sent (`GET /api/admin/mails`), with what went wrong. */
export interface FailedMail {
  id: string;
  kind: string;
  recipient: string;
  subject: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
}
