import messages from 'virtual:messages/admin';
import { type FormEvent, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatGermanDate } from '../../shared/dates';
import { pathTo } from '../../shared/routes';
import { OPERATOR_PAGE_SIZE } from '../../shared/schemas/admin';
import type { FailedMail, OperatorCounters, OperatorStoneRow } from '../../shared/types';
import { OperatorStoneDialog } from '../features/admin/operator-stone-dialog';
import { adminApi, adminList, logOutOperator, storeAdminToken, useAdminToken } from '../features/admin/session';
import { ApiRequestError, api, apiErrorMessage } from '../lib/api';
import { useConfig } from '../lib/config';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '../lib/query';
import { Link, useRouter } from '../lib/router';
import { WithMessages } from '../lib/with-messages';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { TextField } from '../ui/field';
import { Spinner } from '../ui/spinner';
import { useToast } from '../ui/toast';

export default function AdminPage() {
  return (
    <WithMessages messages={messages}>
      <Admin />
    </WithMessages>
  );
}

/** /admin (spec §2 "Operator admin"): the login form, or the operator's stones, counters and failed mails. */
function Admin() {
  const token = useAdminToken();
  // Until the browser has read its storage, neither form nor table: no flash of the wrong one.
  if (token === undefined) return <Spinner />;
  return token ? <Dashboard /> : <LoginForm />;
}

