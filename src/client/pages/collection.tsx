import { Suspense } from 'react';
import { collectionNotificationsAddress, collectionOwnerLinkAddress, collectionPushAddress } from '../../shared/api-routes';
import { type PageProps, pathTo } from '../../shared/routes';
import { useCollection } from '../features/collection/api';
import { CollectionMap } from '../features/collection/collection-map';
import { CollectionStones } from '../features/collection/collection-stones';
import { CollectionSummary } from '../features/collection/collection-summary';
import { OwnerLinkRequest } from '../features/owner-link/owner-link-request';
import { ShareButtons } from '../features/share/share-buttons';
import { SubscribeCard } from '../features/subscribe/subscribe-card';
import { FormattedMessage } from '../lib/intl-react';
import { lazyPart } from '../lib/lazy-page';
import { Link } from '../lib/router';
import { withTexts } from '../lib/screen-messages';
import { Card } from '../ui/card';
import { NoticePage } from '../ui/notice-page';
import { Spinner } from '../ui/spinner';

/** The journey over time: in the page's HTML, its module and texts loaded after the page's own. */
const JourneyChart = lazyPart(withTexts('journey-chart', () => import('../features/journey-chart/journey-chart')));

/** /sammlung/{id}: a memorial collection, its stones together on one map and in one list. */
export default function CollectionPage({ params }: PageProps) {
  const id = params.id ?? '';
  const { data: collection, isPending } = useCollection(id);
  if (isPending) return <Spinner />;
  if (!collection) {
    return (
      <NoticePage
        mark="404"
        title={<FormattedMessage id="collection.notFound.title" />}
        text={<FormattedMessage id="collection.notFound.text" />}
      >
        <Link href="/" className="inline-flex rounded-lg bg-stone-800 px-4 py-2 text-white hover:bg-stone-700">
          <FormattedMessage id="core.notFound.home" />
        </Link>
      </NoticePage>
    );
  }
  return (
    <article className="mx-auto max-w-6xl px-4 py-10">
      <header className="max-w-3xl">
        <p className="text-sm font-semibold uppercase tracking-wide text-amber-800">
          <FormattedMessage id="collection.kicker" />
        </p>
        <h1 className="mt-1 text-3xl font-bold sm:text-4xl">{collection.title}</h1>
        {collection.dedication ? (
          <p className="mt-3 whitespace-pre-line text-lg text-stone-700" data-testid="collection-dedication">
            {collection.dedication}
          </p>
        ) : null}
      </header>
      <div className="mt-8 flex flex-col gap-8 lg:grid lg:grid-cols-[3fr_2fr] lg:items-start">
        <section aria-labelledby="journeys-title" className="space-y-4">
          <CollectionSummary collection={collection} />
          <h2 id="journeys-title" className="pt-2 text-xl font-semibold">
            <FormattedMessage id="collection.journeys" />
          </h2>
          <CollectionMap stones={collection.stones} />
          <h3 className="pt-2 text-lg font-semibold">
            <FormattedMessage id="collection.stones" />
          </h3>
          <CollectionStones stones={collection.stones} />
          <Suspense fallback={null}>
            <JourneyChart months={collection.months} />
          </Suspense>
        </section>
        <aside className="space-y-6">
          <SubscribeCard
            path={collectionNotificationsAddress(collection.id)}
            push={{ address: collectionPushAddress(collection.id), target: `collection:${collection.id}` }}
            titleId="collection.follow.title"
            textId="collection.follow.text"
          />
          <Card>
            <ShareButtons path={pathTo('collection', { id: collection.id })} title={collection.title} />
          </Card>
          <OwnerLinkRequest
            path={collectionOwnerLinkAddress(collection.id)}
            texts={{ summary: 'collection.ownerLink.summary', text: 'collection.ownerLink.text', sent: 'collection.ownerLink.sent' }}
          />
        </aside>
      </div>
    </article>
  );
}
