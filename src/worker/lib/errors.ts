import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { TextId, TextValues } from './i18n';

/** A text of the catalogs with its values, formatted in the request's language when the answer is made. */
export interface Text {
  id: TextId;
  values?: TextValues;
}

/**
 * The one error type of the API; `onError` turns it into `{ error: { code, message, details? } }`, the message
 * (and each detail) in the language of the request.
 */
export class ApiError extends Error {
  readonly text: Text;

  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    text: TextId | Text,
    readonly details?: Record<string, Text>,
    /** Extra response headers, e.g. Retry-After. */
    readonly headers?: Record<string, string>,
  ) {
    super(code);
    this.name = 'ApiError';
    this.text = typeof text === 'string' ? { id: text } : text;
  }
}

/**
 * The ApiError an error is or carries as a cause: Drizzle wraps what a single statement throws (a 503 from
 * db/retry.ts among them) in an error of its own; a batch's errors reach the caller unwrapped.
 */
export function apiErrorIn(error: unknown): ApiError | null {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e instanceof ApiError) return e;
  }
  return null;
}
