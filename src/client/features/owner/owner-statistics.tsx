import type { OwnerStoneView } from '../../../shared/types';
import { FormattedMessage } from '../../lib/intl-react';
import { TitledCard } from '../../ui/titled-card';
import { JourneyLinks } from '../stone/journey-links';

/** How often the stone was found, how many asked for find mails (subscriptions), and its journey to download. */
export function OwnerStatistics({ stone }: { stone: OwnerStoneView }) {
  return (
    <TitledCard id="owner-stats-title" title={<FormattedMessage id="owner.stats.title" />}>
      {/* Each term before its value, as a description list has them; the figure is shown above its label. */}
      <dl className="mt-3 grid grid-cols-2 gap-4">
        <div className="flex flex-col-reverse">
          <dt className="text-sm text-stone-600">
            <FormattedMessage id="owner.stats.found" />
          </dt>
          <dd className="text-3xl font-bold tabular-nums" data-testid="owner-found">
            {stone.findCount}
          </dd>
        </div>
        <div className="flex flex-col-reverse">
          <dt className="text-sm text-stone-600">
            <FormattedMessage id="owner.stats.notifications" />
          </dt>
          <dd className="text-3xl font-bold tabular-nums">{stone.notificationCount}</dd>
        </div>
      </dl>
      <div className="mt-4">
        <JourneyLinks code={stone.code} />
      </div>
    </TitledCard>
  );
}
