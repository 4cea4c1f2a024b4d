import { unsubscribeAddress } from '../../shared/api-routes';
import { TokenAction } from '../features/mail-links/token-action';

/** /abo/abmelden?token=…: the unsubscribe link in the text of every find mail (the header link needs no page). */
export default function UnsubscribePage() {
  return (
    <TokenAction
      endpoint={unsubscribeAddress()}
      ids={{
        title: 'abo.unsubscribe.title',
        text: 'abo.unsubscribe.text',
        button: 'abo.unsubscribe.button',
        pending: 'abo.unsubscribe.pending',
        done: 'abo.unsubscribe.done',
      }}
    />
  );
}
