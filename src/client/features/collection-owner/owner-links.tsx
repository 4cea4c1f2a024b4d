import { pathTo } from '../../../shared/routes';
import type { OwnerCollectionView } from '../../../shared/types';
import { copyText } from '../../lib/clipboard';
import { useConfig } from '../../lib/config';
import { FormattedMessage, useIntl } from '../../lib/intl-react';
import { Button } from '../../ui/button';
import { LinkButton } from '../../ui/link-button';
import { TitledCard } from '../../ui/titled-card';
import { useToast } from '../../ui/toast';

/** Copies a link, or offers it to copy by hand where the clipboard is refused. */
export function useCopyLink() {
  const intl = useIntl();
  const toast = useToast();
  return async (url: string) => {
    if (await copyText(url)) toast({ title: intl.formatMessage({ id: 'stone-aside.share.copied' }) });
    else toast({ title: intl.formatMessage({ id: 'stone-aside.share.copyFailed' }), description: url, variant: 'error' });
  };
}

/**
 * The two links of a collection: its owner link (this page: kept safe, like a stone's, which is why the creator
 * lands here) and its public page to share, with the label sheet of the whole set.
 */
export function OwnerCollectionLinks({ token, collection }: { token: string; collection: OwnerCollectionView }) {
  const { siteUrl } = useConfig();
  const copy = useCopyLink();
  const site = siteUrl.replace(/\/$/, '');
  const ownerUrl = `${site}${pathTo('collectionOwner', { ownerToken: token })}`;
  const publicPath = pathTo('collection', { id: collection.id });
  return (
    <div className="grid gap-6 sm:grid-cols-2">
      <TitledCard id="collection-owner-link-title" title={<FormattedMessage id="collection.owner.link" />}>
        <p role="note" className="mt-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          <FormattedMessage id="collection.owner.warning" />
        </p>
        <p className="mt-3 break-all font-mono text-sm" data-testid="collection-owner-link">
          {ownerUrl}
        </p>
        <Button variant="secondary" className="mt-3" onClick={() => void copy(ownerUrl)}>
          <FormattedMessage id="collection.owner.copyLink" />
        </Button>
      </TitledCard>
      <TitledCard id="collection-public-title" title={<FormattedMessage id="collection.owner.public" />}>
        <p className="mt-3 break-all font-mono text-sm" data-testid="collection-public-link">
          {`${site}${publicPath}`}
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          <LinkButton href={publicPath} className="inline-flex">
            <FormattedMessage id="collection.owner.openPublic" />
          </LinkButton>
          <Button variant="secondary" onClick={() => void copy(`${site}${publicPath}`)}>
            <FormattedMessage id="collection.owner.copyPublic" />
          </Button>
          <LinkButton href={pathTo('collectionLabels', { id: collection.id })} className="inline-flex" data-testid="collection-labels-link">
            <FormattedMessage id="collection.owner.labels" />
          </LinkButton>
        </div>
      </TitledCard>
    </div>
  );
}
