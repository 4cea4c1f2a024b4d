import { intlTag, type Locale } from '../../shared/i18n/locale';
import type { GoalReached } from '../../shared/types';
import { countryName } from '../geo/country-names';
import type { TextId, TextValues } from '../lib/i18n';
import type { Block } from './blocks';

/** A goal as a mail, a letter, a push message or a share card names it: the place's name, or the country's in `locale`. */
export function goalName(goal: GoalReached, locale: Locale): string {
  if (goal.name) return goal.name;
  return goal.country ? countryName(goal.country, intlTag[locale]) : '';
}

/** What a find mail says of the goal its find reached, right after its first line: the news, then the owner's words. */
export function goalBlocks(goal: GoalReached, t: (id: TextId, values?: TextValues) => string, locale: Locale): Block[] {
  const blocks: Block[] = [{ kind: 'p', text: t('server.mail.find.goalReached', { goal: goalName(goal, locale) }) }];
  if (goal.note) blocks.push({ kind: 'p', text: t('server.mail.find.goalNote', { note: goal.note }) });
  return blocks;
}
