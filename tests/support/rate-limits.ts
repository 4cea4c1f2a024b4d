import { RATE_LIMITS } from '../../src/worker/lib/rate-limit';

/** The Workers Rate Limiting bindings the app asks, by their names in wrangler.toml. */
type LimitBindings = Pick<Env, (typeof RATE_LIMITS)[keyof typeof RATE_LIMITS]['binding']>;

/**
 * The abuse limits with the same numbers as RATE_LIMITS (and wrangler.toml), counted per key in one window that
 * lasts as long as the test. Miniflare's copy of Workers Rate Limiting starts a new count every `period` seconds
 * of the wall clock, so a burst that crosses a window's end would count again, and a test could only wait for a
 * fresh window; with these the window is the test's and nothing waits. Pass them to the app as its bindings
 * (`callWith(heldRateLimits(), …)`): each call makes a fresh window for one test.
 */
export function heldRateLimits(): LimitBindings {
  const bindings: Partial<Record<keyof LimitBindings, RateLimit>> = {};
  for (const rule of Object.values(RATE_LIMITS)) {
    const counts = new Map<string, number>();
    bindings[rule.binding] = {
      async limit({ key }) {
        const count = (counts.get(key) ?? 0) + 1;
        counts.set(key, count);
        return { success: count <= rule.limit };
      },
    };
  }
  return bindings as LimitBindings;
}
