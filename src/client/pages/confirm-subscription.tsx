import { confirmSubscriptionAddress } from '../../shared/api-routes';
import { TokenAction } from '../features/mail-links/token-action';

/** /abo/bestaetigen?token=…: the double opt-in link of a subscription confirmation mail. */
export default function ConfirmSubscriptionPage() {
  return (
    <TokenAction
      endpoint={confirmSubscriptionAddress()}
      ids={{
        title: 'abo.confirm.title',
        text: 'abo.confirm.text',
        button: 'abo.confirm.button',
        pending: 'abo.confirm.pending',
        done: 'abo.confirm.done',
        doneCollection: 'abo.confirm.doneCollection',
      }}
    />
  );
}
