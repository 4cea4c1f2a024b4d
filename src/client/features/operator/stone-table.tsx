import { type FormEvent, useEffect, useState } from 'react';
import { operatorDeleteAddress, operatorStonesAddress } from '../../../shared/api-routes';
import type { OperatorStoneRow } from '../../../shared/operator-types';
import { OPERATOR_PAGE_SIZE, SEARCH_COUNT_CAP } from '../../../shared/schemas/stone-list';
import { apiErrorMessage } from '../../lib/api';
import { useConfig } from '../../lib/config';
import type { MessageId } from '../../lib/intl';
import { FormattedMessage, useIntl } from '../../lib/intl-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '../../lib/query';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { TextField } from '../../ui/field';
import { useToast } from '../../ui/toast';
import { OperatorStoneDialog } from './operator-stone-dialog';
import { operatorApi, operatorList } from './session';
import { STONE_COLUMNS, StoneRow } from './stone-row';

/** Which page of the table: the newest, the oldest, or the one older (`after`) or newer (`before`) than a cursor. */
type Place = { kind: 'first' } | { kind: 'last' } | { kind: 'after' | 'before'; cursor: string };
const FIRST: Place = { kind: 'first' };
const LAST: Place = { kind: 'last' };

/** How many stones: all of them counted, more than the cap, or at least as many as a count of several words read. */
function countText({ total, capped }: { total: number; capped: boolean }): MessageId {
  if (!capped) return 'operator.table.count';
  return total >= SEARCH_COUNT_CAP ? 'operator.table.countCapped' : 'operator.table.countAtLeast';
}

/** A button to another page, disabled where there is none that way. */
function PageButton({ label, to, go }: { label: MessageId; to: Place | null; go: (place: Place) => void }) {
  return (
    <Button variant="secondary" disabled={!to} onClick={() => to && go(to)}>
      <FormattedMessage id={label} />
    </Button>
  );
}

/** Every stone of the product, searched and paged, each to open, edit or delete. */
export function StoneTable() {
  const intl = useIntl();
  const toast = useToast();
  const config = useConfig();
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [place, setPlace] = useState<Place>(FIRST);
  const [editing, setEditing] = useState<string | null>(null);
  const query = new URLSearchParams({ q, pageSize: String(OPERATOR_PAGE_SIZE) });
  if (place.kind === 'last') query.set('last', '1');
  else if (place.kind !== 'first') query.set(place.kind, place.cursor);
  const list = useQuery({
    queryKey: ['operator', 'stones', q, place],
    queryFn: () => operatorList(operatorStonesAddress(query)),
    placeholderData: keepPreviousData,
  });
  // A deletion can leave a page empty: back to the newest stones.
  useEffect(() => {
    if (list.data && list.data.items.length === 0 && place.kind !== 'first') setPlace(FIRST);
  }, [list.data, place]);
  const remove = useMutation({
    mutationFn: (stone: OperatorStoneRow) => operatorApi(operatorDeleteAddress(stone.id), { method: 'DELETE' }),
    onSuccess: () => {
      toast({ title: intl.formatMessage({ id: 'operator.delete.done' }) });
      void queryClient.invalidateQueries({ queryKey: ['operator'] });
    },
    onError: (error) =>
      toast({
        title: intl.formatMessage({ id: 'operator.delete.failed' }),
        description: apiErrorMessage(error) ?? undefined,
        variant: 'error',
      }),
  });
  const search = (event: FormEvent) => {
    event.preventDefault();
    setQ(typed.trim());
    setPlace(FIRST);
  };
  return (
    <Card aria-labelledby="admin-stones-title" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="admin-stones-title" className="text-xl font-semibold">
          <FormattedMessage id="operator.table.title" values={{ product: config.productName }} />
        </h2>
        <form onSubmit={search} className="flex items-end gap-2">
          <TextField
            label={intl.formatMessage({ id: 'operator.table.search' })}
            type="search"
            value={typed}
            maxLength={100}
            onChange={(event) => setTyped(event.target.value)}
          />
          <Button type="submit" variant="secondary">
            <FormattedMessage id="operator.table.searchButton" />
          </Button>
        </form>
      </div>
      {list.isPending ? (
        <p className="text-stone-600">
          <FormattedMessage id="operator.table.loading" />
        </p>
      ) : list.isError ? (
        <p role="alert" className="text-red-700">
          <FormattedMessage id="operator.table.failed" />
        </p>
      ) : list.data.items.length === 0 ? (
        <p className="text-stone-600">
          <FormattedMessage id="operator.table.empty" />
        </p>
      ) : (
        <div className="relative overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-stone-200 text-stone-600">
              <tr>
                {STONE_COLUMNS.map((column) => (
                  <th key={column} scope="col" className="px-2 py-2 font-medium">
                    <FormattedMessage id={`operator.table.${column}`} />
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((stone) => (
                <StoneRow
                  key={stone.id}
                  stone={stone}
                  onEdit={() => setEditing(stone.id)}
                  onDelete={() => remove.mutate(stone)}
                  deleting={remove.isPending}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.data && list.data.items.length > 0 ? (
        <nav
          className="flex flex-wrap items-center justify-between gap-3 text-sm"
          aria-label={intl.formatMessage({ id: 'operator.table.title' }, { product: config.productName })}
        >
          <span className="flex gap-2">
            <PageButton label="operator.table.first" to={list.data.prev ? FIRST : null} go={setPlace} />
            <PageButton
              label="operator.table.previous"
              to={list.data.prev ? { kind: 'before', cursor: list.data.prev } : null}
              go={setPlace}
            />
          </span>
          <span>
            <FormattedMessage id={countText(list.data)} values={{ total: list.data.total }} />
          </span>
          <span className="flex gap-2">
            <PageButton label="operator.table.next" to={list.data.next ? { kind: 'after', cursor: list.data.next } : null} go={setPlace} />
            <PageButton label="operator.table.last" to={list.data.next ? LAST : null} go={setPlace} />
          </span>
        </nav>
      ) : null}
      {editing ? <OperatorStoneDialog id={editing} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
}
