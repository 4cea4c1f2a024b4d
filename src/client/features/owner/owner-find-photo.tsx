import type { OwnerFindView } from '../../../shared/types';
import { FormattedMessage, useIntl } from '../../lib/intl-react';
import { Button } from '../../ui/button';

export type PhotoDecision = 'approved' | 'rejected';

const STATE_TEXT = {
  pending: 'owner.finds.photoPending',
  approved: 'owner.finds.photoApproved',
  rejected: 'owner.finds.photoRejected',
  expired: 'owner.finds.photoExpired',
} as const;

/**
 * A finder's photo as only the owner sees it (through the owner's link), with its state: waiting for the owner,
 * public with the find, or rejected (its bytes deleted). The owner approves or rejects a waiting one and can take
 * an approved one down again.
 */
export function OwnerFindPhoto({
  find,
  busy,
  onDecide,
}: {
  find: OwnerFindView;
  busy: boolean;
  onDecide: (decision: PhotoDecision) => void;
}) {
  const intl = useIntl();
  const { photo } = find;
  if (!photo) return null;
  return (
    <div className="mt-2 flex flex-wrap items-end gap-3" data-testid="owner-find-photo">
      {photo.url ? (
        <img
          src={photo.url}
          alt={intl.formatMessage({ id: 'owner.finds.photoAlt' }, { location: find.location })}
          loading="lazy"
          width={160}
          height={120}
          className="h-30 w-40 rounded-lg border border-stone-200 object-cover"
        />
      ) : null}
      <div className="space-y-2">
        <p className={`text-sm font-medium ${photo.status === 'pending' ? 'text-amber-800' : 'text-stone-700'}`}>
          <FormattedMessage id={STATE_TEXT[photo.status]} />
        </p>
        {photo.status === 'rejected' || photo.status === 'expired' ? null : (
          <span className="flex flex-wrap gap-2">
            {photo.status === 'pending' ? (
              <Button disabled={busy} onClick={() => onDecide('approved')}>
                <FormattedMessage id="owner.finds.photoApprove" />
              </Button>
            ) : null}
            <Button
              variant="secondary"
              disabled={busy}
              // Rejecting deletes the photo for good: the finder cannot send it again.
              onClick={() => window.confirm(intl.formatMessage({ id: 'owner.finds.photoRejectConfirm' })) && onDecide('rejected')}
            >
              <FormattedMessage id="owner.finds.photoReject" />
            </Button>
          </span>
        )}
      </div>
    </div>
  );
}
