import { LOCALES, type Locale, OWNER_LOCALES } from './locale';

/**
 * Every catalog of interface texts and the languages it is written in. A text's id begins with its namespace
 * (`stone-map.loading` lives in src/shared/i18n/stone-map/<language>.json; `core.…` in src/shared/i18n/<language>.json,
 * the texts every page needs). What a finder meets is in every language of the site; the creator's, owner's and
 * operator's screens, the blog and the collection page are German and English only, and a reader of another
 * language gets their English text (declared here, not a fallback the build chooses).
 *
 * The build (scripts/compiled-messages-plugin.ts) fails when a declared language lacks one of the German keys, when
 * a catalog exists in an undeclared language, or when a folder is missing from this table. Adding a language the
 * finder meets: its code in LOCALES (locale.ts) and one catalog per finder-path namespace (every `LOCALES` entry
 * below) and one for the server's texts (src/worker/i18n).
 */
export const NAMESPACES = {
  core: LOCALES,
  operator: OWNER_LOCALES,
  affiliate: LOCALES,
  blog: OWNER_LOCALES,
  collection: OWNER_LOCALES,
  consent: LOCALES,
  creation: OWNER_LOCALES,
  developer: OWNER_LOCALES,
  'find-dialog': LOCALES,
  'find-kept': LOCALES,
  'find-photo': LOCALES,
  'find-place': LOCALES,
  geo: LOCALES,
  guide: LOCALES,
  home: LOCALES,
  'journey-chart': OWNER_LOCALES,
  layout: LOCALES,
  legal: LOCALES,
  'mail-links': LOCALES,
  'older-finds': LOCALES,
  owner: OWNER_LOCALES,
  'owner-link': OWNER_LOCALES,
  report: LOCALES,
  stone: LOCALES,
  'stone-aside': LOCALES,
  'stone-fields': OWNER_LOCALES,
  'stone-map': LOCALES,
  'stone-parts': LOCALES,
  welcome: LOCALES,
} as const satisfies Record<string, readonly Locale[]>;

/**
 * The Worker's own texts (API errors, the error page, mails) and their languages: what a finder meets
 * (src/worker/i18n) in every language, the owner's and operator's (src/worker/i18n/owner) in German and English.
 * Their ids begin with their catalog's namespace too (serverNamespace): `server.api.invalidCode`,
 * `server-owner.mail.created.subject`.
 */
export const SERVER_CATALOGS = {
  'src/worker/i18n': LOCALES,
  'src/worker/i18n/owner': OWNER_LOCALES,
} as const satisfies Record<string, readonly Locale[]>;

/** A server catalog's namespace, the first segment of its ids: `server`, and `server-<folder>` for a folder inside it. */
export const serverNamespace = (folder: string): string =>
  folder === 'src/worker/i18n' ? 'server' : `server-${folder.slice('src/worker/i18n/'.length).replaceAll('/', '-')}`;
