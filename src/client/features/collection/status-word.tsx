import type { StoneStatus } from '../../../shared/types';
import { FormattedMessage } from '../../lib/intl-react';

const STATUS_STYLE: Record<StoneStatus, string> = {
  travelling: 'bg-emerald-100 text-emerald-900',
  resting: 'bg-sky-100 text-sky-900',
  missing: 'bg-stone-200 text-stone-800',
};

/** A stone's state in words ("unterwegs", "ruht", "vermisst"), as the collection lists it. */
export function StatusWord({ status }: { status: StoneStatus }) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[status]}`} data-status={status}>
      <FormattedMessage id={`collection.status.${status}`} />
    </span>
  );
}
