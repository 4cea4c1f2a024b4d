import type { PageProps } from '../../shared/routes';
import { NotificationPreferences } from '../features/mail-links/preferences';
import { TokenAction } from '../features/mail-links/token-action';

/**
 * What a mail's link opens, one module for the three: /abo/bestaetigen?token=… (a subscription's double opt-in),
 * /abo/abmelden?token=… (the stop link in the text of every find mail; the header's needs no page) and
 * /abo/einstellungen?token=… (how often its reader hears, chosen without an account).
 */
export default function MailLinkPage({ screen }: PageProps) {
  if (screen === 'notificationPreferences') return <NotificationPreferences />;
  return <TokenAction kind={screen === 'confirmSubscription' ? 'confirm' : 'unsubscribe'} />;
}
