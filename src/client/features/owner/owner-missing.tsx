import { OWNER_LINK_TTL_DAYS } from '../../../shared/schemas/limits';
import type { MessageId } from '../../lib/intl';
import { FormattedMessage } from '../../lib/intl-react';
import { Link } from '../../lib/router';
import { OwnerLinkRequest } from '../owner-link/owner-link-request';

/**
 * No stone behind the address (no token, or one that fits none: unknown, expired or revoked): the way home, and a
 * new owner link by mail.
 */
export function OwnerMissing({ title, text }: { title: MessageId; text: MessageId }) {
  return (
    <div className="mx-auto max-w-xl space-y-6 px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">
        <FormattedMessage id={title} />
      </h1>
      <p className="text-stone-600">
        <FormattedMessage id={text} values={{ days: OWNER_LINK_TTL_DAYS }} />
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
