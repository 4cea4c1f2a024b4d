import messages from 'virtual:messages/creation';
import { type ChangeEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import * as v from 'valibot';
import { formatEuros, priceCents, toEuros } from '../../../shared/pricing';
import { email as emailSchema } from '../../../shared/schemas/common';
import { MAX_PHOTOS, MAX_STORY_LENGTH, MAX_TITLE_LENGTH } from '../../../shared/schemas/limits';
import { stoneDataSchema } from '../../../shared/schemas/payment';
import { stoneTitle } from '../../../shared/schemas/stone';
import { ApiRequestError, api, apiErrorMessage } from '../../lib/api';
import { useConfig } from '../../lib/config';
import { preloadRecaptcha, recaptchaToken } from '../../lib/recaptcha';
import { useRouter } from '../../lib/router';
import { WithMessages } from '../../lib/with-messages';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { TextArea, TextField } from '../../ui/field';
import { useToast } from '../../ui/toast';
import { type PhotoProblem, preparePhotos } from '../photos/prepare-photos';
import { keepPendingStone, rememberOwnerToken } from './pending-stone';

type Step = 1 | 2 | 3;
type Errors = Partial<Record<'creatorEmail' | 'title' | 'story' | 'photos', string>>;

/** The fields of a paid stone's order, each shown on the step that asks for it. */
const ORDER_FIELDS = { creatorEmail: 1, title: 1, story: 2 } as const satisfies Partial<Record<keyof Errors, Step>>;
const isOrderField = (key: unknown): key is keyof typeof ORDER_FIELDS => typeof key === 'string' && key in ORDER_FIELDS;

/** The create-a-stone dialog (spec §2): basic information, premium features, payment. */
export default function CreatorDialog({ onClose }: { onClose: () => void }) {
  return (
    <WithMessages messages={messages}>
      <Creator onClose={onClose} />
    </WithMessages>
  );
}

function Counter({ count, max }: { count: number; max: number }) {
  return (
    <p className={`text-right text-xs ${count > max ? 'text-red-700' : 'text-stone-500'}`} aria-live="polite">
      <FormattedMessage id="creator.counter" values={{ count, max }} />
    </p>
  );
}

function Creator({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const toast = useToast();
  const config = useConfig();
  const { navigate } = useRouter();
  const [step, setStep] = useState<Step>(1);
  const [creatorEmail, setCreatorEmail] = useState('');
  const [title, setTitle] = useState('');
  const [features, setFeatures] = useState({ photos: false, story: false });
  const [story, setStory] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [preparing, setPreparing] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const heading = useRef<HTMLHeadingElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const photoPickerId = useId();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const price = priceCents(features);
  const paid = price > 0;

  useEffect(() => preloadRecaptcha(config.recaptchaSiteKey), [config.recaptchaSiteKey]);
  // A new step is announced and takes focus, so keyboard and screen-reader users follow it.
  useEffect(() => {
    if (step > 1) heading.current?.focus();
  }, [step]);

  const problemText = (problem: PhotoProblem) =>
    problem.kind === 'too-many'
      ? { title: t('photos.maximum') }
      : {
          title: t(problem.kind === 'type' ? 'photos.invalidType' : 'photos.tooLarge'),
          description: t(problem.kind === 'type' ? 'photos.invalidTypeText' : 'photos.tooLargeText', { file: problem.file }),
        };

  const checkBasics = (): boolean => {
    const next: Errors = {};
    const mail = v.safeParse(emailSchema, creatorEmail);
    if (!mail.success) next.creatorEmail = t(mail.issues[0]?.message ?? 'email.invalid');
    // The server's own rules (src/shared/schemas/stone.ts): a title of invisible characters only is no title.
    const name = v.safeParse(stoneTitle, title);
    if (!name.success) next.title = t(name.issues[0]?.message ?? 'title.required');
    setErrors(next);
    return Object.keys(next).length === 0;
  };

  const checkFeatures = (): boolean => {
    const next: Errors = {};
    if (features.photos && photos.length === 0) next.photos = t('photos.required');
    if (features.story) {
      const text = v.safeParse(stoneDataSchema.entries.story, story);
      if (!text.success) next.story = t(text.issues[0]?.message ?? 'story.invalid');
    }
    setErrors(next);
    return Object.keys(next).length === 0;
  };

  const choosePhotos = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (chosen.length === 0) return;
    setPreparing(true);
    try {
      const { photos: ready, problems } = await preparePhotos(chosen, MAX_PHOTOS - photos.length);
      setPhotos((current) => [...current, ...ready].slice(0, MAX_PHOTOS));
      for (const problem of problems) toast({ ...problemText(problem), variant: 'error' });
      if (ready.length) setErrors((e) => ({ ...e, photos: undefined }));
    } finally {
      setPreparing(false);
    }
  };

  const createFree = async () => {
    let token: string;
    try {
      token = await recaptchaToken(config.recaptchaSiteKey, 'create_stone');
    } catch {
      toast({ title: t('recaptcha.error'), variant: 'error' });
      return;
    }
    const form = new FormData();
    form.set('creatorEmail', creatorEmail.trim());
    form.set('title', title.trim());
    form.set('story', '');
    form.set('hasPhotos', 'false');
    form.set('hasStory', 'false');
    form.set('recaptchaToken', token);
    try {
      const created = await api<{ code: string; adminToken: string }>('/api/stones', { method: 'POST', body: form });
      rememberOwnerToken(created.code, created.adminToken);
      toast({ title: t('create.success') });
      onClose();
      navigate(`/success?code=${encodeURIComponent(created.code)}&paid=false`);
    } catch (error) {
      const recaptchaFailed = error instanceof ApiRequestError && error.body.includes('RECAPTCHA_FAILED');
      toast({
        title: t(recaptchaFailed ? 'recaptcha.error' : 'create.error'),
        description: recaptchaFailed ? undefined : (apiErrorMessage(error) ?? undefined),
        variant: 'error',
      });
    }
  };

  const goToCheckout = () => {
    const order = v.safeParse(stoneDataSchema, { creatorEmail, title, story: features.story ? story : '' });
    if (!order.success) {
      // The steps check the same rules, so this is a safety net: the problem is shown in its field, on its step.
      const next: Errors = {};
      let first: Step | null = null;
      for (const issue of order.issues) {
        const field = issue.path?.[0]?.key;
        if (!isOrderField(field)) continue;
        next[field] ??= t(issue.message);
        first = Math.min(first ?? 3, ORDER_FIELDS[field]) as Step;
      }
      setErrors(next);
      if (first) setStep(first);
      else toast({ title: t('create.error'), variant: 'error' });
      return;
    }
    const stoneData = order.output;
    keepPendingStone({ stoneData, features }, features.photos ? photos : []);
    const query = new URLSearchParams({
      amount: String(toEuros(price)),
      features: JSON.stringify(features),
      stoneData: JSON.stringify(stoneData),
    });
    onClose();
    navigate(`/checkout?${query.toString()}`);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (step === 1) {
      if (checkBasics()) setStep(2);
      return;
    }
    if (step === 2) {
      if (checkFeatures()) setStep(3);
      return;
    }
    if (!checkBasics() || !checkFeatures()) return;
    setSubmitting(true);
    try {
      if (paid) goToCheckout();
      else await createFree();
    } finally {
      setSubmitting(false);
    }
  };

  const stepTitle = t(`creator.step${step}`);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t('creator.title')} description={t('creator.step', { step })}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <h3 ref={heading} tabIndex={-1} className="font-semibold text-stone-900 focus:outline-none">
          {stepTitle}
        </h3>
        {step === 1 ? (
          <>
            <TextField
              label={t('creator.email')}
              hint={t('creator.emailHint')}
              name="creatorEmail"
              type="email"
              autoComplete="email"
              required
              value={creatorEmail}
              onChange={(event) => setCreatorEmail(event.target.value)}
              error={errors.creatorEmail}
            />
            <div>
              <TextField
                label={t('creator.name')}
                name="title"
                required
                maxLength={MAX_TITLE_LENGTH}
                value={title}
                onChange={(event) => setTitle(event.target.value)}
                error={errors.title}
              />
              <Counter count={title.length} max={MAX_TITLE_LENGTH} />
            </div>
          </>
        ) : null}
        {step === 2 ? (
          <>
            <p className="text-sm text-stone-600">
              <FormattedMessage id={config.paymentsEnabled ? 'creator.freeNote' : 'creator.paidUnavailable'} />
            </p>
            <fieldset className="space-y-3" disabled={!config.paymentsEnabled}>
              <label className="flex items-center gap-2">
                <input
                  type="checkbox"
                  checked={features.photos}
                  onChange={(event) => setFeatures((f) => ({ ...f, photos: event.target.checked }))}
                />
                <FormattedMessage id="creator.photos" />
              </label>
              {features.photos ? (
                <div className="space-y-2 rounded-lg bg-stone-50 p-3">
                  <input
                    ref={fileInput}
                    id={photoPickerId}
                    type="file"
                    accept="image/*"
                    multiple
                    className="sr-only"
                    onChange={(event) => void choosePhotos(event)}
                  />
                  <Button
                    type="button"
                    variant="secondary"
                    disabled={preparing || photos.length >= MAX_PHOTOS}
                    onClick={() => fileInput.current?.click()}
                  >
                    <FormattedMessage id={preparing ? 'creator.preparing' : 'creator.choosePhotos'} />
                  </Button>
                  <p className="text-sm text-stone-600" aria-live="polite">
                    <FormattedMessage id="creator.photosChosen" values={{ count: photos.length }} />
                  </p>
                  {photos.length ? (
                    <ul className="space-y-1 text-sm">
                      {photos.map((photo, i) => (
                        <li key={`${photo.name}-${photo.size}-${photo.lastModified}`} className="flex items-center justify-between gap-2">
                          <span className="truncate">{photo.name}</span>
                          <button
                            type="button"
                            className="rounded px-2 text-red-700 hover:bg-red-50"
                            aria-label={t('creator.removePhoto', { name: photo.name })}
                            onClick={() => setPhotos((all) => all.filter((_, j) => j !== i))}
                          >
                            ✕
                          </button>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                  {errors.photos ? (
                    <p role="alert" className="text-sm text-red-700">
                      {errors.photos}
                    </p>
                  ) : null}
                </div>
              ) : null}
              <label className="flex items-center gap-2">
                <input
                  type="checkbox"
                  checked={features.story}
                  onChange={(event) => setFeatures((f) => ({ ...f, story: event.target.checked }))}
                />
                <FormattedMessage id="creator.story" />
              </label>
              {features.story ? (
                <div>
                  <TextArea
                    label={t('creator.storyLabel')}
                    name="story"
                    rows={6}
                    value={story}
                    onChange={(event) => setStory(event.target.value)}
                    error={errors.story}
                  />
                  <Counter count={story.length} max={MAX_STORY_LENGTH} />
                </div>
              ) : null}
            </fieldset>
          </>
        ) : null}
        {step === 3 ? (
          <p className="text-sm text-stone-600">
            <FormattedMessage id={paid ? 'creator.payNote' : 'creator.freeNote'} />
          </p>
        ) : null}
        <p className="font-semibold" data-testid="creator-price">
          {paid ? (
            <FormattedMessage id="creator.total" values={{ price: formatEuros(price, intl.locale) }} />
          ) : (
            <FormattedMessage id="creator.free" />
          )}
        </p>
        <div className="flex justify-between gap-3 pt-2">
          {step > 1 ? (
            <Button type="button" variant="secondary" onClick={() => setStep((s) => (s - 1) as Step)} disabled={submitting}>
              <FormattedMessage id="creator.back" />
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit" disabled={submitting || preparing || !creatorEmail.trim() || !title.trim()}>
            <FormattedMessage
              id={submitting ? 'creator.processing' : step < 3 ? 'creator.next' : paid ? 'creator.payAndCreate' : 'creator.create'}
            />
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
