import type { Locale } from '../shared/i18n/locale';
import type { CspFeature } from '../shared/screen';

/** A logged-in operator (lib/operator-auth.ts). */
export interface Operator {
  id: string;
  email: string;
}

/** The operator token a request came with: its id (`jti`) and end (`exp`, seconds since the epoch), for the logout. */
export interface OperatorToken {
  jti: string;
  exp: number;
}

/** Hono's environment for every route of the app. */
export interface AppEnv {
  Bindings: Env;
  Variables: {
    requestId: string;
    locale: Locale;
    /** Per-response CSP nonce for the page's scripts. */
    nonce: string;
    /** Third parties the page's CSP admits (from its registry entry). */
    csp: readonly CspFeature[];
    /** Set by requireOperator on operator routes. */
    operator?: Operator;
    /** Set by requireOperator with the operator: the token they came with. */
    operatorToken?: OperatorToken;
    /** A page's registry path (`/:code`), for the request's log line. */
    route?: string;
    /**
     * The memorial collection a write on a stone named by its code changed (set by the find route, which reads the
     * stone anyway): the edge cache starts its new generation without a read of its own (lib/edge-cache.ts).
     */
    changedCollection?: string | null;
    /**
     * The stone (its code) a write not named by the stone changed (the operator resolving a reported find reads it
     * anyway): the edge cache starts its scope's new generation.
     */
    changedStone?: string;
    /** The request's D1 session and the binding it was opened on (lib/d1-session.ts). */
    d1?: { binding: D1Database; session: D1DatabaseSession };
  };
}
