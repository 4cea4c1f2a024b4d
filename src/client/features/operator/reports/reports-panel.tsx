import { useState } from 'react';
import { reportsAddress } from '../../../../shared/api-routes';
import { FormattedMessage, useIntl } from '../../../lib/intl-react';
import { keepPreviousData, useQuery } from '../../../lib/query';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { operatorList } from '../session';
import { ReportItem, reportsKey } from './report-item';

/** Reported finds per page of the list: the longest waiting first. */
const PAGE_SIZE = 20;

/**
 * "Meldungen": public finds someone reported, each with what was said about it and the operator's three answers
 * (hide the find, remove its photo, dismiss the reports). The badge counts the finds waiting.
 */
export function ReportsPanel() {
  const intl = useIntl();
  const [page, setPage] = useState(1);
  const reports = useQuery({
    queryKey: [...reportsKey, page],
    queryFn: () => operatorList(reportsAddress(page, PAGE_SIZE)),
    placeholderData: keepPreviousData,
  });
  const total = reports.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  // A page emptied by the operator's own actions: back to the last one that has finds.
  if (reports.data && reports.data.items.length === 0 && page > pages) setPage(pages);

  return (
    <Card id="admin-reports" aria-labelledby="admin-reports-title" className="space-y-4">
      <h2 id="admin-reports-title" className="flex items-center gap-2 text-xl font-semibold">
        <FormattedMessage id="operator.reports.title" />
        {total > 0 ? (
          <span className="rounded-full bg-red-700 px-2.5 py-0.5 text-sm text-white" data-testid="reports-badge">
            <span aria-hidden="true">{total}</span>
            <span className="sr-only">
              <FormattedMessage id="operator.reports.badge" values={{ count: total }} />
            </span>
          </span>
        ) : null}
      </h2>
      {reports.isPending ? (
        <p className="text-stone-600">
          <FormattedMessage id="operator.reports.loading" />
        </p>
      ) : reports.isError || reports.data.items.length === 0 ? (
        <p className="text-stone-600">
          <FormattedMessage id="operator.reports.empty" />
        </p>
      ) : (
        <ul className="divide-y divide-stone-100" aria-label={intl.formatMessage({ id: 'operator.reports.title' })}>
          {reports.data.items.map((item) => (
            <ReportItem key={item.find.id} item={item} />
          ))}
        </ul>
      )}
      {pages > 1 ? (
        <nav className="flex items-center gap-3 text-sm" aria-label={intl.formatMessage({ id: 'operator.reports.pages' })}>
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            <FormattedMessage id="operator.reports.previous" />
          </Button>
          <span>
            <FormattedMessage id="operator.reports.page" values={{ page, pages }} />
          </span>
          <Button variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            <FormattedMessage id="operator.reports.next" />
          </Button>
        </nav>
      ) : null}
    </Card>
  );
}
