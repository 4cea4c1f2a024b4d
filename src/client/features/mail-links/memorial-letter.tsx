import type { NotificationPreferences } from '../../../shared/types';
import { FormattedMessage, useIntl } from '../../lib/intl-react';

/**
 * "MM-DD" as day and month in the page's language ("17. Mai"): on a day of 2000, a leap year, in UTC. As the owner
 * pages' memorial-date.ts does; written out here, so the page shares no module, and no chunk, with them.
 */
function formatDay(value: string, locale: string): string {
  const [month = 1, day = 1] = value.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(Date.UTC(2000, month - 1, day));
}

/**
 * The preferences page's choice of the letter of the year, for a reader it comes to (`memorialDay` set): on the
 * memorial day, or for an owner without one on the creation's anniversary; the day in the page's language.
 */
export function MemorialLetter({
  preferences,
  memorialDay,
  checked,
  disabled,
  onChange,
}: {
  preferences: NotificationPreferences;
  memorialDay: string;
  checked: boolean;
  disabled: boolean;
  onChange: (next: boolean) => void;
}) {
  const intl = useIntl();
  const date = formatDay(memorialDay, intl.locale);
  return (
    <div>
      <label className="flex items-center gap-3">
        <input
          type="checkbox"
          name="memorialLetter"
          checked={checked}
          disabled={disabled}
          aria-describedby="memorial-letter-hint"
          onChange={(event) => onChange(event.target.checked)}
        />
        <FormattedMessage
          id={
            preferences.memorialAnniversary ? 'mail-links.abo.preferences.memorial.anniversary' : 'mail-links.abo.preferences.memorial.day'
          }
          values={{ date }}
        />
      </label>
      <p id="memorial-letter-hint" className="mt-1 pl-7 text-sm text-stone-600">
        <FormattedMessage
          id="mail-links.abo.preferences.memorial.hint"
          values={{ kind: preferences.collectionId ? 'collection' : 'stone' }}
        />
      </p>
    </div>
  );
}
