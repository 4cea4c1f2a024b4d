import { Suspense, useState } from 'react';
import { ownerExportAddress, ownerRevokeLinksAddress } from '../../shared/api-routes';
import { queries } from '../../shared/queries';
import type { PageProps } from '../../shared/routes';
import type { OwnerStoneView } from '../../shared/types';
import { DeletedNotice } from '../features/owner/deleted-notice';
import { LinksCard, type LinksTexts } from '../features/owner/links-card';
import { OwnerDelete } from '../features/owner/owner-delete';
import { OwnerDetails } from '../features/owner/owner-details';
import { OwnerEmbed } from '../features/owner/owner-embed';
import { OwnerFinds } from '../features/owner/owner-finds';
import { OwnerGoal } from '../features/owner/owner-goal';
import { OwnerHeader } from '../features/owner/owner-header';
import { OwnerMails } from '../features/owner/owner-mails';
import { OwnerMemorial } from '../features/owner/owner-memorial';
import { OwnerMissing } from '../features/owner/owner-missing';
import { OwnerPhotos } from '../features/owner/owner-photos';
import { OwnerState } from '../features/owner/owner-state';
import { OwnerStatistics } from '../features/owner/owner-statistics';
import { UpgradeCard } from '../features/owner/upgrade-card';
import { FormattedMessage } from '../lib/intl-react';
import { lazyPart } from '../lib/lazy-page';
import { specQuery } from '../lib/queries';
import { useQuery, useQueryClient } from '../lib/query';
import { Link } from '../lib/router';
import { withTexts } from '../lib/screen-messages';
import { Card } from '../ui/card';
import { NoticePage } from '../ui/notice-page';
import { Spinner } from '../ui/spinner';

/** The journey over time: in the page's HTML, its module and texts loaded after the page's own. */
const JourneyChart = lazyPart(withTexts('journey-chart', () => import('../features/journey-chart/journey-chart')));

const LINK_TEXTS: LinksTexts = {
  title: 'owner.links.title',
  lifetime: 'owner.links.lifetime',
  export: 'owner.links.export',
  exportHint: 'owner.links.exportHint',
  revoke: 'owner.links.revoke',
  revokeHint: 'owner.links.revokeHint',
  revokeConfirm: 'owner.links.revokeConfirm',
  revokeFailed: 'owner.links.revokeFailed',
};

/** /admin/stone/{ownerToken}: everything an owner does with a stone. */
export default function OwnerPage({ params }: PageProps) {
  const token = params.ownerToken;
  if (!token) {
    return <OwnerMissing title="owner.invalid.title" text="owner.invalid.text" />;
  }
  return <OwnerOf token={token} />;
}

function OwnerOf({ token }: { token: string }) {
  const spec = queries.ownerStone(token);
  const queryClient = useQueryClient();
  const { data: stone, isPending } = useQuery(specQuery(spec));
  const [deleted, setDeleted] = useState(false);
  // Every owner link was just made invalid, this page's too: nothing here works any more.
  const [revokedFor, setRevokedFor] = useState<string | null>(null);
  if (revokedFor !== null) {
    return (
      <NoticePage
        title={<FormattedMessage id="owner.revoked.title" />}
        text={<FormattedMessage id="owner.revoked.text" values={{ email: revokedFor }} />}
      >
        <Link href="/" className="inline-flex rounded-lg bg-stone-800 px-4 py-2 text-white hover:bg-stone-700">
          <FormattedMessage id="owner.notFound.home" />
        </Link>
      </NoticePage>
    );
  }
  if (deleted) {
    return <DeletedNotice title={<FormattedMessage id="owner.deleted.title" />} text={<FormattedMessage id="owner.deleted.text" />} />;
  }
  if (isPending) return <Spinner />;
  if (!stone) return <OwnerMissing title="owner.notFound.title" text="owner.notFound.text" />;
  const update = (next: Partial<OwnerStoneView>) =>
    queryClient.setQueryData<OwnerStoneView | null>(spec.key, (old) => (old ? { ...old, ...next } : old));
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-10">
      <OwnerHeader stone={stone} />
      <OwnerDetails token={token} stone={stone} onSaved={update} />
      <OwnerState token={token} stone={stone} onSaved={update} />
      {stone.hasPhotos ? (
        <OwnerPhotos token={token} stone={stone} onChanged={(photos) => update({ photos })} />
      ) : (
        <UpgradeCard token={token} feature="photos" />
      )}
      {stone.hasStory ? null : <UpgradeCard token={token} feature="story" />}
      <div className="grid gap-6 sm:grid-cols-2">
        <OwnerStatistics stone={stone} />
        <OwnerMails token={token} stone={stone} onSaved={update} />
      </div>
      <Card>
        <Suspense fallback={null}>
          <JourneyChart months={stone.months} />
        </Suspense>
      </Card>
      <OwnerGoal token={token} stone={stone} onSaved={update} />
      <OwnerMemorial token={token} stone={stone} onSaved={update} />
      <OwnerEmbed stone={stone} />
      <OwnerFinds token={token} stone={stone} onSaved={update} />
      <LinksCard
        id="owner-links-title"
        revoke={ownerRevokeLinksAddress(token)}
        download={ownerExportAddress(token)}
        email={stone.creatorEmail}
        texts={LINK_TEXTS}
        notRevocable={
          stone.collection ? (
            <p className="text-sm text-stone-600">
              <FormattedMessage id="owner.links.ofCollection" values={{ title: stone.collection.title }} />
            </p>
          ) : undefined
        }
        onRevoked={() => setRevokedFor(stone.creatorEmail)}
      />
      <OwnerDelete
        token={token}
        stone={stone}
        onDeleted={() => {
          setDeleted(true);
          // Nothing of it stays in this page's reads: its own, its public page's, its collection's.
          queryClient.setQueryData<OwnerStoneView | null>(spec.key, null);
          queryClient.removeQueries({ queryKey: queries.stone(stone.code).key });
          if (stone.collection) queryClient.removeQueries({ queryKey: queries.collection(stone.collection.id).key });
        }}
      />
    </div>
  );
}
