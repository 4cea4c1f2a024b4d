import { TOKEN_IN_PATH } from './addresses';

/** The one small logger: structured JSON lines (Workers Logs indexes them). Never pass secrets or e-mails. */
type Level = 'info' | 'warn' | 'error';

/**
 * Every line is scrubbed of the tokens that addresses carry in their path (the owner's link, its API: declared
 * `secret: 'path'` with their screen or endpoint, lib/addresses.ts), whichever field (a path, a URL, an error
 * message or stack) carries them.
 */
export function redact(text: string): string {
  return text.replace(TOKEN_IN_PATH, '$1[redacted]');
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
