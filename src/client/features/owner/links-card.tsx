import type { ReactNode } from 'react';
import type { RevokeLinksAddress } from '../../../shared/api-routes';
import { OWNER_LINK_TTL_DAYS } from '../../../shared/schemas/limits';
import { api } from '../../lib/api';
import type { MessageId } from '../../lib/intl';
import { FormattedMessage, useIntl } from '../../lib/intl-react';
import { useMutation } from '../../lib/query';
import { Button } from '../../ui/button';
import { TitledCard } from '../../ui/titled-card';
import { useToast } from '../../ui/toast';

/** The message ids of a links card: the stone's owner page and the collection's have their own words. */
export interface LinksTexts {
  title: MessageId;
  lifetime: MessageId;
  export: MessageId;
  exportHint: MessageId;
  revoke: MessageId;
  revokeHint: MessageId;
  revokeConfirm: MessageId;
  revokeFailed: MessageId;
}

/**
 * How long the owner's links work, the owner's copy of their data (a download: the address answers a JSON file)
 * and the way to end every owner link at once, after a confirmation that says what happens. `revoke` and
 * `download` are the owner link's API addresses for both; `notRevocable` says why this page cannot end its links (a collection's stone), in place of
 * the button.
 */
export function LinksCard({
  id,
  revoke: revokeAddress,
  download,
  email,
  texts,
  notRevocable,
  onRevoked,
}: {
  id: string;
  revoke: RevokeLinksAddress;
  download: string;
  email: string;
  texts: LinksTexts;
  notRevocable?: ReactNode;
  onRevoked: () => void;
}) {
  const intl = useIntl();
  const toast = useToast();
  const revoke = useMutation({
    mutationFn: () => api(revokeAddress, { method: 'POST' }),
    onSuccess: onRevoked,
    onError: () => toast({ title: intl.formatMessage({ id: texts.revokeFailed }), variant: 'error' }),
  });
  const confirmed = () => window.confirm(intl.formatMessage({ id: texts.revokeConfirm }, { email }));
  return (
    <TitledCard id={id} title={<FormattedMessage id={texts.title} />}>
      <p className="mt-2 text-sm text-stone-600">
        <FormattedMessage id={texts.lifetime} values={{ days: OWNER_LINK_TTL_DAYS }} />
      </p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <div>
          <a
            href={download}
            download
            className="inline-flex rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm font-medium hover:bg-stone-100"
          >
            <FormattedMessage id={texts.export} />
          </a>
          <p className="mt-2 text-sm text-stone-600">
            <FormattedMessage id={texts.exportHint} />
          </p>
        </div>
        <div>
          {notRevocable ?? (
            <>
              <Button variant="secondary" disabled={revoke.isPending} onClick={() => confirmed() && revoke.mutate()}>
                <FormattedMessage id={texts.revoke} />
              </Button>
              <p className="mt-2 text-sm text-stone-600">
                <FormattedMessage id={texts.revokeHint} values={{ email }} />
              </p>
            </>
          )}
        </div>
      </div>
    </TitledCard>
  );
}
