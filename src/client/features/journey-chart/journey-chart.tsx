import { useId } from 'react';
import type { JourneyMonth } from '../../../shared/journey-view';
import { FormattedMessage, useIntl } from '../../lib/intl-react';

/** The drawing's own units: each row's SVG stretches to the card's width and a fixed height. */
const WIDTH = 640;
const HEIGHT = 100;
/** At least this many months' room: a young journey has slim bars, not one bar across the card. */
const MIN_SLOTS = 12;

/** A month's label: "Mai 2026", in the page's language. */
function monthLabel(month: string, locale: string, style: 'short' | 'long') {
  const [year, number] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, { month: style, year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year ?? 2000, (number ?? 1) - 1, 1)),
  );
}

/** One row of bars: a value per month, scaled to the largest, named (with the largest) above it. */
function Bars({ values, color, label }: { values: number[]; color: string; label: string }) {
  const largest = Math.max(...values, 0);
  const step = WIDTH / Math.max(values.length, MIN_SLOTS);
  return (
    <div>
      <p className="text-xs text-stone-600">{label}</p>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" className="h-20 w-full" aria-hidden="true" focusable="false">
        <line x1={0} x2={WIDTH} y1={HEIGHT} y2={HEIGHT} stroke="#a8a29e" strokeWidth={2} />
        {values.map((value, index) => {
          const height = largest > 0 ? Math.max((value / largest) * (HEIGHT - 4), value > 0 ? 2 : 0) : 0;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: one bar per month, in month order.
            <rect key={index} x={index * step + step * 0.15} width={step * 0.7} y={HEIGHT - height} height={height} fill={color} />
          );
        })}
      </svg>
    </div>
  );
}

/**
 * The journey over time (decision record 044): kilometres and finds per month since the start, as two rows of bars
 * drawn in SVG (no chart library), their labels in HTML so they keep their size on a phone, and, for screen readers, the same numbers as a table. Loaded with its texts only
 * by the owner page and the collection page, after their own code.
 */
export default function JourneyChart({ months }: { months: JourneyMonth[] }) {
  const intl = useIntl();
  const id = useId();
  if (months.length === 0) return null;
  const km = (value: number) => intl.formatNumber(value, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const largestKm = Math.max(...months.map((month) => month.km));
  const largestFinds = Math.max(...months.map((month) => month.finds));
  const first = months[0]?.month ?? '';
  const last = months.at(-1)?.month ?? '';
  return (
    <figure aria-labelledby={`${id}-caption`} className="space-y-2" data-testid="journey-chart">
      <figcaption id={`${id}-caption`} className="text-lg font-semibold">
        <FormattedMessage id="journey-chart.title" />
      </figcaption>
      <Bars
        values={months.map((month) => month.km)}
        color="#b45309"
        label={intl.formatMessage({ id: 'journey-chart.kmScale' }, { km: km(largestKm) })}
      />
      <Bars
        values={months.map((month) => month.finds)}
        color="#44403c"
        label={intl.formatMessage({ id: 'journey-chart.findsScale' }, { count: largestFinds })}
      />
      {/* Under the bars: a young journey's bars fill only the first slots of the row. */}
      <p
        className="flex justify-between whitespace-nowrap text-xs text-stone-600"
        style={{ width: `${(Math.min(months.length, MIN_SLOTS) / MIN_SLOTS) * 100}%` }}
        aria-hidden="true"
      >
        <span>{monthLabel(first, intl.locale, 'short')}</span>
        {last !== first ? <span>{monthLabel(last, intl.locale, 'short')}</span> : null}
      </p>
      <table className="sr-only">
        <caption>
          <FormattedMessage id="journey-chart.table" />
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <FormattedMessage id="journey-chart.month" />
            </th>
            <th scope="col">
              <FormattedMessage id="journey-chart.km" />
            </th>
            <th scope="col">
              <FormattedMessage id="journey-chart.finds" />
            </th>
          </tr>
        </thead>
        <tbody>
          {months.map((month) => (
            <tr key={month.month}>
              <th scope="row">{monthLabel(month.month, intl.locale, 'long')}</th>
              <td>{km(month.km)}</td>
              <td>{month.finds}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
