import { normalizeCode } from './code';

/** The screens the app renders; the Worker and the client router both read this table. */
export type PageName = 'home' | 'stone' | 'view' | 'notFound';

/** The module under src/client/pages/ that renders each screen (the Worker preloads it with the page). */
export const pageModules: Record<PageName, string> = {
  home: 'home',
  stone: 'stone',
  view: 'stone',
  notFound: 'not-found',
};

export interface RouteMatch {
  page: PageName;
  params: { code?: string };
  /** Set when the address is a known page in a non-canonical spelling (lowercase code, QR path): redirect there. */
  redirectTo?: string;
}

interface RouteDef {
  page: Exclude<PageName, 'notFound'>;
  pattern: RegExp;
  /** Builds the canonical path from the captured stone code. */
  build: (code: string) => string;
}

const codeSegment = '([0-9A-Fa-f]{3}-?[0-9A-Fa-f]{3}-?[0-9A-Fa-f]{3})';

const table: RouteDef[] = [
  { page: 'home', pattern: /^\/$/, build: () => '/' },
  { page: 'view', pattern: new RegExp(`^/view/${codeSegment}/?$`), build: (code) => `/view/${code}` },
  // Printed QR codes of older stones carry /stone/{code}: they land on the stone page.
  { page: 'stone', pattern: new RegExp(`^/stone/${codeSegment}/?$`), build: (code) => `/${code}` },
  { page: 'stone', pattern: new RegExp(`^/${codeSegment}/?$`), build: (code) => `/${code}` },
];

/** Which screen a path shows. */
export function matchRoute(pathname: string): RouteMatch {
  for (const route of table) {
    const m = pathname.match(route.pattern);
    if (!m) continue;
    const captured = m[1];
    if (captured === undefined) return { page: route.page, params: {} };
    const code = normalizeCode(captured);
    if (!code) break;
    const canonical = route.build(code);
    return canonical === pathname ? { page: route.page, params: { code } } : { page: route.page, params: { code }, redirectTo: canonical };
  }
  return { page: 'notFound', params: {} };
}

/** Paths of the screens, for links. */
export const paths = {
  home: () => '/',
  stone: (code: string) => `/${code}`,
  view: (code: string) => `/view/${code}`,
} as const;
