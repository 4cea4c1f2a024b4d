import type { Locale } from '../../shared/i18n/locale';
import { text } from '../lib/i18n';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

/** A plain HTML page for a failure while rendering a page (no scripts: the app itself may be what failed). */
export function errorPage(locale: Locale, requestId: string): string {
  const t = (id: Parameters<typeof text>[1], values?: Record<string, string>) => escapeHtml(text(locale, id, values));
  return `<!DOCTYPE html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${t('server.errorPage.title')}</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#1c1917"><h1>${t('server.errorPage.title')}</h1><p>${t('server.errorPage.text')}</p><p><a href="/">${t('server.errorPage.home')}</a></p><p style="color:#78716c;font-size:.8rem">${t('server.errorPage.reference', { requestId })}</p></body></html>`;
}

/** The page every address answers while the configuration is refused (settings/worker.ts): names the settings, never their values. */
export function misconfiguredPage(locale: Locale, settings: readonly string[]): string {
  const t = (id: Parameters<typeof text>[1], values?: Record<string, string>) => escapeHtml(text(locale, id, values));
  return `<!DOCTYPE html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${t('server.misconfiguredPage.title')}</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#1c1917"><h1>${t('server.misconfiguredPage.title')}</h1><p>${t('server.misconfiguredPage.text')}</p><p style="color:#78716c;font-size:.8rem">${t('server.misconfiguredPage.settings', { settings: settings.join(', ') })}</p></body></html>`;
}