function LoginForm() {
  const intl = useIntl();
  const toast = useToast();
  const { location } = useRouter();
  const expired = new URLSearchParams(location.search).get('session') === 'expired';
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const login = useMutation({
    mutationFn: () => api<{ token: string }>('/api/admin/login', { method: 'POST', json: { email, password } }),
    onSuccess: ({ token }) => {
      storeAdminToken(token);
      toast({ title: intl.formatMessage({ id: 'admin.login.success' }), description: intl.formatMessage({ id: 'admin.login.welcome' }) });
    },
    onError: (error) =>
      toast({
        title: intl.formatMessage({ id: 'admin.login.failed' }),
        description:
          error instanceof ApiRequestError && error.status === 401
            ? intl.formatMessage({ id: 'admin.login.invalid' })
            : (apiErrorMessage(error) ?? error.message),
        variant: 'error',
      }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate();
  };
  return (
    <div className="mx-auto max-w-sm px-4 py-24">
      <Card>
        <form onSubmit={submit} className="space-y-4">
          <h1 className="text-2xl font-bold">
            <FormattedMessage id="admin.login.title" />
          </h1>
          {expired ? (
            <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
              <FormattedMessage id="admin.login.expired" />
            </p>
          ) : null}
          <TextField
            label={intl.formatMessage({ id: 'admin.login.email' })}
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <TextField
            label={intl.formatMessage({ id: 'admin.login.password' })}
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <Button type="submit" className="w-full" disabled={login.isPending}>
            <FormattedMessage id={login.isPending ? 'admin.login.pending' : 'admin.login.submit'} />
          </Button>
        </form>
      </Card>
    </div>
  );
}

function Dashboard() {
  const config = useConfig();
  const queryClient = useQueryClient();
  const logout = () => {
    // The server ends the token too: forgetting it here alone would leave a copied token usable for hours.
    void logOutOperator();
    // Nothing an operator saw stays in memory for whoever uses the browser next.
    queryClient.removeQueries({ queryKey: ['admin'] });
  };
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-10">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold">
            <FormattedMessage id="admin.header.title" />
          </h1>
          <p className="mt-1 text-stone-600">
            <FormattedMessage id="admin.header.subtitle" values={{ product: config.productName }} />
          </p>
        </div>
        <nav className="flex flex-wrap items-center gap-2">
          <Link href="/admin/blog" className="rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm hover:bg-stone-100">
            <FormattedMessage id="admin.blogLink" />
          </Link>
          <Link href="/" className="rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm hover:bg-stone-100">
            <FormattedMessage id="admin.homeLink" />
          </Link>
          <Button variant="secondary" onClick={logout}>
            <FormattedMessage id="admin.logout" />
          </Button>
        </nav>
      </header>
      <Counters />
      <StoneTable />
      <FailedMails />
    </div>
  );
}

function Counters() {
  const { data } = useQuery({ queryKey: ['admin', 'counters'], queryFn: () => adminApi<OperatorCounters>('/api/admin/statistics') });
  const items = [
    ['admin.counters.total', data?.total],
    ['admin.counters.premium', data?.premium],
    ['admin.counters.week', data?.lastWeek],
  ] as const;
  return (
    <dl className="grid gap-4 sm:grid-cols-3">
      {items.map(([label, value]) => (
        <Card key={label} className="flex flex-col-reverse">
          <dt className="text-sm text-stone-600">
            <FormattedMessage id={label} />
          </dt>
          <dd className="text-3xl font-bold" data-testid={label}>
            {value ?? '–'}
          </dd>
        </Card>
      ))}
    </dl>
  );
}

const badge = 'rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900';

function StoneTable() {
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
                {['code', 'stoneTitle', 'email', 'features', 'created', 'actions'].map((column) => (
                  <th key={column} scope="col" className="px-2 py-2 font-medium">
                    <FormattedMessage id={`admin.table.${column}`} />
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((stone) => (
                <tr key={stone.id} className="border-b border-stone-100 align-top">
                  <td className="px-2 py-2 font-mono">{stone.code}</td>
                  <td className="px-2 py-2">{stone.title}</td>
                  <td className="px-2 py-2 break-all">{stone.creatorEmail}</td>
                  <td className="px-2 py-2">
                    <span className="flex flex-wrap gap-1">
                      {stone.hasPhotos ? (
                        <span className={badge}>
                          <FormattedMessage id="admin.table.photos" />
                        </span>
                      ) : null}
                      {stone.hasStory ? (
                        <span className={badge}>
                          <FormattedMessage id="admin.table.story" />
                        </span>
                      ) : null}
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
                        aria-label={intl.formatMessage({ id: 'admin.table.open' }, { code: stone.code })}
                      >
                        ↗
                      </a>
                      <Button variant="ghost" className="px-2 py-1" onClick={() => setEditing(stone.id)}>
                        <span aria-hidden="true">✎</span>
                        <span className="sr-only">
                          <FormattedMessage id="admin.table.edit" values={{ code: stone.code }} />
                        </span>
                      </Button>
                      <Button
                        variant="ghost"
                        className="px-2 py-1 text-red-700"
                        disabled={remove.isPending}
                        onClick={() => {
                          if (window.confirm(intl.formatMessage({ id: 'admin.delete.confirm' }, { title: stone.title })))
                            remove.mutate(stone);
                        }}
                      >
                        <span aria-hidden="true">🗑</span>
                        <span className="sr-only">
                          <FormattedMessage id="admin.table.delete" values={{ code: stone.code }} />
                        </span>
                      </Button>
                    </span>
                  </td>
                </tr>
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

function FailedMails() {
  const intl = useIntl();
  const toast = useToast();
  const queryClient = useQueryClient();
  const mails = useQuery({ queryKey: ['admin', 'mails'], queryFn: () => adminList<FailedMail>('/api/admin/mails') });
  const resend = useMutation({
    mutationFn: (id: string) => adminApi(`/api/admin/mails/${encodeURIComponent(id)}/resend`, { method: 'POST' }),
    onSuccess: () => {
      toast({ title: intl.formatMessage({ id: 'admin.mails.resent' }) });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'mails'] });
    },
    onError: (error) =>
      toast({
        title: intl.formatMessage({ id: 'admin.mails.resendFailed' }),
        description: apiErrorMessage(error) ?? undefined,
        variant: 'error',
      }),
  });
  return (
    <Card aria-labelledby="admin-mails-title" className="space-y-4">
      <h2 id="admin-mails-title" className="text-xl font-semibold">
        <FormattedMessage id="admin.mails.title" />
      </h2>
      {mails.isPending ? (
        <p className="text-stone-600">
          <FormattedMessage id="admin.mails.loading" />
        </p>
      ) : mails.isError || mails.data.items.length === 0 ? (
        <p className="text-stone-600">
          <FormattedMessage id="admin.mails.empty" />
        </p>
      ) : (
        <ul className="divide-y divide-stone-100" aria-label={intl.formatMessage({ id: 'admin.mails.title' })}>
          {mails.data.items.map((mail) => (
            <li key={mail.id} className="flex flex-wrap items-start justify-between gap-3 py-3 text-sm">
              <div className="min-w-0 space-y-1">
                <p className="font-medium">{mail.subject}</p>
                <p className="break-all text-stone-600">
                  <FormattedMessage id="admin.mails.to" />: {mail.recipient} · {formatGermanDate(mail.createdAt)} ·{' '}
                  <FormattedMessage id="admin.mails.attempts" />: {mail.attempts}
                </p>
                {mail.lastError ? (
                  <p className="break-all text-red-700">
                    <FormattedMessage id="admin.mails.error" />: {mail.lastError}
                  </p>
                ) : null}
              </div>
              <Button variant="secondary" disabled={resend.isPending} onClick={() => resend.mutate(mail.id)}>
                <FormattedMessage id="admin.mails.resend" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      {mails.data && mails.data.total > mails.data.items.length ? (
        <p className="text-sm text-stone-600">
          <FormattedMessage id="admin.mails.more" values={{ shown: mails.data.items.length, total: mails.data.total }} />
        </p>
      ) : null}
    </Card>
  );
}
