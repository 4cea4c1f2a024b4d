// Message catalogs compiled at build time (scripts/compiled-messages-plugin.ts).
declare module 'virtual:messages/*' {
  const messages: Record<import('../shared/i18n/locale').Locale, import('./lib/intl').Messages>;
  export default messages;
}
