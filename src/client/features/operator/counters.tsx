import { operatorCountersAddress } from '../../../shared/api-routes';
import { useQuery } from '../../lib/query';
import { DescriptionRow } from '../../ui/description-row';
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
        <DescriptionRow
          layout="figure"
          key={label}
          term={label}
          className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm"
          valueClassName="text-3xl font-bold"
          testId={label}
        >
          {value ?? '–'}
        </DescriptionRow>
      ))}
    </dl>
  );
}
