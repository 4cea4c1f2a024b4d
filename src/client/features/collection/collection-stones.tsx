import { formatDay } from '../../../shared/dates';
import { localeOfIntl } from '../../../shared/i18n/locale';
import { pathTo } from '../../../shared/routes';
import type { CollectionStone } from '../../../shared/types';
import { FormattedMessage, useIntl } from '../../lib/intl-react';
import { Link } from '../../lib/router';
import { journeyColor } from './journey-colors';
import { StatusWord } from './status-word';

/** The number a stone has in its collection's list, beside its colour: the map's marker shows the same. */
export function StoneNumber({ index }: { index: number }) {
  return (
    <span
      className="flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-bold text-white"
      style={{ backgroundColor: journeyColor(index) }}
    >
      {index + 1}
    </span>
  );
}

/** Every stone of the collection with its state, last sighting and kilometres; each links to its page. */
export function CollectionStones({ stones }: { stones: CollectionStone[] }) {
  const locale = localeOfIntl(useIntl());
  return (
    <ol className="space-y-3" data-testid="collection-stones">
      {stones.map((stone, index) => (
        <li key={stone.code} className="flex gap-3 rounded-xl border border-stone-200 bg-white p-4" data-testid="collection-stone">
          <StoneNumber index={index} />
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
              <Link href={pathTo('stone', { code: stone.code })} className="font-medium text-stone-900 underline-offset-2 hover:underline">
                {stone.title}
              </Link>
              <span className="tabular-nums text-stone-700">{stone.formattedDistance}</span>
            </div>
            <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-stone-600">
              <span className="font-mono tracking-wider">{stone.code}</span>
              <StatusWord status={stone.status} />
              <span>
                {stone.lastFind ? (
                  <FormattedMessage
                    id="collection.lastSeen"
                    values={{ place: stone.lastFind.location, date: formatDay(stone.lastFind.createdAt, locale) }}
                  />
                ) : (
                  <FormattedMessage id="collection.notFoundYet" />
                )}
              </span>
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
}
