import { type FormEvent, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { OPERATOR_PAGE_SIZE } from '../../../shared/schemas/admin';
import type { OperatorStoneRow } from '../../../shared/types';
import { apiErrorMessage } from '../../lib/api';
import { useConfig } from '../../lib/config';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '../../lib/query';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { TextField } from '../../ui/field';
import { useToast } from '../../ui/toast';
import { OperatorStoneDialog } from './operator-stone-dialog';
import { adminApi, adminList } from './session';
import { STONE_COLUMNS, StoneRow } from './stone-row';

/** Every stone of the product, searched and paged, each to open, edit or delete (spec §2). */
export function StoneTable() {
  const intl = useIntl();
  const toast = useToast();
  const config = useConfig();
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<string | null>(null);
  const query = new URLSearchParams({ q, page: String(page), pageSize: String(OPERATOR_PAGE_SIZE) });
  const list = useQuery({
    queryKey: ['admin', 'stones', q, page],
    queryFn: () => adminList<OperatorStoneRow>(`/api/admin/stones?${query}`),
    placeholderData: keepPreviousData,
  });
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / OPERATOR_PAGE_SIZE));
  // A deletion can leave the last page empty: step back to the new last page.
  useEffect(() => {
    if (list.data && page > pages) setPage(pages);
  }, [list.data, page, pages]);
  const remove = useMutation({
    mutationFn: (stone: OperatorStoneRow) => adminApi(`/api/admin/stones/${encodeURIComponent(stone.id)}`, { method: 'DELETE' }),
    onSuccess: () => {
      toast({ title: intl.formatMessage({ id: 'admin.delete.done' }) });
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
    onError: (error) =>
      toast({
        title: intl.formatMessage({ id: 'admin.delete.failed' }),
        description: apiErrorMessage(error) ?? undefined,
        variant: 'error',
      }),
  });
  const search = (event: FormEvent) => {
    event.preventDefault();
    setQ(typed.trim());
    setPage(1);
  };
  return (
    <Card aria-labelledby="admin-stones-title" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="admin-stones-title" className="text-xl font-semibold">
          <FormattedMessage id="admin.table.title" values={{ product: config.productName }} />
        </h2>
        <form onSubmit={search} className="flex items-end gap-2">
          <TextField
            label={intl.formatMessage({ id: 'admin.table.search' })}
            type="search"
            value={typed}
            maxLength={100}
            onChange={(event) => setTyped(event.target.value)}
          />
          <Button type="submit" variant="secondary">
            <FormattedMessage id="admin.table.searchButton" />
          </Button>
        </form>
      </div>
      {list.isPending ? (
        <p className="text-stone-600">
          <FormattedMessage id="admin.table.loading" />
        </p>
      ) : list.isError ? (
        <p role="alert" className="text-red-700">
          <FormattedMessage id="admin.table.failed" />
        </p>
      ) : list.data.items.length === 0 ? (
        <p className="text-stone-600">
          <FormattedMessage id="admin.table.empty" />
        </p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-stone-200 text-stone-600">
              <tr>
                {STONE_COLUMNS.map((column) => (
                  <th key={column} scope="col" className="px-2 py-2 font-medium">
                    <FormattedMessage id={`admin.table.${column}`} />
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
      {list.data && list.data.total > 0 ? (
        <nav
          className="flex items-center justify-between gap-3 text-sm"
          aria-label={intl.formatMessage({ id: 'admin.table.title' }, { product: config.productName })}
        >
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            <FormattedMessage id="admin.table.previous" />
          </Button>
          <span>
            <FormattedMessage id="admin.table.page" values={{ page, pages, total: list.data.total }} />
          </span>
          <Button variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            <FormattedMessage id="admin.table.next" />
          </Button>
        </nav>
      ) : null}
      {editing ? <OperatorStoneDialog id={editing} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
}
