import { Elements } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { paymentIntentAddress, promoCodeAddress } from '../../shared/api-routes';
import { localeOfIntl } from '../../shared/i18n/locale';
import { formatEuros, priceCents, toCents } from '../../shared/pricing';
import { queries } from '../../shared/queries';
import { pathTo } from '../../shared/routes';
import { type IntentAnswer, orderFrom } from '../features/checkout/order';
import { PaymentForm } from '../features/checkout/payment-form';
import { completePendingStone, keepOwnerToken } from '../features/creator/pending-stone';
import { api, apiErrorMessage } from '../lib/api';
import { useConfig } from '../lib/config';
import type { MessageId } from '../lib/intl';
import { FormattedMessage, useIntl } from '../lib/intl-react';
import { useQueryClient } from '../lib/query';
import { recaptchaToken } from '../lib/recaptcha';
import { useRouter } from '../lib/router';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { TextField } from '../ui/field';
import { Spinner } from '../ui/spinner';
import { useToast } from '../ui/toast';

/** A checkout with nothing to pay goes back to the start page after 100 ms. */
const REDIRECT_DELAY_MS = 100;

let stripePromise: Promise<Stripe | null> | null = null;

/** /checkout: the order's summary, a promotion code, and Stripe's Payment Element to pay with. */
export default function CheckoutPage() {
  const intl = useIntl();
  const toast = useToast();
  const config = useConfig();
  const { location, navigate } = useRouter();
  const queryClient = useQueryClient();
  const [order] = useState(() => orderFrom(location.search));
  const [intent, setIntent] = useState<IntentAnswer | null>(null);
  const [promo, setPromo] = useState({ code: '', id: null as string | null, discount: 0 });
  const [checking, setChecking] = useState(false);
  const [stripeFailed, setStripeFailed] = useState(false);
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const nothingToPay = !order || order.amount <= 0;
  const started = useRef(false);

  const createIntent = async (amount: number, stripePromotionCodeId: string | null) => {
    if (!order) return;
    try {
      const token = amount === 0 ? await recaptchaToken(config.recaptchaSiteKey, 'create_stone') : '';
      const answer: IntentAnswer = await api(paymentIntentAddress(), {
        method: 'POST',
        json: {
          amount,
          features: order.features,
          stripePromotionCodeId,
          ...(order.upgradeToken ? { upgradeToken: order.upgradeToken } : { stoneData: order.stoneData }),
          recaptchaToken: token,
        },
      });
      if (answer.adminToken) keepOwnerToken(answer.adminToken);
      if (answer.code && order.upgradeToken) {
        // A 100 % code on an upgrade: the feature is the stone's now.
        await queryClient.invalidateQueries({ queryKey: queries.ownerStone(order.upgradeToken).key });
        navigate(pathTo('owner', { ownerToken: order.upgradeToken }), { replace: true });
        toast({ title: t('creation.success.upgraded') });
        return;
      }
      if (answer.code) {
        // A 100 % code: the server made the stone already; its photos go up now.
        if (!(await completePendingStone(answer.code))) toast({ title: t('creation.success.uploadFailed'), variant: 'error' });
        navigate(`/success?code=${encodeURIComponent(answer.code)}&paid=true`, { replace: true });
        return;
      }
      setIntent(answer);
    } catch (error) {
      // A failed payment intent leads back to the start page.
      toast({ title: t('creation.checkout.failed'), description: apiErrorMessage(error) ?? undefined, variant: 'error' });
      navigate('/', { replace: true });
    }
  };

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (nothingToPay) {
      const timer = setTimeout(() => navigate('/', { replace: true }), REDIRECT_DELAY_MS);
      return () => clearTimeout(timer);
    }
    // A failed download resolves to null: Elements awaits this promise too, and must not meet a rejection nobody handles.
    stripePromise ??= config.stripePublishableKey ? loadStripe(config.stripePublishableKey).catch(() => null) : Promise.resolve(null);
    // Stripe.js comes from Stripe's servers: when it cannot be loaded, the page says so instead of waiting.
    void stripePromise.then((stripe) => setStripeFailed(!stripe));
    void createIntent(order?.amount ?? 0, null);
  });

  if (nothingToPay) {
    return (
      <p role="status" className="mx-auto max-w-xl px-4 py-24 text-center text-stone-600">
        <FormattedMessage id="creation.checkout.redirecting" />
      </p>
    );
  }

  const applyPromo = async (event: FormEvent) => {
    event.preventDefault();
    if (!promo.code.trim()) return;
    setChecking(true);
    try {
      const answer = await api(promoCodeAddress(), {
        method: 'POST',
        json: { promoCode: promo.code, amount: priceCents(order.features) / 100 },
      });
      if (!answer.valid || !answer.stripePromotionCodeId) {
        toast({ title: t('creation.checkout.promoInvalid'), variant: 'error' });
        return;
      }
      setPromo((p) => ({ ...p, id: answer.stripePromotionCodeId, discount: answer.discount }));
      // The discounted amount replaces the price and the intent is made again.
      setIntent(null);
      await createIntent(answer.finalAmount, answer.stripePromotionCodeId);
    } catch (error) {
      toast({ title: t('creation.checkout.promoError'), description: apiErrorMessage(error) ?? undefined, variant: 'error' });
    } finally {
      setChecking(false);
    }
  };

  const amountCents = intent ? toCents(intent.amount) : priceCents(order.features);
  return (
    <div className="mx-auto max-w-xl space-y-6 px-4 py-12">
      <h1 className="text-3xl font-bold">
        <FormattedMessage id="creation.checkout.title" />
      </h1>
      <Card>
        <h2 className="font-semibold">
          <FormattedMessage
            id={order.upgradeToken ? 'creation.checkout.upgrade' : 'creation.checkout.summary'}
            values={{ title: order.title }}
          />
        </h2>
        <ul className="mt-2 text-sm text-stone-700">
          {order.features.photos ? (
            <li>
              <FormattedMessage id="creation.checkout.feature.photos" /> – {formatEuros(500, intl.locale)}
            </li>
          ) : null}
          {order.features.story ? (
            <li>
              <FormattedMessage id="creation.checkout.feature.story" /> – {formatEuros(500, intl.locale)}
            </li>
          ) : null}
        </ul>
        {promo.id ? (
          <p className="mt-2 text-sm text-green-800">
            <FormattedMessage
              id="creation.checkout.promoApplied"
              values={{ discount: formatEuros(toCents(promo.discount), intl.locale) }}
            />
          </p>
        ) : null}
        <p className="mt-3 text-lg font-bold" data-testid="checkout-total">
          <FormattedMessage id="creation.checkout.total" />: {formatEuros(amountCents, intl.locale)}
        </p>
      </Card>
      <form onSubmit={applyPromo} className="flex items-end gap-3">
        <div className="flex-1">
          <TextField
            label={t('creation.checkout.promo')}
            name="promoCode"
            value={promo.code}
            onChange={(event) => setPromo({ code: event.target.value, id: null, discount: 0 })}
          />
        </div>
        <Button type="submit" variant="secondary" disabled={checking || !promo.code.trim()}>
          <FormattedMessage id="creation.checkout.promoApply" />
        </Button>
      </form>
      {stripeFailed ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-800">
          <FormattedMessage id="creation.checkout.stripeUnavailable" />
        </p>
      ) : intent?.clientSecret && stripePromise ? (
        <Elements
          key={intent.clientSecret}
          stripe={stripePromise}
          options={{ clientSecret: intent.clientSecret, locale: localeOfIntl(intl) }}
        >
          <PaymentForm amountCents={amountCents} />
        </Elements>
      ) : (
        <div className="flex items-center gap-3 text-stone-600">
          <Spinner />
          <FormattedMessage id="creation.checkout.loading" />
        </div>
      )}
    </div>
  );
}
