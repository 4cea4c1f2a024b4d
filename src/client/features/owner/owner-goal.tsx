import { type FormEvent, lazy, Suspense, useMemo, useState } from 'react';
import { ownerStoneAddress, placeSearchAddress, reverseGeocodeAddress } from '../../../shared/api-routes';
import { COUNTRY_CODES } from '../../../shared/countries';
import { formatDay } from '../../../shared/dates';
import { localeOfIntl } from '../../../shared/i18n/locale';
import { MAX_GOAL_NOTE_LENGTH } from '../../../shared/schemas/limits';
import type { OwnerStoneView } from '../../../shared/types';
import { api, apiErrorMessage } from '../../lib/api';
import { FormattedMessage, useIntl } from '../../lib/intl-react';
import { useMutation } from '../../lib/query';
import { withTexts } from '../../lib/screen-messages';
import { Button } from '../../ui/button';
import { SelectField, TextField } from '../../ui/field';
import { TitledCard } from '../../ui/titled-card';
import { useToast } from '../../ui/toast';

type Kind = 'place' | 'country';
type Coordinates = { latitude: number; longitude: number };

/** The map, with its texts (namespace stone-map), once the card is on the screen. */
const GoalMap = lazy(withTexts('stone-map', () => import('./goal-map')));

/**
 * The stone's goal (decision record 042): a place, found by the address search or a click on the map and kept at a
 * town's precision, or a country; with a short note. Shows the goal as it stands (the distance still to go, or
 * when it was reached) and the map with the way still to go.
 */
