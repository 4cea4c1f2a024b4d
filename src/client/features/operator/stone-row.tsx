import { formatGermanDate } from '../../../shared/dates';
import type { MessageId } from '../../../shared/i18n/message-ids';
import type { OperatorStoneRow } from '../../../shared/operator-types';
import { pathTo } from '../../../shared/routes';
import { FormattedMessage, useIntl } from '../../lib/intl-react';
import { Button } from '../../ui/button';

const badge = 'rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900';
const warning = 'rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium text-red-900';

/** What the features column marks: the paid features, and a payment refunded or disputed (decision record 036). */
const MARKS: Array<[field: 'hasPhotos' | 'hasStory' | 'refunded' | 'disputed', text: MessageId, style: string]> = [
  ['hasPhotos', 'operator.table.photos', badge],
  ['hasStory', 'operator.table.story', badge],
  ['refunded', 'operator.table.refunded', warning],
  ['disputed', 'operator.table.disputed', warning],
];

/** The table's columns, each headed by `operator.table.<column>`. */
export const STONE_COLUMNS = ['code', 'stoneTitle', 'email', 'features', 'created', 'actions'] as const;

/** One stone of the operator's table: its facts, and open / edit / delete (after asking). */
export function StoneRow({
  stone,
  onEdit,
  onDelete,
  deleting,
}: {
  stone: OperatorStoneRow;
  onEdit: () => void;
  onDelete: () => void;
  deleting: boolean;
}) {
  const intl = useIntl();
  return (
    <tr className="border-b border-stone-100 align-top">
      <td className="px-2 py-2 font-mono">{stone.code}</td>
      <td className="px-2 py-2">{stone.title}</td>
      <td className="px-2 py-2 break-all">{stone.creatorEmail}</td>
      <td className="px-2 py-2">
        <span className="flex flex-wrap gap-1">
          {MARKS.filter(([field]) => stone[field]).map(([field, text, style]) => (
            <span key={field} className={style}>
              <FormattedMessage id={text} />
            </span>
          ))}
        </span>
      </td>
      <td className="px-2 py-2 whitespace-nowrap">{formatGermanDate(stone.createdAt)}</td>
      <td className="px-2 py-2">
        <span className="flex flex-wrap gap-1">
          <a
            href={pathTo('stone', { code: stone.code })}
            target="_blank"
            rel="noopener noreferrer"
            className="rounded-lg px-2 py-1 text-stone-700 hover:bg-stone-100"
            aria-label={intl.formatMessage({ id: 'operator.table.open' }, { code: stone.code })}
          >
            ↗
          </a>
          <Button variant="ghost" className="px-2 py-1" onClick={onEdit}>
            <span aria-hidden="true">✎</span>
            <span className="sr-only">
              <FormattedMessage id="operator.table.edit" values={{ code: stone.code }} />
            </span>
          </Button>
          <Button
            variant="ghost"
            className="px-2 py-1 text-red-700"
            disabled={deleting}
            onClick={() => {
              if (window.confirm(intl.formatMessage({ id: 'operator.delete.confirm' }, { title: stone.title }))) onDelete();
            }}
          >
            <span aria-hidden="true">🗑</span>
            <span className="sr-only">
              <FormattedMessage id="operator.table.delete" values={{ code: stone.code }} />
            </span>
          </Button>
        </span>
      </td>
    </tr>
  );
}
