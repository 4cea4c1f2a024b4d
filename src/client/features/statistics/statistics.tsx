import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Statistics } from '../../../shared/types';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/** Spec §7/§9: polled every 30 s, retried 3 times, stale after 10 s. */
export const statisticsQuery = {
  queryKey: queryKeys.statistics(),
  queryFn: () => api<Statistics>('/api/statistics'),
  refetchInterval: 30_000,
  retry: 3,
  staleTime: 10_000,
};

export const COUNT_UP_MS = 3000;

/**
 * Counts from 0 to `target` over 3 s (ease-out) once the value is known (`ready`); the server renders the
 * final value.
 */
export function useCountUp(target: number, ready: boolean, durationMs = COUNT_UP_MS): number {
  const [value, setValue] = useState(target);
  // The animation runs once; later refetches jump straight to the new value.
  const animated = useRef(false);
  useEffect(() => {
    if (!ready) return;
    if (animated.current || window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
      setValue(target);
      return;
    }
    animated.current = true;
    const start = performance.now();
    let frame = 0;
    const step = (now: number) => {
      const t = Math.min(1, (now - start) / durationMs);
      setValue(target * (1 - (1 - t) ** 3));
      if (t < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [target, ready, durationMs]);
  return value;
}

export function StatisticsBand() {
  const intl = useIntl();
  const { data } = useQuery(statisticsQuery);
  const ready = data !== undefined;
  const km = useCountUp(data?.totalDistance ?? 0, ready);
  const stones = useCountUp(data?.stoneCount ?? 0, ready);
  const finds = useCountUp(data?.findCount ?? 0, ready);
  const items = [
    { id: 'distance', value: intl.formatNumber(km, { maximumFractionDigits: 0 }), label: 'stats.distance' },
    { id: 'stones', value: intl.formatNumber(Math.round(stones)), label: 'stats.stones' },
    { id: 'finds', value: intl.formatNumber(Math.round(finds)), label: 'stats.finds' },
  ];
  return (
    <section aria-labelledby="stats-title" className="bg-stone-900 py-12 text-white">
      <div className="mx-auto max-w-6xl px-4">
        <h2 id="stats-title" className="text-center text-xl font-semibold text-stone-200">
          <FormattedMessage id="stats.title" />
        </h2>
        <dl className="mt-6 grid gap-6 text-center sm:grid-cols-3">
          {items.map((item) => (
            <div key={item.id} data-testid={`stat-${item.id}`}>
              <dt className="text-sm uppercase tracking-wide text-stone-400">
                <FormattedMessage id={item.label} />
              </dt>
              <dd className="mt-1 text-4xl font-bold tabular-nums">{item.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
