import { type FormEvent, lazy, Suspense, useState } from 'react';
import { stoneFindsAddress } from '../../../shared/api-routes-find-form';
import { queries } from '../../../shared/queries';
import type { FindInput } from '../../../shared/schemas/find';
import { MAX_COMMENT_LENGTH } from '../../../shared/schemas/limits';
import type { Precision } from '../../../shared/schemas/precision';
import { ApiRequestError, api, apiErrorMessage } from '../../lib/api';
import { currentPosition, FIND_FORM_GEOLOCATION, formatCoordinates, type PositionFailure } from '../../lib/geolocation';
import { useHydrated } from '../../lib/hydrated';
import { FormattedMessage, useIntl } from '../../lib/intl-react';
import { lazyPart } from '../../lib/lazy-page';
import { useMutation, useQueryClient } from '../../lib/query';
import { withTexts } from '../../lib/screen-messages';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { EmailField, TextArea, TextField } from '../../ui/field';
import { useToast } from '../../ui/toast';
import { useKeptFinds } from '../offline/use-kept-finds';
import { isMapUnavailable, useMapStatus } from '../stone-map/map-status';
import { AddressSearch, type PickedLocation } from './address-search';
import { KeepField, PrecisionField } from './fields';

// What the form says about kept finds comes with its texts once there are any (kept-finds-status.tsx).
const loadKeptStatus = withTexts('find-kept', () => import('./kept-finds-status'));
const KeptFindsStatus = lazy(loadKeptStatus);

/** The form's check (valibot and the find schema) with its refusals' texts: not in the stone page's first JavaScript. */
const loadCheck = withTexts('find-place', () => import('./check'));
const prefetchCheck = () => void loadCheck().catch(() => {});
/** The optional photo: rendered in place by the Worker, its code loaded after the page's first JavaScript. */
const loadPhoto = withTexts('find-photo', () => import('./find-photo'));
const FindPhoto = lazyPart(loadPhoto);
/** The place's name and what is published of it (published-place.tsx), once a place is picked. */
const PublishedPlace = lazy(withTexts('find-place', () => import('./published-place')));

interface FindFormProps {
  code: string;
  picked: PickedLocation | null;
  onPick: (location: PickedLocation | null) => void;
}

type Errors = Partial<Record<'location' | 'comment' | 'finderEmail', string>>;

