import { unsubscribeAddress } from '../../shared/api-routes';
import { TokenAction } from '../features/mail-links/token-action';

/** /abo/abmelden?token=…: the unsubscribe link in the text of every find mail (the header link needs no page). */
export default function UnsubscribePage() {
  return (
    <TokenAction
      endpoint={unsubscribeAddress()}
      ids={{
        title: 'mail-links.abo.unsubscribe.title',
        text: 'mail-links.abo.unsubscribe.text',
        button: 'mail-links.abo.unsubscribe.button',
        pending: 'mail-links.abo.unsubscribe.pending',
        done: 'mail-links.abo.unsubscribe.done',
      }}
    />
  );
}
