import type { Locale } from '../../shared/i18n/locale';
import type { ApiError } from './errors';
import { text } from './i18n';

/** The one JSON error shape's inner object (`{ code, message, details? }`), its texts in `locale`. */
export function errorBody(error: ApiError, locale: Locale): { code: string; message: string; details?: Record<string, string> } {
  const details = error.details
    ? { details: Object.fromEntries(Object.entries(error.details).map(([field, t]) => [field, text(locale, t.id, t.values)])) }
    : {};
  return { code: error.code, message: text(locale, error.text.id, error.text.values), ...details };
}
