import { TokenAction } from '../features/mail-links/token-action';

/** /abo/abmelden?token=…: the unsubscribe link in the text of every find mail (the header link needs no page). */
export default function UnsubscribePage() {
  return <TokenAction kind="unsubscribe" />;
}
