import { useLayoutEffect, useRef, useState } from 'react';
import { queries } from '../../../shared/queries';
import type { MessageId } from '../../lib/intl';
import { FormattedMessage, useIntl } from '../../lib/intl-react';
import { specQuery } from '../../lib/queries';
import { useQuery } from '../../lib/query';

/** Polled every 30 s, retried 3 times, stale after 10 s. */
export const statisticsQuery = {
  ...specQuery(queries.statistics()),
  refetchInterval: 30_000,
  retry: 3,
  staleTime: 10_000,
};

export const COUNT_UP_MS = 3000;

/**
 * Counts from 0 to `target` over 3 s (ease-out) once the value is known (`ready`). The server renders the
 * final value (for readers without JavaScript); the count-up resets it to 0 before the browser paints.
 */
export function useCountUp(target: number, ready: boolean, durationMs = COUNT_UP_MS): number {
  const [value, setValue] = useState(target);
  // The animation runs once; later refetches jump straight to the new value.
  const animated = useRef(false);
  useLayoutEffect(() => {
    if (!ready) return;
    if (animated.current || window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
      setValue(target);
      return;
    }
    animated.current = true;
    setValue(0);
    const start = performance.now();
    let frame = 0;
    const step = (now: number) => {
      // A frame's timestamp can be a little older than `start`.
      const t = Math.min(1, Math.max(0, (now - start) / durationMs));
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
  const { data, isError } = useQuery(statisticsQuery);
  const ready = data !== undefined;
  // Without figures (the request failed after its retries) show a dash, not a misleading 0.
  const unknown = !ready && isError;
  const km = useCountUp(data?.totalDistance ?? 0, ready);
  const stones = useCountUp(data?.stoneCount ?? 0, ready);
  const finds = useCountUp(data?.findCount ?? 0, ready);
  // Until this component has hydrated, its server-rendered end values stay invisible where scripts run
  // (styles.css), so they do not flash before the count-up starts from 0 in the same paint.
  const [hydrated, setHydrated] = useState(false);
  useLayoutEffect(() => setHydrated(true), []);
  const items: Array<{ id: string; value: string; label: MessageId }> = [
    { id: 'distance', value: unknown ? '–' : intl.formatNumber(km, { maximumFractionDigits: 0 }), label: 'home.stats.distance' },
    { id: 'stones', value: unknown ? '–' : intl.formatNumber(Math.round(stones)), label: 'home.stats.stones' },
    { id: 'finds', value: unknown ? '–' : intl.formatNumber(Math.round(finds)), label: 'home.stats.finds' },
  ];
  return (
    <section aria-labelledby="stats-title" className="bg-stone-900 py-12 text-white">
      <div className="mx-auto max-w-6xl px-4">
        <h2 id="stats-title" className="text-center text-xl font-semibold text-stone-200">
          <FormattedMessage id="home.stats.title" />
        </h2>
        <dl className="mt-6 grid gap-6 text-center sm:grid-cols-3">
          {items.map((item) => (
            <div key={item.id} data-testid={`stat-${item.id}`}>
              <dt className="text-sm uppercase tracking-wide text-stone-400">
                <FormattedMessage id={item.label} />
              </dt>
              <dd data-countup={hydrated ? undefined : ''} className="mt-1 text-4xl font-bold tabular-nums">
                {item.value}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
