// Message catalogs compiled at build time (scripts/compiled-messages-plugin.ts).
type CoreModule = {
  default: import('./lib/intl').Messages;
  /** The loaders of every namespace in the same language. */
  loaders: Record<string, () => Promise<{ default: import('./lib/intl').Messages }>>;
};
declare module 'virtual:messages/core' {
  /** Each language's core module (its texts and its namespaces' loaders). */
  const languages: Record<import('../shared/i18n/locale').Locale, () => Promise<CoreModule>>;
  export default languages;
}
declare module 'virtual:messages/*' {
  const messages: Record<import('../shared/i18n/locale').Locale, import('./lib/intl').Messages>;
  export default messages;
}
