import type { Address, ApiAnswer, ApiMethod, ApiPath } from '../../shared/api-table';

/** A non-2xx answer: the message is "status: body", the status is kept for callers that branch on it. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiRequestError';
  }
}

/** The header a write's answer carries its database bookmark in, and the reads send it back (decision record 014). */
const BOOKMARK_HEADER = 'x-d1-bookmark';
/** As long as the server's cookie lives: after that, every copy of the database has the write. */
const BOOKMARK_MAX_AGE_MS = 60_000;
let lastBookmark: { value: string; until: number } | null = null;

/** What a call sends: JSON (`json`) or another body, extra headers; `keepalive` lets it finish after the page is left. */
export interface ApiInit<M extends ApiMethod = ApiMethod> {
  method?: M;
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
  keepalive?: boolean;
}

/**
 * The one fetch wrapper: credentials included, JSON in, non-2xx → ApiRequestError, the answer as it came (for its
 * headers, or when it has no body). After a write, the following requests send its bookmark back, so they see the
 * write even when a database replica answers them.
 */
export async function apiResponse(path: string, init: ApiInit = {}): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...init.headers };
  if (lastBookmark && lastBookmark.until > Date.now()) headers[BOOKMARK_HEADER] = lastBookmark.value;
  let body = init.body;
  if (init.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(init.json);
  }
  const response = await fetch(path, { method: init.method ?? 'GET', credentials: 'include', headers, body, keepalive: init.keepalive });
  const bookmark = response.headers.get(BOOKMARK_HEADER);
  if (bookmark) lastBookmark = { value: bookmark, until: Date.now() + BOOKMARK_MAX_AGE_MS };
  if (!response.ok) throw new ApiRequestError(response.status, await response.text(), response.statusText);
  return response;
}

/** A call of the API (see `apiResponse`): its JSON answer, the one the address's route sends (shared/api-routes.ts). */
export async function api<P extends ApiPath, M extends ApiMethod = 'GET'>(
  address: Address<P>,
  init: ApiInit<M> = {},
): Promise<ApiAnswer<P, M>> {
  return (await apiResponse(address, init)).json();
}

/** The API error body's message, for showing a server-side validation message to the user. */
export function apiErrorMessage(error: unknown): string | null {
  if (!(error instanceof ApiRequestError)) return null;
  try {
    const parsed = JSON.parse(error.body) as { error?: { message?: string } };
    return parsed.error?.message ?? null;
  } catch {
    return null;
  }
}
