import { useId } from 'react';
import type { JourneyMonth } from '../../../shared/journey-view';
import { FormattedMessage, useIntl } from '../../lib/intl-react';

/** The drawing's own units: the SVG scales to the card's width. */
const WIDTH = 640;
const ROW = 96;
const GAP = 28;
const LEFT = 8;
const LABELS = 22;
const HEIGHT = ROW * 2 + GAP + LABELS;

/** A month's label: "Mai 2026", in the page's language. */
function monthLabel(month: string, locale: string, style: 'short' | 'long') {
  const [year, number] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, { month: style, year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year ?? 2000, (number ?? 1) - 1, 1)),
  );
}

/** One row of bars: a value per month, scaled to the largest, with the largest named at the row's top. */
function Bars({ values, top, color, unit }: { values: number[]; top: number; color: string; unit: string }) {
  const largest = Math.max(...values, 0);
  const step = (WIDTH - LEFT) / Math.max(values.length, 1);
  return (
    <g>
      <line x1={LEFT} x2={WIDTH} y1={top + ROW} y2={top + ROW} stroke="#a8a29e" strokeWidth={1} />
      {values.map((value, index) => {
        const height = largest > 0 ? Math.max((value / largest) * (ROW - 18), value > 0 ? 2 : 0) : 0;
        return (
          <rect
            // biome-ignore lint/suspicious/noArrayIndexKey: one bar per month, in month order.
            key={index}
            x={LEFT + index * step + step * 0.15}
            width={Math.max(step * 0.7, 1)}
            y={top + ROW - height}
            height={height}
            fill={color}
            rx={1}
          />
        );
      })}
      <text x={LEFT} y={top + 12} fontSize={12} fill="#44403c">
        {unit}
      </text>
    </g>
  );
}

/**
 * The journey over time (decision record 044): kilometres and finds per month since the start, as two rows of bars
 * drawn in SVG (no chart library) and, for screen readers, the same numbers as a table. Loaded with its texts only
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
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full" aria-hidden="true" focusable="false">
        <Bars
          values={months.map((month) => month.km)}
          top={0}
          color="#b45309"
          unit={intl.formatMessage({ id: 'journey-chart.kmScale' }, { km: km(largestKm) })}
        />
        <Bars
          values={months.map((month) => month.finds)}
          top={ROW + GAP}
          color="#44403c"
          unit={intl.formatMessage({ id: 'journey-chart.findsScale' }, { count: largestFinds })}
        />
        <text x={LEFT} y={HEIGHT - 4} fontSize={12} fill="#57534e">
          {monthLabel(first, intl.locale, 'short')}
        </text>
        {last !== first ? (
          <text x={WIDTH} y={HEIGHT - 4} fontSize={12} fill="#57534e" textAnchor="end">
            {monthLabel(last, intl.locale, 'short')}
          </text>
        ) : null}
      </svg>
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
