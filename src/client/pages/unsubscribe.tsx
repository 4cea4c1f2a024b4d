import messages from 'virtual:messages/mail-links';
import { TokenAction } from '../features/mail-links/token-action';
import { WithMessages } from '../lib/with-messages';

/** /abo/abmelden?token=…: the unsubscribe link in the text of every find mail (the header link needs no page). */
export default function UnsubscribePage() {
  return (
    <WithMessages messages={messages}>
      <TokenAction
        endpoint="/api/notifications/unsubscribe"
        ids={{
          title: 'abo.unsubscribe.title',
          text: 'abo.unsubscribe.text',
          button: 'abo.unsubscribe.button',
          pending: 'abo.unsubscribe.pending',
          done: 'abo.unsubscribe.done',
        }}
      />
    </WithMessages>
  );
}
