import { NotificationPreferences } from '../features/mail-links/preferences';

/** /abo/einstellungen?token=…: how often the reader of a find mail or a letter hears, chosen without an account. */
export default function NotificationPreferencesPage() {
  return <NotificationPreferences />;
}
