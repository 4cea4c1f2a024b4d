import messages from 'virtual:messages/owner';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { queries } from '../../shared/queries';
import { type PageProps, pathTo } from '../../shared/routes';
import { OwnerLinkRequest } from '../features/owner-link/owner-link-request';
import { specQuery } from '../lib/queries';
import { Link } from '../lib/router';
import { WithMessages } from '../lib/with-messages';
import { Card } from '../ui/card';
import { Spinner } from '../ui/spinner';

export default function OwnerPage(props: PageProps) {
  return (
    <WithMessages messages={messages}>
      <Owner {...props} />
    </WithMessages>
  );
}

/** /admin/stone/{adminToken}: the stone behind the owner link (spec §2 "Owner page"). */
function Owner({ params }: PageProps) {
  const { data: stone, isPending } = useQuery(specQuery(queries.ownerStone(params.adminToken ?? '')));
  if (isPending) return <Spinner />;
  if (!stone) {
    return (
      <div className="mx-auto max-w-xl space-y-6 px-4 py-24 text-center">
        <h1 className="text-3xl font-bold">
          <FormattedMessage id="owner.notFound.title" />
        </h1>
        <p className="text-stone-600">
          <FormattedMessage id="owner.notFound.text" />
        </p>
        <Link href="/" className="inline-flex rounded-lg bg-stone-800 px-4 py-2 text-white hover:bg-stone-700">
          <FormattedMessage id="owner.notFound.home" />
        </Link>
        <div className="text-left">
          <OwnerLinkRequest />
        </div>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-12">
      <h1 className="text-3xl font-bold">
        <FormattedMessage id="owner.title" values={{ code: stone.code }} />
      </h1>
      <Card>
        <p className="text-xl font-semibold">{stone.title}</p>
        <p className="mt-2 text-stone-600">
          <FormattedMessage id="owner.stub" values={{ title: stone.title }} />
        </p>
        <Link href={pathTo('stone', { code: stone.code })} className="mt-4 inline-block text-amber-800 underline">
          {stone.code}
        </Link>
      </Card>
    </div>
  );
}
