import { type FormEvent, useState } from 'react';
import { manyFindsAddress, placeSearchAddress } from '../../../shared/api-routes';
import type { ManyFindsResult } from '../../../shared/find-answer';
import { pathTo } from '../../../shared/routes';
import { MAX_COMMENT_LENGTH, MAX_LOCATION_LENGTH } from '../../../shared/schemas/limits';
import type { Precision } from '../../../shared/schemas/precision';
import { api, apiErrorMessage } from '../../lib/api';
import { FormattedMessage, useIntl } from '../../lib/intl-react';
import { useTexts } from '../../lib/screen-messages';
import { Button } from '../../ui/button';
import { EmailField, SelectField, TextArea, TextField } from '../../ui/field';

export interface ChosenStone {
  code: string;
  title: string;
}

type Position = { latitude: number; longitude: number };

// shared/schemas/precision's list, written again: importing it here would split it out of the stone page's chunk.
const PRECISIONS: readonly Precision[] = ['exact', 'km', 'town'];

/**
 * One find form for several stones found at one place (decision record 043): the place (typed, searched or the
 * device's position), a comment, an address to follow them and how precisely the place is shown; sent as one
 * request, then each stone's result: logged, waiting for its owner's check, or refused and why.
 */
export default function ManyFindsForm({ stones, onDone }: { stones: ChosenStone[]; onDone: () => void }) {
  // The find form's own words (the stone page's namespace), in the page's language.
  useTexts('stone');
  const intl = useIntl();
  const t = intl.formatMessage;
  const [location, setLocation] = useState('');
  const [position, setPosition] = useState<Position | null>(null);
  const [countryCode, setCountryCode] = useState<string | null>(null);
  const [places, setPlaces] = useState<Partial<Record<Precision, string | null>>>({});
  const [query, setQuery] = useState('');
  const [comment, setComment] = useState('');
  const [email, setEmail] = useState('');
  const [precision, setPrecision] = useState<Precision>('exact');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [results, setResults] = useState<ManyFindsResult[] | null>(null);

  const search = async () => {
    if (!query.trim()) return setProblem(t({ id: 'stone.find.addressRequired' }));
    setBusy(true);
    try {
      const place = await api(placeSearchAddress(query.trim()));
      setPosition({ latitude: place.latitude, longitude: place.longitude });
      setPlaces({ exact: place.label, ...place.places });
      setCountryCode(place.countryCode);
      setLocation(place.label);
      setProblem(null);
    } catch {
      // Not found: the words are the place, without a position.
      setPosition(null);
      setCountryCode(null);
      setLocation(query.trim());
      setProblem(t({ id: 'stone.find.addressNotFound' }));
    } finally {
      setBusy(false);
    }
  };
  const locate = () => {
    setBusy(true);
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        const here = { latitude: Number(coords.latitude.toFixed(5)), longitude: Number(coords.longitude.toFixed(5)) };
        setPosition(here);
        setPlaces({});
        setCountryCode(null);
        setLocation((current) => current || `${here.latitude}, ${here.longitude}`);
        setProblem(null);
        setBusy(false);
      },
      () => {
        setProblem(t({ id: 'find-dialog.many.noPosition' }));
        setBusy(false);
      },
      { enableHighAccuracy: true, timeout: 15_000 },
    );
  };
  const choosePrecision = (next: Precision) => {
    setPrecision(next);
    // The geocoder's name at that precision, where it gave one (the Worker keeps no more of it either way).
    const name = places[next];
    if (name) setLocation(name);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!location.trim()) return setProblem(t({ id: 'find-dialog.many.locationRequired' }));
    setBusy(true);
    setProblem(null);
    try {
      const answer = await api(manyFindsAddress(), {
        method: 'POST',
        json: {
          codes: stones.map((stone) => stone.code),
          location: location.trim(),
          latitude: position?.latitude ?? null,
          longitude: position?.longitude ?? null,
          comment,
          finderEmail: email.trim() || null,
          precision,
          keep: false,
          countryCode,
        },
      });
      setResults(answer.results);
    } catch (error) {
      setProblem(apiErrorMessage(error) ?? t({ id: 'stone.find.error' }));
    } finally {
      setBusy(false);
    }
  };

  if (results) {
    const titleOf = new Map(stones.map((stone) => [stone.code, stone.title]));
    return (
      <div className="space-y-4">
        <ul className="space-y-2" data-testid="many-finds-results">
          {results.map((result) => (
            <li key={result.code} data-status={result.status} className="rounded-lg border border-stone-200 p-3">
              <p className="font-medium">{titleOf.get(result.code) ?? result.code}</p>
              <p className={result.status < 300 && result.status !== 202 ? 'text-green-800' : 'text-stone-700'}>
                {result.status === 200 || result.status === 201 ? t({ id: 'find-dialog.many.stored' }) : result.error?.message}
              </p>
              {result.find ? (
                <a className="text-sm text-amber-800 underline" href={pathTo('stone', { code: result.code })}>
                  <FormattedMessage id="find-dialog.many.open" />
                </a>
              ) : null}
            </li>
          ))}
        </ul>
        <div className="flex justify-end">
          <Button onClick={onDone}>
            <FormattedMessage id="find-dialog.many.done" />
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="many-finds-form">
      <p className="text-sm text-stone-700">
        <FormattedMessage id="find-dialog.many.chosen" values={{ titles: stones.map((stone) => stone.title).join(', ') }} />
      </p>
      <div className="flex items-end gap-2">
        <div className="flex-1">
          <TextField
            label={t({ id: 'stone.find.address' })}
            name="address"
            type="search"
            value={query}
            placeholder={t({ id: 'stone.find.addressPlaceholder' })}
            maxLength={200}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              void search();
            }}
          />
        </div>
        <Button variant="secondary" onClick={search} disabled={busy}>
          <FormattedMessage id="stone.find.addressSearch" />
        </Button>
      </div>
      <Button variant="secondary" onClick={locate} disabled={busy}>
        <FormattedMessage id="stone.find.useGps" />
      </Button>
      <TextField
        label={t({ id: 'stone.find.location' })}
        name="location"
        value={location}
        required
        maxLength={MAX_LOCATION_LENGTH}
        hint={position ? t({ id: 'find-dialog.many.position' }, { position: `${position.latitude}, ${position.longitude}` }) : undefined}
        onChange={(event) => setLocation(event.target.value)}
      />
      <SelectField
        id="many-precision"
        label={t({ id: 'stone.find.precision' })}
        hint={t({ id: 'stone.find.precisionHint' })}
        value={precision}
        onChange={(event) => choosePrecision(event.target.value as Precision)}
      >
        {PRECISIONS.map((option) => (
          <option key={option} value={option}>
            {t({ id: `stone.find.precision.${option}` })}
          </option>
        ))}
      </SelectField>
      <TextArea
        label={t({ id: 'stone.find.comment' })}
        name="comment"
        value={comment}
        maxLength={MAX_COMMENT_LENGTH}
        rows={3}
        onChange={(event) => setComment(event.target.value)}
      />
      <EmailField label={t({ id: 'stone.find.email' })} hint={t({ id: 'find-dialog.many.emailHint' })} value={email} onValue={setEmail} />
      {problem ? (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={busy}>
          <FormattedMessage id={busy ? 'stone.find.submitting' : 'find-dialog.many.send'} values={{ count: stones.length }} />
        </Button>
      </div>
    </form>
  );
}
