import { TokenAction } from '../features/mail-links/token-action';

/** /abo/bestaetigen?token=…: the double opt-in link of a subscription confirmation mail. */
export default function ConfirmSubscriptionPage() {
  return <TokenAction kind="confirm" />;
}
