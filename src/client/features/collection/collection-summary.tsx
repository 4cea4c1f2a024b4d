import type { CollectionView } from '../../../shared/types';
import type { MessageId } from '../../lib/intl';
import { FormattedMessage } from '../../lib/intl-react';

/** The collection's figures: its stones' kilometres and finds together, and the countries they reached. */
export function CollectionSummary({ collection }: { collection: CollectionView }) {
  const figure = (label: MessageId, value: string | number, testId: string) => (
    <div className="rounded-xl bg-stone-900 px-4 py-3 text-white">
      <dt className="text-xs uppercase tracking-wide text-stone-300">
        <FormattedMessage id={label} />
      </dt>
      <dd className="text-2xl font-bold tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-3 gap-3">
        {figure('collection.total.distance', collection.formattedDistance, 'collection-distance')}
        {figure('collection.total.finds', collection.findCount, 'collection-finds')}
        {figure('collection.total.stones', collection.stones.length, 'collection-stone-count')}
      </dl>
      <p className="text-stone-700" data-testid="collection-countries">
        {collection.countries.length > 0 ? (
          <FormattedMessage
            id="collection.countries"
            values={{
              count: collection.countries.length,
              names: collection.countries.map((country) => country.name).join(', '),
            }}
          />
        ) : (
          <FormattedMessage id="collection.noCountries" />
        )}
      </p>
    </div>
  );
}
