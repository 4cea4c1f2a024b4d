import { pathTo } from '../../../shared/routes';
import type { OwnerStoneView } from '../../../shared/types';
import { FormattedMessage } from '../../lib/intl-react';
import { LinkButton } from '../../ui/link-button';

/** Which stone this is (its code and title), and the way to its public page. */
export function OwnerHeader({ stone }: { stone: OwnerStoneView }) {
  return (
    <header className="flex flex-wrap items-center justify-between gap-3">
      <div>
        <h1 className="text-3xl font-bold">
          <FormattedMessage id="owner.title" values={{ code: stone.code }} />
        </h1>
        <p className="mt-1 text-stone-600">{stone.title}</p>
      </div>
      <LinkButton href={pathTo('stone', { code: stone.code })}>
        <FormattedMessage id="owner.publicPage" />
      </LinkButton>
    </header>
  );
}
