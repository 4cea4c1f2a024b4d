/*
 * The database's tables, one module per domain. drizzle.config.ts reads this file, so the migrations are made
 * from everything it exports; the Worker imports its tables from here.
 */
export * from './tables/collections';
export * from './tables/find-extras';
export * from './tables/mail';
export * from './tables/operators';
export * from './tables/payments';
export * from './tables/stone-readers';
export * from './tables/stones';
export * from './tables/title-words';
