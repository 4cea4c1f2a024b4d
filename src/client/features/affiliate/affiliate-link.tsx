import { useConfig } from '../../lib/config';
import { FormattedMessage } from '../../lib/intl-react';

/**
 * The supplies shop's affiliate link (painting supplies), marked as an ad and as a paid link for search engines
 * (`rel="sponsored"`). Without AFFILIATE_URL there is nothing to show.
 */
export function AffiliateLink() {
  const { affiliateUrl } = useConfig();
  if (!affiliateUrl) return null;
  return (
    <aside className="rounded-2xl border border-amber-200 bg-amber-50 p-5">
      <p className="text-xs font-semibold tracking-wide text-amber-900 uppercase">
        <FormattedMessage id="affiliate.ad.label" />
      </p>
      <a
        href={affiliateUrl}
        target="_blank"
        rel="sponsored noopener noreferrer"
        className="mt-1 inline-block font-medium text-amber-900 underline"
      >
        <FormattedMessage id="affiliate.ad.link" />
      </a>
      <p className="mt-1 text-sm text-amber-900">
        <FormattedMessage id="affiliate.ad.note" />
      </p>
    </aside>
  );
}
