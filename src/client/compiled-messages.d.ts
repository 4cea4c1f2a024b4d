// Message catalogs compiled at build time (scripts/compiled-messages-plugin.ts).
declare module 'virtual:messages/core/de' {
  const messages: import('./lib/intl').Messages;
  export default messages;
}
declare module 'virtual:messages/core/en' {
  const messages: import('./lib/intl').Messages;
  export default messages;
}
declare module 'virtual:messages/screens' {
  const loaders: Record<string, Record<import('../shared/i18n/locale').Locale, () => Promise<{ default: import('./lib/intl').Messages }>>>;
  export default loaders;
}
declare module 'virtual:messages/*' {
  const messages: Record<import('../shared/i18n/locale').Locale, import('./lib/intl').Messages>;
  export default messages;
}
