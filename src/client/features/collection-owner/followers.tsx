import { formatGermanDate } from '../../../shared/dates';
import type { OwnerCollectionView } from '../../../shared/types';
import { FormattedMessage } from '../../lib/intl-react';
import { TitledCard } from '../../ui/titled-card';

/** Who follows the whole collection: how many, since when, confirmed or not; never their addresses. */
export function CollectionFollowers({ collection }: { collection: OwnerCollectionView }) {
  return (
    <TitledCard id="collection-followers-title" title={<FormattedMessage id="collection.followers.title" />}>
      <p className="mt-2 text-stone-700" data-testid="collection-follower-count">
        <FormattedMessage id="collection.followers.count" values={{ count: collection.followerCount }} />
      </p>
      {collection.followers.length > 0 ? (
        <ul className="mt-3 space-y-1 text-sm text-stone-600">
          {collection.followers.map((follower) => (
            <li key={follower.id}>
              <FormattedMessage
                id={follower.confirmed ? 'collection.followers.confirmed' : 'collection.followers.unconfirmed'}
                values={{ date: formatGermanDate(follower.createdAt) }}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </TitledCard>
  );
}
