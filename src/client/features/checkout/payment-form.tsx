import { PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { type FormEvent, useState } from 'react';
import { formatEuros } from '../../../shared/pricing';
import { FormattedMessage, useIntl } from '../../lib/intl-react';
import { Button } from '../../ui/button';
import { useToast } from '../../ui/toast';

/** Stripe's Payment Element and the pay button; Stripe sends the buyer back to /success. */
export function PaymentForm({ amountCents }: { amountCents: number }) {
  const intl = useIntl();
  const toast = useToast();
  const stripe = useStripe();
  const elements = useElements();
  const [paying, setPaying] = useState(false);

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setPaying(true);
    const { error } = await stripe.confirmPayment({ elements, confirmParams: { return_url: `${window.location.origin}/success` } });
    // Only reached when the payment failed at once (a success leaves the page for /success).
    setPaying(false);
    toast({ title: intl.formatMessage({ id: 'creation.checkout.failed' }), description: error.message, variant: 'error' });
  };

  return (
    <form onSubmit={pay} className="space-y-4">
      <PaymentElement />
      <Button type="submit" disabled={!stripe || !elements || paying} className="w-full">
        <FormattedMessage
          id={paying ? 'creation.checkout.paying' : 'creation.checkout.pay'}
          values={{ amount: formatEuros(amountCents, intl.locale) }}
        />
      </Button>
    </form>
  );
}
