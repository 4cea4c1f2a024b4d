import { useState } from 'react';
import { ownerCollectionExportAddress, ownerCollectionRevokeLinksAddress } from '../../shared/api-routes';
import { queries } from '../../shared/queries';
import type { PageProps } from '../../shared/routes';
import { OWNER_LINK_TTL_DAYS } from '../../shared/schemas/limits';
import type { OwnerCollectionView } from '../../shared/types';
import { AddStones } from '../features/collection-owner/add-stones';
import { CollectionDelete } from '../features/collection-owner/collection-delete';
import { CollectionDetails } from '../features/collection-owner/collection-details';
import { CollectionMails } from '../features/collection-owner/collection-mails';
import { CollectionMemorial } from '../features/collection-owner/collection-memorial';
import { CollectionFollowers } from '../features/collection-owner/followers';
import { OwnerCollectionLinks } from '../features/collection-owner/owner-links';
import { OwnerCollectionStones } from '../features/collection-owner/owner-stones';
import { DeletedNotice } from '../features/owner/deleted-notice';
import { LinksCard, type LinksTexts } from '../features/owner/links-card';
import { FormattedMessage } from '../lib/intl-react';
import { specQuery } from '../lib/queries';
import { useQuery, useQueryClient } from '../lib/query';
import { Link } from '../lib/router';
import { NoticePage } from '../ui/notice-page';
import { Spinner } from '../ui/spinner';

const LINK_TEXTS: LinksTexts = {
  title: 'collection.owner.data',
  lifetime: 'collection.owner.lifetime',
  export: 'collection.owner.export',
  exportHint: 'collection.owner.exportHint',
  revoke: 'collection.owner.revoke',
  revokeHint: 'collection.owner.revokeHint',
  revokeConfirm: 'collection.owner.revokeConfirm',
  revokeFailed: 'collection.owner.revokeFailed',
};

const homeLink = (
  <Link href="/" className="inline-flex rounded-lg bg-stone-800 px-4 py-2 text-white hover:bg-stone-700">
    <FormattedMessage id="core.notFound.home" />
  </Link>
);

/**
 * /admin/sammlung/{ownerToken}: the collection's owner page. The creator lands here after creating the set; the
 * token stays in this address only (declared secret: no referrer, no cache, no log), no link on it leaves the site.
 */
export default function CollectionOwnerPage({ params }: PageProps) {
  const token = params.ownerToken ?? '';
  const spec = queries.ownerCollection(token);
  const queryClient = useQueryClient();
  const { data: collection, isPending } = useQuery(specQuery(spec));
  const [deleted, setDeleted] = useState(false);
  // Every admin link of the collection and its stones was just made invalid, this page's too.
  const [revokedFor, setRevokedFor] = useState<string | null>(null);
  if (revokedFor !== null) {
    return (
      <NoticePage
        title={<FormattedMessage id="collection.owner.revoked.title" />}
        text={<FormattedMessage id="collection.owner.revoked.text" values={{ email: revokedFor }} />}
      >
        {homeLink}
      </NoticePage>
    );
  }
  if (deleted) {
    return (
      <DeletedNotice
        title={<FormattedMessage id="collection.owner.deleted.title" />}
        text={<FormattedMessage id="collection.owner.deleted.text" />}
      />
    );
  }
  if (isPending) return <Spinner />;
  if (!collection) {
    // Not the stone's "send me my owner link" form, which asks for a stone's code: a collection's is on its page.
    return (
      <NoticePage
        title={<FormattedMessage id="collection.owner.notFound.title" />}
        text={<FormattedMessage id="collection.owner.notFound.text" values={{ days: OWNER_LINK_TTL_DAYS }} />}
      >
        {homeLink}
      </NoticePage>
    );
  }
  const update = (next: OwnerCollectionView) => queryClient.setQueryData<OwnerCollectionView | null>(spec.key, next);
  const reload = () => void queryClient.invalidateQueries({ queryKey: spec.key });
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-10">
      <header>
        <p className="text-sm font-semibold uppercase tracking-wide text-amber-800">
          <FormattedMessage id="collection.owner.kicker" />
        </p>
        <h1 className="mt-1 text-3xl font-bold">{collection.title}</h1>
      </header>
      <OwnerCollectionLinks token={token} collection={collection} />
      <CollectionDetails token={token} collection={collection} onSaved={update} />
      <OwnerCollectionStones stones={collection.stones} />
      <div className="grid gap-6 sm:grid-cols-2">
        <AddStones token={token} stoneCount={collection.stones.length} onAdded={reload} />
        <CollectionFollowers collection={collection} />
        <CollectionMails token={token} collection={collection} onSaved={update} />
      </div>
      <CollectionMemorial token={token} collection={collection} onSaved={update} />
      <LinksCard
        id="collection-owner-data-title"
        revoke={ownerCollectionRevokeLinksAddress(token)}
        download={ownerCollectionExportAddress(token)}
        email={collection.creatorEmail}
        texts={LINK_TEXTS}
        onRevoked={() => setRevokedFor(collection.creatorEmail)}
      />
      <CollectionDelete
        token={token}
        collection={collection}
        onDeleted={() => {
          setDeleted(true);
          queryClient.setQueryData<OwnerCollectionView | null>(spec.key, null);
          queryClient.removeQueries({ queryKey: queries.collection(collection.id).key });
          for (const stone of collection.stones) queryClient.removeQueries({ queryKey: queries.stone(stone.code).key });
        }}
      />
    </div>
  );
}
