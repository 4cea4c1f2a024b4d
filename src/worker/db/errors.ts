/** True when D1 refused a write for a unique index on `column` (Drizzle wraps D1's error as `cause`). */
export function uniqueViolation(error: unknown, column: string): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if (e.message.includes('UNIQUE constraint failed') && e.message.includes(column)) return true;
  }
  return false;
}
