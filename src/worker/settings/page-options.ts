/*
 * The settings that add something to the pages and whose mistake only leaves it out: analytics, the affiliate link,
 * the developer page's indexing. settings/checks.ts reports their problems as `feature` findings.
 */

/** A Google Analytics 4 measurement id; anything else loads no analytics. */
export const ANALYTICS_ID_SHAPE = /^G-[A-Z0-9]{4,20}$/;
/** The affiliate link is shown only as an https address. */
export const AFFILIATE_URL_SHAPE = /^https:\/\//;

/** What a page option's mistake leaves out. */
export type PageOption = 'analytics' | 'affiliate' | 'indexing';

/**
 * `DEVELOPER_PAGE_INDEXED`: whether search engines may index the developer page (/entwickler) and the sitemap lists
 * it. Unset or "false": the page says noindex; "true": it is indexed; anything else is null (a finding, and the
 * page stays out of search results).
 */
export function developerPageIndexed(settings: { DEVELOPER_PAGE_INDEXED?: unknown }): boolean | null {
  const value = typeof settings.DEVELOPER_PAGE_INDEXED === 'string' ? settings.DEVELOPER_PAGE_INDEXED.trim() : '';
  if (value === '' || value === 'false') return false;
  return value === 'true' ? true : null;
}

/** The page options' problems, each naming its setting and what it leaves out (never the value). */
export function pageOptionProblems(settings: Partial<Record<string, unknown>>) {
  const text = (name: string) => (typeof settings[name] === 'string' ? settings[name].trim() : '');
  const problems: Array<{ setting: string; option: PageOption; problem: string }> = [];
  const analytics = text('ANALYTICS_ID');
  if (analytics && !ANALYTICS_ID_SHAPE.test(analytics))
    problems.push({ setting: 'ANALYTICS_ID', option: 'analytics', problem: 'is not a measurement id (G-…): analytics is off' });
  const affiliate = text('AFFILIATE_URL');
  if (affiliate && !AFFILIATE_URL_SHAPE.test(affiliate))
    problems.push({ setting: 'AFFILIATE_URL', option: 'affiliate', problem: 'is not an https address: the link is not shown' });
  if (developerPageIndexed(settings) === null)
    problems.push({
      setting: 'DEVELOPER_PAGE_INDEXED',
      option: 'indexing',
      problem: 'is neither "true" nor "false": the developer page stays out of search results',
    });
  return problems;
}
