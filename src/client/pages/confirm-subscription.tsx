import { confirmSubscriptionAddress } from '../../shared/api-routes';
import { TokenAction } from '../features/mail-links/token-action';

/** /abo/bestaetigen?token=…: the double opt-in link of a subscription confirmation mail. */
export default function ConfirmSubscriptionPage() {
  return (
    <TokenAction
      endpoint={confirmSubscriptionAddress()}
      ids={{
        title: 'mail-links.abo.confirm.title',
        text: 'mail-links.abo.confirm.text',
        button: 'mail-links.abo.confirm.button',
        pending: 'mail-links.abo.confirm.pending',
        done: 'mail-links.abo.confirm.done',
        doneCollection: 'mail-links.abo.confirm.doneCollection',
      }}
    />
  );
}
