/**
 * The browser's table of API addresses (shared/api-table.ts, its addresses built in shared/api-routes.ts and
 * shared/api-routes-find-form.ts; shared/queries.ts's reads are tested where the pages read them) against the Worker's routes: every path and method
 * it names is one the app routes, and every answer it promises is the one the route's handler is inferred to
 * send (checked by the type checker: `npx tsc -b` fails here when a route's answer changes). At run time, every
 * address it writes reaches a declared endpoint.
 */
import type { ExtractSchema } from 'hono/types';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import { describe, expect, it } from 'vitest';
import * as laterAddresses from '../../src/shared/api-routes';
import * as findFormAddresses from '../../src/shared/api-routes-find-form';
import type { ApiTable } from '../../src/shared/api-table';
import { queries } from '../../src/shared/queries';
import type { ApiRoutes } from '../../src/worker/app';
import { endpoints } from '../../src/worker/endpoints';
import { publicRoute } from '../../src/worker/lib/routing';

type Routes = ExtractSchema<ApiRoutes>;

/** The JSON of the answers a route sends with a success status (a status left open may be one). */
type SuccessAnswer<E> = E extends { status: infer S; output: infer O }
  ? [Extract<S, SuccessStatusCode>] extends [never]
    ? never
    : O
  : never;

/** What the route's handler answers with a success status, as Hono infers it from its `c.json` calls. */
type Inferred<P, M> = P extends keyof Routes
  ? M extends keyof Routes[P]
    ? SuccessAnswer<Routes[P][M]>
    : 'no such method'
  : 'no such route';

/** Each type assignable to the other: the same JSON. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** The table's entries whose route, method or answer is not the Worker's: each with what the Worker says. */
type Mismatches = {
  [P in keyof ApiTable]: {
    [M in keyof ApiTable[P] & string]: Same<ApiTable[P][M], Inferred<P, M>> extends true
      ? never
      : { route: P; method: M; worker: Inferred<P, M> };
  }[keyof ApiTable[P] & string];
}[keyof ApiTable];

// A compile error here names the entry and the answer the Worker sends now.
const mismatches: [Mismatches] extends [never] ? 'none' : Mismatches = 'none';

/** A sample value per parameter, so every address can be written. */
const sample = (name: string) =>
  name === 'query'
    ? new URLSearchParams({ q: 'x' })
    : name === 'page'
      ? 1
      : name === 'given'
        ? '/api/stones/x1/finds?before=2'
        : name === 'format'
          ? 'gpx'
          : 'x1';

describe("the browser's API addresses", () => {
  it("promise only answers the Worker's routes send", () => {
    expect(mismatches).toBe('none');
  });

  it('reach a declared endpoint, each of them', () => {
    const patterns = endpoints.map((e) => new RegExp(`^${publicRoute(e.path).path.replace(/:\w+/g, '[^/]+').replace(/\./g, '\\.')}$`));
    // Every address builder, and every read of a page's first JavaScript (its spec's path is its address).
    const addressOf = (answer: unknown) => (typeof answer === 'string' ? answer : (answer as { path: string }).path);
    const builders = Object.entries<unknown>({ ...findFormAddresses, ...laterAddresses, ...queries }).filter(
      (entry): entry is [string, (...args: unknown[]) => unknown] => typeof entry[1] === 'function',
    );
    expect(builders.length).toBeGreaterThan(40);
    for (const [name, build] of builders) {
      const params = (build.toString().match(/^\(([^)]*)\)/)?.[1] ?? '')
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean);
      const path = addressOf(build(...params.map(sample))).split('?')[0] ?? '';
      expect(
        patterns.some((p) => p.test(path)),
        `${name}: ${path}`,
      ).toBe(true);
    }
  });
});
