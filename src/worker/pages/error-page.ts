import type { Locale } from '../../shared/i18n/locale';

const texts: Record<Locale, { title: string; text: string; home: string }> = {
  de: { title: 'Etwas ist schiefgelaufen', text: 'Bitte versuche es in einem Moment noch einmal.', home: 'Zur Startseite' },
  en: { title: 'Something went wrong', text: 'Please try again in a moment.', home: 'Back to the start page' },
};

/** A plain HTML page for a failure while rendering a page (no scripts: the app itself may be what failed). */
export function errorPage(locale: Locale, requestId: string): string {
  const t = texts[locale];
  return `<!DOCTYPE html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${t.title}</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#1c1917"><h1>${t.title}</h1><p>${t.text}</p><p><a href="/">${t.home}</a></p><p style="color:#78716c;font-size:.8rem">${requestId.replace(/[^\w-]/g, '')}</p></body></html>`;
}
