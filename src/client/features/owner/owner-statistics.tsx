import type { OwnerStoneView } from '../../../shared/types';
import { FormattedMessage } from '../../lib/intl-react';
import { DescriptionRow } from '../../ui/description-row';
import { TitledCard } from '../../ui/titled-card';
import { JourneyLinks } from '../stone/journey-links';

/** How often the stone was found, how many asked for find mails (subscriptions), and its journey to download. */
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
      <div className="mt-4">
        <JourneyLinks code={stone.code} />
      </div>
    </TitledCard>
  );
}
