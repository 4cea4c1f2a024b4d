import { operatorCountersAddress } from '../../../shared/api-routes';
import { FormattedMessage } from '../../lib/intl-react';
import { useQuery } from '../../lib/query';
import { operatorApi } from './session';

/** All stones, premium stones, stones of the last week. */
export function Counters() {
  const { data } = useQuery({ queryKey: ['operator', 'counters'], queryFn: () => operatorApi(operatorCountersAddress()) });
  const items = [
    ['operator.counters.total', data?.total],
    ['operator.counters.premium', data?.premium],
    ['operator.counters.week', data?.lastWeek],
  ] as const;
  return (
    <dl className="grid gap-4 sm:grid-cols-3">
      {items.map(([label, value]) => (
        // A group of a <dl> is a <div> (a Card's <section> is not allowed there), styled as a card.
        <div key={label} className="flex flex-col-reverse rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
          <dt className="text-sm text-stone-600">
            <FormattedMessage id={label} />
          </dt>
          <dd className="text-3xl font-bold" data-testid={label}>
            {value ?? '–'}
          </dd>
        </div>
      ))}
    </dl>
  );
}
