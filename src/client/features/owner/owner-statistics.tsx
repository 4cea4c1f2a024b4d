import type { OwnerStoneView } from '../../../shared/types';
import { FormattedMessage } from '../../lib/intl-react';
import { DescriptionRow } from '../../ui/description-row';
import { TitledCard } from '../../ui/titled-card';
import { JourneyLinks } from '../stone/journey-links';

/**
 * How often the stone was found, how many asked for find mails (subscriptions), the countries it reached (named in
 * the page's language by the Worker, in the order first reached) and its journey to download.
 */
export function OwnerStatistics({ stone }: { stone: OwnerStoneView }) {
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
              names: stone.countries.map((country) => country.name).join(', '),
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
