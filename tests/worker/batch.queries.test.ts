import { env } from 'cloudflare:test';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { batchByName } from '../../src/worker/db/batch';
import { getDb } from '../../src/worker/db/client';
import { loginFailures } from '../../src/worker/db/schema';

const db = getDb(env.DB);
const add = (key: string) =>
  db.insert(loginFailures).values({ key, failures: 1, windowStart: new Date() }).returning({ key: loginFailures.key });
const rowsOf = (key: string) => db.select({ key: loginFailures.key }).from(loginFailures).where(eq(loginFailures.key, key));
const total = () => db.select({ n: count() }).from(loginFailures);

describe('a batch read back by name (db/batch.ts)', () => {
  it('answers each statement’s result under its own name, the statements run in the order written', async () => {
    const results = await batchByName(db, { added: add('a'), before: total(), more: add('b'), after: total(), found: rowsOf('a') });
    expect(results).toEqual({ added: [{ key: 'a' }], before: [{ n: 1 }], more: [{ key: 'b' }], after: [{ n: 2 }], found: [{ key: 'a' }] });
  });

  it('gives each name its own result whatever the order of the record', async () => {
    await add('x');
    const one = await batchByName(db, { x: rowsOf('x'), none: rowsOf('nobody'), all: total() });
    const other = await batchByName(db, { all: total(), none: rowsOf('nobody'), x: rowsOf('x') });
    expect(other).toEqual(one);
    expect(one).toEqual({ x: [{ key: 'x' }], none: [], all: [{ n: 1 }] });
  });

  it('leaves a name without a statement out of the batch and answers it undefined', async () => {
    const results = await batchByName(db, { skipped: undefined, added: add('c'), alsoSkipped: undefined, after: total() });
    expect(results).toEqual({ skipped: undefined, added: [{ key: 'c' }], alsoSkipped: undefined, after: [{ n: 1 }] });
    expect(await batchByName(db, { nothing: undefined })).toEqual({ nothing: undefined });
  });

  it('writes nothing when one statement is refused: the batch is one transaction', async () => {
    await expect(batchByName(db, { first: add('d'), again: add('d') })).rejects.toThrow();
    expect(await total()).toEqual([{ n: 0 }]);
  });
});
