// A module (see the export below), so `declare module 'vitest'` augments vitest instead of replacing it.
declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: import('cloudflare:test').D1Migration[];
    }
    // Types `exports` from 'cloudflare:workers' (the loopback to the Worker under test), as `wrangler types` would.
    interface GlobalProps {
      mainModule: typeof import('../../src/worker/index');
    }
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL of the fake external services started by tests/support/fake-services.ts. */
    fakeServicesUrl: string;
    pushServiceUrl: string;
    /** FUZZ_SEED from the environment (empty: a fresh seed, printed), for tests/worker/api.fuzz.test.ts. */
    fuzzSeed: string;
    /** FUZZ_RUNS from the environment (empty: the full 10,000 requests). */
    fuzzRuns: string;
  }
}

export {};
