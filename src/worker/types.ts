import type { Locale } from '../shared/i18n/locale';
import type { CspFeature } from '../shared/screen';
import type { Scope } from './lib/addresses';

/** What a write changed. */
export interface Change {
  /** The stones (codes) whose own content changed: their reads are renewed and their cards asked for. */
  stones: Set<string>;
  /**
   * The memorial collections (ids) whose own content changed (title, dedication, its stones, a stone that left it):
   * their reads are renewed and their own cards asked for.
   */
  collections: Set<string>;
  /**
   * Reads renewed without a card of their own: a changed stone's collection (its page lists the stone; the job
   * renders its card after the stone's), a changed collection's stones (their pages name it; their cards do not),
   * and what the write deleted (no card any more).
   */
  shown: Set<Scope>;
  /** The blog's articles and feed. */
  blog: boolean;
}

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
     * What a write changed (lib/changes.ts: its endpoint's declaration, resolved before the write, and what its
     * route added with `changed`): the edge cache and the share cards read it after a successful write.
     */
    change?: Change;
    /** The request's D1 session and the binding it was opened on (lib/d1-session.ts). */
    d1?: { binding: D1Database; session: D1DatabaseSession };
  };
}
