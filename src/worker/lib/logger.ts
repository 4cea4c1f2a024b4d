/** The one small logger: structured JSON lines (Workers Logs indexes them). Never pass secrets or e-mails. */
type Level = 'info' | 'warn' | 'error';

/**
 * Paths that carry a secret: the owner token in `/admin/stone/{token}` and `/api/admin/stones/{token}/…`. Every
 * line is scrubbed of everything after the prefix, whichever field (a path, a URL, an error message or stack)
 * carries it; a route's pattern (`/api/admin/stones/:token`) stays readable (no token starts with a colon).
 */
const SECRET_SEGMENTS = /(\/admin\/stones?\/)(?!:)[^?#\s"'\\]+/g;

/** The text with every secret path segment replaced. */
export function redact(text: string): string {
  return text.replace(SECRET_SEGMENTS, '$1[redacted]');
}

function write(level: Level, message: string, fields: Record<string, unknown> = {}) {
  const line = redact(JSON.stringify({ level, message, ...fields }));
  if (level === 'error') console.error(line);
  else if (level === 'warn') console.warn(line);
  else console.info(line);
}

export const log = {
  info: (message: string, fields?: Record<string, unknown>) => write('info', message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write('warn', message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write('error', message, fields),
};

/**
 * Loggable fields of an unexpected error. A failed Drizzle query carries its parameters (e-mail addresses,
 * token hashes) in its message and stack: only the SQL text and the driver's own message are kept.
 */
export function describeError(error: unknown): Record<string, string> {
  if (error instanceof Error && 'query' in error && 'params' in error) {
    return { error: 'query failed', query: String(error.query), cause: String(error.cause ?? '') };
  }
  if (error instanceof Error) return { error: error.stack ?? `${error.name}: ${error.message}` };
  return { error: String(error) };
}
