import { type FormEvent, useEffect, useRef, useState } from 'react';
import { formatEuros, priceCents } from '../../../shared/pricing';
import { useConfig } from '../../lib/config';
import { FormattedMessage, useIntl } from '../../lib/intl-react';
import { preloadRecaptcha } from '../../lib/recaptcha';
import { useRouter } from '../../lib/router';
import { useTexts } from '../../lib/screen-messages';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { useToast } from '../../ui/toast';
import { CollectionBasics, CollectionStonesStep, KindChoice } from './collection-steps';
import { BasicsStep, FeaturesStep } from './creator-steps';
import { checkCollectionBasics, checkCollectionStones, createFreeCollection } from './free-collection';
import { createFreeStone } from './free-stone';
import { handOffToCheckout } from './paid-hand-off';
import { checkBasics, checkFeatures, type Draft, EMPTY_DRAFT, type Errors, isValid, type Step, type Translate } from './wizard';

/** The create-a-stone dialog: basic information, premium features, payment. */
export default function CreatorDialog({ onClose }: { onClose: () => void }) {
  useTexts('creation');
  // The rules of a stone's and a collection's fields, which the collection's owner page shares.
  useTexts('stone-fields');
  return <Creator onClose={onClose} />;
}

/** The wizard: one step at a time, each checked before the next; the last creates a free stone or goes to pay. */
function Creator({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const toast = useToast();
  const config = useConfig();
  const { navigate } = useRouter();
  const [step, setStep] = useState<Step>(1);
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [preparing, setPreparing] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const heading = useRef<HTMLHeadingElement>(null);
  // The wizard's texts and its schemas' messages (core and stone-fields ids; the catalogs test keeps each one there).
  const t: Translate = (id, values) => intl.formatMessage({ id }, values);
  const collection = draft.kind === 'collection';
  // A collection's stones are free; each one's premium features can be bought later from its owner page.
  const price = collection ? 0 : priceCents(draft.features);
  const paid = price > 0;
  const rulesOf = collection ? ([checkCollectionBasics, checkCollectionStones] as const) : ([checkBasics, checkFeatures] as const);

  useEffect(() => preloadRecaptcha(config.recaptchaSiteKey), [config.recaptchaSiteKey]);
  // A new step is announced and takes focus, so keyboard and screen-reader users follow it.
  useEffect(() => {
    if (step > 1) heading.current?.focus();
  }, [step]);

  const check = (rules: typeof checkBasics) => {
    const next = rules(draft, t);
    setErrors(next);
    return isValid(next);
  };

  const createFree = async () => {
    const outcome = await createFreeStone(draft, config.recaptchaSiteKey);
    if ('code' in outcome) {
      toast({ title: t('creation.create.success') });
      onClose();
      navigate(`/success?code=${encodeURIComponent(outcome.code)}&paid=false`);
      return;
    }
    toast({
      title: t(outcome.failed === 'recaptcha' ? 'creation.recaptcha.error' : 'creation.create.error'),
      description: outcome.failed === 'create' ? outcome.description : undefined,
      variant: 'error',
    });
  };

  const createCollection = async () => {
    const outcome = await createFreeCollection(draft, config.recaptchaSiteKey);
    if ('ownerPath' in outcome) {
      toast({ title: t('creation.creator.collection.created') });
      onClose();
      navigate(outcome.ownerPath);
      return;
    }
    toast({
      title: t(outcome.failed === 'recaptcha' ? 'creation.recaptcha.error' : 'creation.creator.collection.error'),
      description: outcome.failed === 'create' ? outcome.description : undefined,
      variant: 'error',
    });
  };

  const goToCheckout = () => {
    const handOff = handOffToCheckout(draft, t);
    if ('address' in handOff) {
      onClose();
      navigate(handOff.address);
      return;
    }
    setErrors(handOff.errors);
    if (handOff.step) setStep(handOff.step);
    else toast({ title: t('creation.create.error'), variant: 'error' });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const [first, second] = rulesOf;
    if (step === 1) {
      if (check(first)) setStep(2);
      return;
    }
    if (step === 2) {
      if (check(second)) setStep(3);
      return;
    }
    if (!check(first) || !check(second)) return;
    setSubmitting(true);
    try {
      if (collection) await createCollection();
      else if (paid) goToCheckout();
      else await createFree();
    } finally {
      setSubmitting(false);
    }
  };

  const stepProps = { draft, setDraft, errors, t };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('creation.creator.title')}
      description={t('creation.creator.step', { step })}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <h3 ref={heading} tabIndex={-1} className="font-semibold text-stone-900 focus:outline-none">
          {t(collection ? `creation.creator.collection.step${step}` : `creation.creator.step${step}`)}
        </h3>
        {step === 1 ? <KindChoice draft={draft} setDraft={setDraft} t={t} /> : null}
        {step === 1 ? collection ? <CollectionBasics {...stepProps} /> : <BasicsStep {...stepProps} /> : null}
        {step === 2 && collection ? <CollectionStonesStep {...stepProps} /> : null}
        {step === 2 && !collection ? <FeaturesStep {...stepProps} setErrors={setErrors} onPreparing={setPreparing} /> : null}
        {step === 3 ? (
          <p className="text-sm text-stone-600">
            <FormattedMessage
              id={collection ? 'creation.creator.collection.note' : paid ? 'creation.creator.payNote' : 'creation.creator.freeNote'}
            />
          </p>
        ) : null}
        <p className="font-semibold" data-testid="creator-price">
          {paid ? (
            <FormattedMessage id="creation.creator.total" values={{ price: formatEuros(price, intl.locale) }} />
          ) : (
            <FormattedMessage id="creation.creator.free" />
          )}
        </p>
        <div className="flex justify-between gap-3 pt-2">
          {step > 1 ? (
            <Button type="button" variant="secondary" onClick={() => setStep((s) => (s - 1) as Step)} disabled={submitting}>
              <FormattedMessage id="creation.creator.back" />
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit" disabled={submitting || preparing || !draft.creatorEmail.trim() || !draft.title.trim()}>
            <FormattedMessage
              id={
                submitting
                  ? 'creation.creator.processing'
                  : step < 3
                    ? 'creation.creator.next'
                    : collection
                      ? 'creation.creator.collection.create'
                      : paid
                        ? 'creation.creator.payAndCreate'
                        : 'creation.creator.create'
              }
            />
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
