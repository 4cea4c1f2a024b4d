import { pathTo } from '../../../shared/routes';
import type { OwnerCollectionStone } from '../../../shared/types';
import { useConfig } from '../../lib/config';
import { FormattedMessage, useIntl } from '../../lib/intl-react';
import { Link } from '../../lib/router';
import { Button } from '../../ui/button';
import { StoneNumber } from '../collection/collection-stones';
import { StatusWord } from '../collection/status-word';
import { useCopyLink } from './owner-links';

const linkButton = 'inline-flex rounded-lg border border-stone-300 bg-white px-3 py-1.5 text-sm hover:bg-stone-100';

/** Every stone of the set with its QR code, its page and its own owner link (to open, or to copy and pass on). */
export function OwnerCollectionStones({ stones }: { stones: OwnerCollectionStone[] }) {
  const intl = useIntl();
  const { siteUrl } = useConfig();
  const copy = useCopyLink();
  return (
    <section aria-labelledby="collection-owner-stones-title" className="space-y-3">
      <h2 id="collection-owner-stones-title" className="text-lg font-semibold">
        <FormattedMessage id="collection.owner.stones" values={{ count: stones.length }} />
      </h2>
      <ol className="space-y-3" data-testid="collection-owner-stones">
        {stones.map((stone, index) => {
          const ownerPath = pathTo('owner', { ownerToken: stone.adminToken });
          return (
            <li
              key={stone.code}
              className="flex flex-wrap gap-4 rounded-xl border border-stone-200 bg-white p-4"
              data-testid="collection-owner-stone"
            >
              <img
                src={stone.qrCodeUrl}
                alt={intl.formatMessage({ id: 'collection.owner.qrAlt' }, { code: stone.code })}
                width={96}
                height={96}
                loading="lazy"
                className="size-24 bg-white"
              />
              <div className="min-w-0 flex-1 space-y-2">
                <div className="flex items-center gap-3">
                  <StoneNumber index={index} />
                  <p className="font-medium">{stone.title}</p>
                </div>
                <p className="flex flex-wrap items-center gap-3 text-sm text-stone-600">
                  <span className="font-mono tracking-wider">{stone.code}</span>
                  <StatusWord status={stone.status} />
                  <span>{stone.formattedDistance}</span>
                </p>
                <div className="flex flex-wrap gap-2">
                  <Link href={pathTo('stone', { code: stone.code })} className={linkButton}>
                    <FormattedMessage id="collection.owner.stonePage" />
                  </Link>
                  <Link href={ownerPath} className={linkButton}>
                    <FormattedMessage id="collection.owner.stoneOwner" />
                  </Link>
                  <Button variant="secondary" onClick={() => void copy(`${siteUrl.replace(/\/$/, '')}${ownerPath}`)}>
                    <FormattedMessage id="collection.owner.copyStoneOwner" />
                  </Button>
                </div>
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
