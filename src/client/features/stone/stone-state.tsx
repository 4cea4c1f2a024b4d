import { formatDay } from '../../../shared/dates';
import { localeOfIntl } from '../../../shared/i18n/locale';
import type { StoneView } from '../../../shared/types';
import { useIntl } from '../../lib/intl-react';

/**
 * The stone's state in words, since when, and where it was last seen (its newest public find that counts, which the
 * page's newest finds need not hold; dates in the German locale, whatever the interface language). A
 * missing stone asks whoever has it to log it: `onLogFind` on the find page, a link to it on the read-only one.
 */
export function StoneState({ stone, onLogFind }: { stone: StoneView; onLogFind?: () => void }) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const day = (value: string) => formatDay(value, localeOfIntl(intl));
  const last = stone.lastFind;
  return (
    <div data-testid="stone-state" data-status={stone.status} className="mt-2 text-stone-700">
      <p>
        <strong className={stone.status === 'missing' ? 'text-red-800' : 'text-stone-900'}>
          {t({ id: `stone-parts.status.${stone.status}` })}
        </strong>{' '}
        {t({ id: 'stone-parts.status.since' }, { date: day(stone.statusSince) })}
      </p>
      {last ? <p>{t({ id: 'stone-parts.lastSeen' }, { place: last.location, date: day(last.createdAt) })}</p> : null}
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
