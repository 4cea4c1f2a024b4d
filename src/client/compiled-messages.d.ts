declare module 'virtual:compiled-messages' {
  import type { MessageFormatElement } from 'react-intl';

  const messages: Record<import('../shared/i18n/locale').Locale, Record<string, MessageFormatElement[]>>;
  export default messages;
}
