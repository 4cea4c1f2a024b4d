import { formatDay } from '../../../shared/dates';
import { localeOfIntl } from '../../../shared/i18n/locale';
import type { FindView } from '../../../shared/types';
import { FormattedMessage, useIntl } from '../../lib/intl-react';

/**
 * The journey's stations, newest first; each with a link to report it (a page of its own, see report-find.tsx).
 * `first` is the number of the oldest of them: the page holds only the newest finds, older ones come on demand.
 */
export function FindsList({ code, finds, first, id = 'finds-list' }: { code: string; finds: FindView[]; first: number; id?: string }) {
  const intl = useIntl();
  if (finds.length === 0) {
    return (
      <p className="text-stone-600">
        <FormattedMessage id="stone-parts.noFinds" />
      </p>
    );
  }
  const numbered = finds.map((find, i) => ({ find, n: first + i })).reverse();
  return (
    <ol className="space-y-3" data-testid={id}>
      {numbered.map(({ find, n }) => (
        <li key={find.id} className="rounded-xl border border-stone-200 bg-white p-4">
          <div className="flex items-baseline justify-between gap-3">
            <p className="font-medium">
              <span className="mr-2 text-amber-700">#{n}</span>
              {find.location}
            </p>
            <time dateTime={find.createdAt} className="shrink-0 text-sm text-stone-500">
              {formatDay(find.createdAt, localeOfIntl(intl))}
            </time>
          </div>
          {find.comment ? <p className="mt-2 whitespace-pre-line text-stone-700">{find.comment}</p> : null}
          {/* Only a photo its owner approved; its size is reserved, so nothing moves when it arrives. */}
          {find.photo ? (
            <img
              src={find.photo.url}
              alt={intl.formatMessage({ id: 'stone-parts.findPhoto' }, { location: find.location })}
              loading="lazy"
              width={320}
              height={240}
              className="mt-3 aspect-[4/3] w-full max-w-xs rounded-lg object-cover"
            />
          ) : null}
          {find.foundAgainAfterDays !== null ? (
            <p className="mt-2 text-sm font-medium text-green-800">
              <FormattedMessage id="stone-parts.findFoundAgain" values={{ days: find.foundAgainAfterDays }} />
            </p>
          ) : null}
          {find.kept ? (
            <p className="mt-2 text-sm text-stone-600">
              <FormattedMessage id="stone-parts.findKept" />
            </p>
          ) : null}
          {find.pending ? (
            <p className="mt-2 text-sm text-stone-600">
              <FormattedMessage id="stone-parts.findPending" />
            </p>
          ) : null}
          <a href={`/${code}/fund/${find.id}/melden`} rel="nofollow" className="mt-2 inline-block text-xs text-stone-600 underline">
            <FormattedMessage id="stone-parts.reportFind" />
          </a>
        </li>
      ))}
    </ol>
  );
}
