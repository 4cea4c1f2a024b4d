declare namespace Cloudflare {
  interface Env {
    TEST_MIGRATIONS: import('cloudflare:test').D1Migration[];
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL of the fake external services started by tests/support/fake-services.ts. */
    fakeServicesUrl: string;
  }
}