export function OwnerGoal({ token, stone, onSaved }: { token: string; stone: OwnerStoneView; onSaved: (next: OwnerStoneView) => void }) {
  const intl = useIntl();
  const toast = useToast();
  const t = intl.formatMessage;
  const goal = stone.goal;
  const regions = useMemo(() => new Intl.DisplayNames([intl.locale], { type: 'region', fallback: 'code' }), [intl.locale]);
  const countries = useMemo(
    () => COUNTRY_CODES.map((code) => ({ code, name: regions.of(code) ?? code })).sort((a, b) => a.name.localeCompare(b.name, intl.locale)),
    [regions, intl.locale],
  );
  const [kind, setKind] = useState<Kind>(goal && goal.latitude === null ? 'country' : 'place');
  const [position, setPosition] = useState<Coordinates | null>(
    goal?.latitude != null && goal.longitude != null ? { latitude: goal.latitude, longitude: goal.longitude } : null,
  );
  const [name, setName] = useState(goal?.name ?? '');
  const [country, setCountry] = useState(goal?.latitude === null ? (goal.country ?? '') : '');
  const [note, setNote] = useState(goal?.note ?? '');
  const [error, setError] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const [searching, setSearching] = useState(false);
  // A click on the map: the place's name at a town's precision, asked of the geocoder (the owner may change it).
  const pickOnMap = (picked: Coordinates) => {
    setPosition(picked);
    setError(null);
    const at = (value: number) => value.toFixed(1);
    api(reverseGeocodeAddress(at(picked.latitude), at(picked.longitude), 'town')).then(
      (place) => setName(place.label ?? ''),
      () => setName(''),
    );
  };

  const mutation = useMutation({
    mutationFn: (body: { goal: unknown }) => api(ownerStoneAddress(token), { method: 'PATCH', json: body }),
    onSuccess: (next) => {
      onSaved(next);
      setError(null);
      toast({ title: t({ id: next.goal ? 'owner.goal.saved' : 'owner.goal.removed' }) });
    },
    onError: (caught) => setError(apiErrorMessage(caught) ?? t({ id: 'owner.updateFailed' })),
  });
  const search = async () => {
    if (!query.trim()) return;
    setSearching(true);
    try {
      const place = await api(placeSearchAddress(query.trim()));
      setPosition({ latitude: place.latitude, longitude: place.longitude });
      setName(place.places?.town || place.label);
      setError(null);
    } catch {
      // Not found, or the search failed: the place is then chosen on the map.
      setError(t({ id: 'owner.goal.notFound' }));
    } finally {
      setSearching(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (kind === 'country') {
      if (!country) return setError(t({ id: 'owner.goal.chooseCountry' }));
      return mutation.mutate({ goal: { country, note } });
    }
    if (!position) return setError(t({ id: 'owner.goal.choosePlace' }));
    mutation.mutate({ goal: { ...position, name, note } });
  };
  const goalName = goal?.name ?? '';

  return (
    <TitledCard id="owner-goal-title" title={<FormattedMessage id="owner.goal.title" />}>
      <p className="mt-2 text-sm text-stone-700">
        <FormattedMessage id="owner.goal.intro" />
      </p>
      {goal ? (
        <p className="mt-3 font-medium text-stone-900" data-testid="owner-goal-state">
          {goal.reachedAt
            ? t({ id: 'owner.goal.reached' }, { goal: goalName, date: formatDay(goal.reachedAt, localeOfIntl(intl)) })
            : goal.remainingKm !== null
              ? t(
                  { id: 'owner.goal.toGo' },
                  {
                    goal: goalName,
                    distance: `${intl.formatNumber(goal.remainingKm, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} km`,
                  },
                )
              : t({ id: 'owner.goal.current' }, { goal: goalName })}
        </p>
      ) : null}
      <form onSubmit={submit} className="mt-4 space-y-4" noValidate>
        <fieldset disabled={mutation.isPending} className="space-y-4">
          <legend className="text-sm font-medium text-stone-800">
            <FormattedMessage id="owner.goal.kind" />
          </legend>
          <div className="flex flex-wrap gap-4">
            {(['place', 'country'] as const).map((value) => (
              <label key={value} className="inline-flex items-center gap-2">
                <input type="radio" name="goal-kind" value={value} checked={kind === value} onChange={() => setKind(value)} />
                <FormattedMessage id={value === 'place' ? 'owner.goal.kindPlace' : 'owner.goal.kindCountry'} />
              </label>
            ))}
          </div>
          {kind === 'place' ? (
            <div className="space-y-3">
              <div className="flex items-end gap-2">
                <div className="flex-1">
                  <TextField
                    label={t({ id: 'owner.goal.search' })}
                    name="goal-search"
                    type="search"
                    value={query}
                    maxLength={200}
                    onChange={(event) => setQuery(event.target.value)}
                    onKeyDown={(event) => {
                      if (event.key !== 'Enter') return;
                      event.preventDefault();
                      void search();
                    }}
                  />
                </div>
                <Button variant="secondary" onClick={search} disabled={searching}>
                  <FormattedMessage id="owner.goal.searchButton" />
                </Button>
              </div>
              <Suspense fallback={null}>
                <GoalMap stone={stone} chosen={position} onPick={pickOnMap} />
              </Suspense>
              <TextField
                label={t({ id: 'owner.goal.name' })}
                name="goal-name"
                value={name}
                maxLength={300}
                hint={t({ id: 'owner.goal.nameHint' })}
                onChange={(event) => setName(event.target.value)}
              />
            </div>
          ) : (
            <SelectField
              id="owner-goal-country"
              name="goal-country"
              label={t({ id: 'owner.goal.country' })}
              value={country}
              onChange={(event) => setCountry(event.target.value)}
            >
              <option value="">{t({ id: 'owner.goal.countryNone' })}</option>
              {countries.map((option) => (
                <option key={option.code} value={option.code}>
                  {option.name}
                </option>
              ))}
            </SelectField>
          )}
          <TextField
            label={t({ id: 'owner.goal.note' })}
            name="goal-note"
            value={note}
            maxLength={MAX_GOAL_NOTE_LENGTH}
            placeholder={t({ id: 'owner.goal.notePlaceholder' })}
            hint={t({ id: 'owner.goal.noteHint' }, { count: MAX_GOAL_NOTE_LENGTH - note.length })}
            onChange={(event) => setNote(event.target.value)}
          />
          {error ? (
            <p role="alert" className="text-sm text-red-700" data-testid="owner-goal-error">
              {error}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-3">
            <Button type="submit">
              <FormattedMessage id={mutation.isPending ? 'owner.saving' : 'owner.goal.save'} />
            </Button>
            {goal ? (
              <Button type="button" variant="secondary" onClick={() => mutation.mutate({ goal: null })}>
                <FormattedMessage id="owner.goal.remove" />
              </Button>
            ) : null}
          </div>
        </fieldset>
      </form>
    </TitledCard>
  );
}
