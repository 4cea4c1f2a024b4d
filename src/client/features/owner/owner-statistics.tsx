import type { OwnerStoneView } from '../../../shared/types';
import { FormattedMessage, useIntl } from '../../lib/intl-react';
import { DescriptionRow } from '../../ui/description-row';
import { TitledCard } from '../../ui/titled-card';
import { JourneyLinks } from '../stone/journey-links';

/**
 * How often the stone was found, how many asked for find mails (subscriptions), the countries it reached (names in
 * the page's language, in the order first reached) and its journey to download.
 */
export function OwnerStatistics({ stone }: { stone: OwnerStoneView }) {
  const intl = useIntl();
  // Names in the page's language; written here rather than shared with the collection page, whose module would then
  // become a chunk of its own that every page's first script has to name.
  const names = new Intl.DisplayNames([intl.locale], { type: 'region', fallback: 'code' });
  return (
    <TitledCard id="owner-stats-title" title={<FormattedMessage id="owner.stats.title" />}>
      <dl className="mt-3 grid grid-cols-2 gap-4">
        <DescriptionRow layout="figure" term="owner.stats.found" testId="owner-found">
          {stone.findCount}
        </DescriptionRow>
        <DescriptionRow layout="figure" term="owner.stats.notifications">
          {stone.notificationCount}
        </DescriptionRow>
      </dl>
      {stone.countries.length > 0 ? (
        <p className="mt-4 text-sm text-stone-700" data-testid="owner-countries">
          <FormattedMessage
            id="owner.stats.countries"
            values={{
              count: stone.countries.length,
              names: stone.countries.map((country) => names.of(country.code) ?? country.code).join(', '),
            }}
          />
        </p>
      ) : null}
      <div className="mt-4">
        <JourneyLinks code={stone.code} />
      </div>
    </TitledCard>
  );
}
