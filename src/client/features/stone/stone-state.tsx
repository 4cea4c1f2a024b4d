import { formatDay } from '../../../shared/dates';
import { localeOfIntl } from '../../../shared/i18n/locale';
import type { StoneView } from '../../../shared/types';
import { useIntl } from '../../lib/intl-react';

/**
 * The stone's state in words, since when, and where it was last seen (its newest public find that counts, which the
 * page's newest finds need not hold; dates in the German locale, whatever the interface language); the countries it
 * reached, and its goal with the distance still to go or when it was reached (decision records 041, 042). A
 * missing stone asks whoever has it to log it: `onLogFind` on the find page, a link to it on the read-only one.
 */
export function StoneState({ stone, onLogFind }: { stone: StoneView; onLogFind?: () => void }) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const day = (value: string) => formatDay(value, localeOfIntl(intl));
  const last = stone.lastFind;
  // Countries come named in the page's language (the Worker names them: no browser makes the names while it hydrates).
  const goal = stone.goal;
  const goalName = goal?.name ?? goal?.country ?? '';
  return (
    <div data-testid="stone-state" data-status={stone.status} className="mt-2 text-stone-700">
      <p>
        <strong className={stone.status === 'missing' ? 'text-red-800' : 'text-stone-900'}>
          {t({ id: `stone-parts.status.${stone.status}` })}
        </strong>{' '}
        {t({ id: 'stone-parts.status.since' }, { date: day(stone.statusSince) })}
      </p>
      {last ? <p>{t({ id: 'stone-parts.lastSeen' }, { place: last.location, date: day(last.createdAt) })}</p> : null}
      {stone.countries.length > 0 ? (
        <p data-testid="stone-countries">
          {t({ id: 'stone-parts.countries' }, { names: stone.countries.map((country) => country.name).join(', ') })}
        </p>
      ) : null}
      {goal ? (
        <div data-testid="stone-goal" data-reached={goal.reachedAt ? 'true' : undefined} className="mt-2 max-w-xl">
          <p className="font-semibold text-stone-900">
            {goal.reachedAt
              ? t({ id: 'stone-parts.goal.reached' }, { goal: goalName, date: day(goal.reachedAt) })
              : goal.remainingKm !== null
                ? t(
                    { id: 'stone-parts.goal.toGo' },
                    {
                      goal: goalName,
                      distance: `${intl.formatNumber(goal.remainingKm, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} km`,
                    },
                  )
                : t({ id: 'stone-parts.goal.place' }, { goal: goalName })}
          </p>
          {goal.note ? <p className="italic">{t({ id: 'stone-parts.goal.note' }, { note: goal.note })}</p> : null}
        </div>
      ) : null}
      {stone.status === 'missing' ? (
        <div className="mt-3 max-w-xl rounded-xl border-2 border-red-300 bg-red-50 p-4 text-red-950" data-testid="missing-ask">
          <p className="font-semibold">{t({ id: 'stone-parts.missing.ask' })}</p>
          <a
            href={`/${stone.code}#find-form`}
            onClick={(event) => {
              if (!onLogFind) return;
              event.preventDefault();
              onLogFind();
            }}
            className="mt-3 inline-block rounded-lg bg-stone-900 px-4 py-2 font-semibold text-white"
          >
            {t({ id: 'stone-parts.welcome.log' })}
          </a>
        </div>
      ) : null}
    </div>
  );
}
