import type { Params, Screen } from './screen';

/** Parameters of `pattern` in `pathname` (one trailing slash allowed), or null when it does not fit. */
export function matchPattern(pattern: string, pathname: string, normalizers: Screen['params'] = {}): Params | null {
  const wanted = pattern.split('/');
  // One trailing slash after a segment is forgiven (`/ABC-123-DEF/`); an empty segment (`//`) is no address of ours.
  const trimmed = pathname.length > 1 && pathname.endsWith('/') && !pathname.endsWith('//') ? pathname.slice(0, -1) : pathname;
  const actual = trimmed.split('/');
  if (wanted.length !== actual.length) return null;
  const params: Params = {};
  for (let i = 0; i < wanted.length; i++) {
    const want = wanted[i] ?? '';
    const raw = actual[i] ?? '';
    if (!want.startsWith(':')) {
      if (want !== raw) return null;
      continue;
    }
    let value: string;
    try {
      value = decodeURIComponent(raw);
    } catch {
      return null;
    }
    const name = want.slice(1);
    const normalize = normalizers[name];
    const canonical = normalize ? normalize(value) : value || null;
    if (canonical === null) return null;
    params[name] = canonical;
  }
  return params;
}
