import de from './de.json';
import en from './en.json';
import type { Locale } from './locale';

export type MessageId = keyof typeof en;
export const messages: Record<Locale, Record<MessageId, string>> = { de, en };

/** The English text of a message id, for API error messages. */
export function englishMessage(id: string): string {
  return (en as Record<string, string>)[id] ?? id;
}