/** Logs a find: location from GPS or the map, optional comment and e-mail. */
export function FindForm({ code, picked, onPick }: FindFormProps) {
  const intl = useIntl();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [comment, setComment] = useState('');
  const [finderEmail, setFinderEmail] = useState('');
  const [precision, setPrecision] = useState<Precision>('exact');
  const [keep, setKeep] = useState(false);
  const [photo, setPhoto] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [locating, setLocating] = useState(false);
  const hydrated = useHydrated();
  const mapUnavailable = isMapUnavailable(useMapStatus());

  // A location picked by any means (GPS, the map, the map's own button) answers "location required".
  const [answeredPick, setAnsweredPick] = useState(picked);
  if (picked !== answeredPick) {
    setAnsweredPick(picked);
    if (picked && errors.location) setErrors((e) => ({ ...e, location: undefined }));
  }

  const refreshStone = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queries.stone(code).key }),
      queryClient.invalidateQueries({ queryKey: queries.statistics().key }),
    ]);
  // Finds kept on this device while there was no connection, sent when it returns (features/offline).
  const kept = useKeptFinds(code, (sent, rejected) => {
    void loadKeptStatus().then(({ announceDelivered }) => announceDelivered(toast, intl, sent, rejected));
    void refreshStone();
  });

  const mutation = useMutation({
    // Runs without a connection too (lib/query.ts does not hold writes back): the find is then kept on the device.
    mutationFn: async ({ body, key, photo }: { body: FindInput; key: string; photo: File | null }) => {
      try {
        // With a photo, a form with the same fields (its part has loaded: the photo was chosen there).
        const sent = photo ? { body: (await loadPhoto()).findFormData(body, photo) } : { json: body };
        const answer = await api(stoneFindsAddress(code), {
          method: 'POST',
          ...sent,
          headers: { 'Idempotency-Key': key },
        });
        // Logged without its photo (the stone's owner has too many waiting): the photo's part, loaded already, says
        // so in place of the usual words (one toast at a time).
        return answer.photoRefused ? (await loadPhoto()).announcePhotoRefused(toast, intl) : ('sent' as const);
      } catch (error) {
        // An answer from the server (invalid input, rate limit) is shown as an error; no answer at all (no
        // connection, or it broke off) keeps the find and its photo on the device, to go out later under the same key.
        if (error instanceof ApiRequestError) throw error;
        await kept.keep(body, key, photo ?? undefined).catch(() => {
          throw error;
        });
        return 'kept' as const;
      }
    },
    onSuccess: async (outcome) => {
      setComment('');
      setFinderEmail('');
      setPrecision('exact');
      setKeep(false);
      setPhoto(null);
      setErrors({});
      onPick(null);
      if (outcome === 'kept') return;
      if (outcome === 'sent') toast({ title: intl.formatMessage({ id: 'stone.find.success' }) });
      await refreshStone();
    },
    onError: (error) => {
      toast({
        title: intl.formatMessage({ id: 'stone.find.error' }),
        description: apiErrorMessage(error) ?? error.message,
        variant: 'error',
      });
    },
  });

  const locateWithGps = async () => {
    setLocating(true);
    try {
      const position = await currentPosition(FIND_FORM_GEOLOCATION, intl);
      onPick({ ...position, label: formatCoordinates(position) });
    } catch (error) {
      toast({ title: (error as PositionFailure).title, description: (error as Error).message, variant: 'error' });
    } finally {
      setLocating(false);
    }
  };

  // What is published of the place: for km and town its name at that level (the check leaves out any street,
  // number or postcode in any case, and rounds bare coordinates).
  const place = (precision !== 'exact' && picked?.places?.[precision]) || picked?.label || '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    let checkFind: typeof import('./check').checkFind;
    try {
      ({ checkFind } = await loadCheck());
    } catch (error) {
      // The check's code did not arrive (no connection before the form was first used, and no service worker).
      toast({ title: intl.formatMessage({ id: 'stone.find.error' }), description: (error as Error).message, variant: 'error' });
      return;
    }
    const result = checkFind({
      location: place,
      latitude: picked?.latitude ?? null,
      longitude: picked?.longitude ?? null,
      comment,
      finderEmail,
      precision,
      keep,
      countryCode: picked?.countryCode ?? null,
    });
    if (result.refusals) {
      const next: Errors = {};
      for (const { field, message } of result.refusals) next[field as keyof Errors] ??= intl.formatMessage({ id: message });
      setErrors(next);
      return;
    }
    // The key is made once per press of the button: a resend of this find (after a lost answer, or from the
    // device's store) is recognised by the server and never adds a second find.
    mutation.mutate({ body: result.output, key: crypto.randomUUID(), photo });
  };

  return (
    <Card id="find-form" aria-labelledby="find-form-title" className="scroll-mt-4">
      <h2 id="find-form-title" className="text-xl font-semibold">
        <FormattedMessage id="stone.find.title" />
      </h2>
      {/* The check's code starts loading when the finder first reaches into the form. */}
      <form onSubmit={submit} onFocus={prefetchCheck} onPointerDown={prefetchCheck} noValidate className="mt-4 space-y-4">
        <div className="space-y-2">
          <TextField
            label={intl.formatMessage({ id: 'stone.find.location' })}
            name="location"
            value={place}
            readOnly
            required
            placeholder={intl.formatMessage({ id: mapUnavailable ? 'stone.map.noMapPlaceholder' : 'stone.find.locationPlaceholder' })}
            error={errors.location}
            hint={mapUnavailable ? undefined : intl.formatMessage({ id: 'stone.find.mapHint' })}
          />
          {picked ? (
            <Suspense fallback={null}>
              <PublishedPlace picked={picked} precision={precision} onPick={onPick} />
            </Suspense>
          ) : null}
          <Button variant="secondary" onClick={locateWithGps} disabled={locating || !hydrated}>
            <FormattedMessage id={locating ? 'stone.find.locating' : 'stone.find.useGps'} />
          </Button>
        </div>
        <AddressSearch onPick={onPick} hydrated={hydrated} />
        <PrecisionField value={precision} onChange={setPrecision} />
        <TextArea
          label={intl.formatMessage({ id: 'stone.find.comment' })}
          name="comment"
          rows={3}
          maxLength={MAX_COMMENT_LENGTH}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          error={errors.comment}
        />
        <Suspense fallback={null}>
          <FindPhoto photo={photo} onPhoto={setPhoto} />
        </Suspense>
        <EmailField
          label={intl.formatMessage({ id: 'stone.find.email' })}
          name="finderEmail"
          value={finderEmail}
          onValue={setFinderEmail}
          error={errors.finderEmail}
          hint={intl.formatMessage({ id: 'stone.find.emailHint' })}
        />
        <KeepField checked={keep} onChange={setKeep} />
        <Button type="submit" disabled={mutation.isPending || !hydrated} className="w-full sm:w-auto">
          <FormattedMessage id={mutation.isPending ? 'stone.find.submitting' : 'stone.find.submit'} />
        </Button>
        <div role="status" aria-live="polite">
          {kept.waiting > 0 || kept.sent > 0 ? (
            <Suspense fallback={null}>
              <KeptFindsStatus waiting={kept.waiting} sent={kept.sent} />
            </Suspense>
          ) : null}
        </div>
      </form>
    </Card>
  );
}
