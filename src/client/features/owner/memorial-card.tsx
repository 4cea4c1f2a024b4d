import { type FormEvent, useState } from 'react';
import type { MessageId } from '../../../shared/i18n/message-ids';
import { apiErrorMessage } from '../../lib/api';
import { FormattedMessage, useIntl } from '../../lib/intl-react';
import { useMutation } from '../../lib/query';
import { Button } from '../../ui/button';
import { TitledCard } from '../../ui/titled-card';
import { useToast } from '../../ui/toast';
import { anniversaryOf, DAYS_IN_MONTH, formatMemorialDay, memorialDayOf, monthAndDay, monthNames } from './memorial-date';

/** The texts of an owner's memorial day card, from the page's own namespace (a stone's or a collection's). */
export interface MemorialTexts {
  title: MessageId;
  intro: MessageId;
  legend: MessageId;
  day: MessageId;
  month: MessageId;
  none: MessageId;
  incomplete: MessageId;
  /** Said while no day is chosen: the letter then comes on the creation's anniversary (`{date}`). */
  anniversary: MessageId;
  letter: MessageId;
  save: MessageId;
  saving: MessageId;
  remove: MessageId;
  /** `{date}`: the saved day. */
  saved: MessageId;
  savedNone: MessageId;
  failed: MessageId;
}

/** What the card reads and saves: the day to remember ("MM-DD" or null) and whether the owner gets the letter. */
export interface MemorialChoice {
  memorialDay: string | null;
  memorialLetter: boolean;
}

/** The days a month may have, 1 to 31. */
const DAYS = Array.from({ length: 31 }, (_, index) => index + 1);

const selectClass =
  'block rounded-lg border border-stone-300 bg-white px-3 py-2 text-stone-900 focus:border-amber-600 focus:outline-2 focus:outline-amber-600/30 aria-[invalid=true]:border-red-600';

/**
 * The day to remember (a stone's or a whole collection's): day and month as two selects, "no memorial day" in
 * both, and whether the owner gets the letter of the year. A day the month lacks cannot be chosen (February has
 * its 29th); the server's refusal shows too. Saved with its button; removing the day saves at once.
 */
export function MemorialCard<T extends MemorialChoice>({
  id,
  value,
  createdAt,
  noDay,
  texts,
  save,
  onSaved,
}: {
  /** The start of the card's element ids. */
  id: string;
  value: MemorialChoice;
  /** When the stone or collection was made: its anniversary is the letter's day without a memorial day. */
  createdAt: string;
  /** Said instead of the anniversary while no day is chosen (a stone of a collection is told in the collection's letter). */
  noDay?: string;
  texts: MemorialTexts;
  save: (choice: MemorialChoice) => Promise<T>;
  onSaved: (next: T) => void;
}) {
  const intl = useIntl();
  const toast = useToast();
  // 0: none chosen.
  const [initialMonth, initialDay] = value.memorialDay ? monthAndDay(value.memorialDay) : [0, 0];
  const [month, setMonth] = useState(initialMonth);
  const [day, setDay] = useState(initialDay);
  const [letter, setLetter] = useState(value.memorialLetter);
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: save,
    onSuccess: (next) => {
      onSaved(next);
      setError(null);
      const date = next.memorialDay ? formatMemorialDay(next.memorialDay, intl.locale) : null;
      toast({ title: date ? intl.formatMessage({ id: texts.saved }, { date }) : intl.formatMessage({ id: texts.savedNone }) });
    },
    onError: (caught) => setError(apiErrorMessage(caught) ?? intl.formatMessage({ id: texts.failed })),
  });
  const maxDay = month ? (DAYS_IN_MONTH[month - 1] ?? 31) : 31;
  const none = month === 0 && day === 0;
  const incomplete = (month === 0) !== (day === 0);
  const note = incomplete
    ? intl.formatMessage({ id: texts.incomplete })
    : none
      ? (noDay ?? intl.formatMessage({ id: texts.anniversary }, { date: anniversaryOf(createdAt, intl.locale) }))
      : null;
  const describedBy = [error ? `${id}-error` : '', note ? `${id}-note` : ''].join(' ').trim() || undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!incomplete) mutation.mutate({ memorialDay: none ? null : memorialDayOf(month, day), memorialLetter: letter });
  };
  const changed = () => setError(null);
  return (
    <TitledCard id={`${id}-title`} title={<FormattedMessage id={texts.title} />}>
      <p className="mt-2 text-sm text-stone-700">
        <FormattedMessage id={texts.intro} />
      </p>
      <form onSubmit={submit} className="mt-4 space-y-4">
        <fieldset disabled={mutation.isPending}>
          <legend className="text-sm font-medium text-stone-800">
            <FormattedMessage id={texts.legend} />
          </legend>
          <div className="mt-2 flex flex-wrap gap-4">
            <div className="space-y-1">
              <label htmlFor={`${id}-day`} className="block text-sm text-stone-700">
                <FormattedMessage id={texts.day} />
              </label>
              <select
                id={`${id}-day`}
                name="day"
                className={selectClass}
                value={day}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy}
                onChange={(event) => {
                  setDay(Number(event.target.value));
                  changed();
                }}
              >
                <option value={0}>{intl.formatMessage({ id: texts.none })}</option>
                {DAYS.slice(0, maxDay).map((number) => (
                  <option key={number} value={number}>
                    {number}
                  </option>
                ))}
              </select>
            </div>
            <div className="space-y-1">
              <label htmlFor={`${id}-month`} className="block text-sm text-stone-700">
                <FormattedMessage id={texts.month} />
              </label>
              <select
                id={`${id}-month`}
                name="month"
                className={selectClass}
                value={month}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy}
                onChange={(event) => {
                  const next = Number(event.target.value);
                  setMonth(next);
                  // A day the new month lacks becomes its last (the 31st of May in February: the 29th).
                  if (next) setDay((current) => Math.min(current, DAYS_IN_MONTH[next - 1] ?? 31));
                  changed();
                }}
              >
                <option value={0}>{intl.formatMessage({ id: texts.none })}</option>
                {monthNames(intl.locale).map((name, index) => (
                  <option key={name} value={index + 1}>
                    {name}
                  </option>
                ))}
              </select>
            </div>
          </div>
        </fieldset>
        <p id={`${id}-note`} aria-live="polite" className="text-sm text-stone-600">
          {note}
        </p>
        {error ? (
          <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <label className="flex items-center gap-3">
          <input
            type="checkbox"
            name="memorialLetter"
            checked={letter}
            disabled={mutation.isPending}
            onChange={(event) => {
              setLetter(event.target.checked);
              changed();
            }}
          />
          <FormattedMessage id={texts.letter} />
        </label>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={mutation.isPending || incomplete}>
            <FormattedMessage id={mutation.isPending ? texts.saving : texts.save} />
          </Button>
          {value.memorialDay ? (
            <Button
              variant="secondary"
              disabled={mutation.isPending}
              onClick={() => {
                setMonth(0);
                setDay(0);
                changed();
                mutation.mutate({ memorialDay: null, memorialLetter: letter });
              }}
            >
              <FormattedMessage id={texts.remove} />
            </Button>
          ) : null}
        </div>
      </form>
    </TitledCard>
  );
}
