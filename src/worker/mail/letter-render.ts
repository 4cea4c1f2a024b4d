import { formatDistance } from '../../shared/geo';
import { intlTag, type Locale } from '../../shared/i18n/locale';
import type { LetterKind } from '../../shared/schemas/notify';
import { type TextId, type TextValues, text } from '../lib/i18n';
import type { Block } from './blocks';
import { goalName } from './goal';
import type { FindFacts } from './jobs';
import { type RenderedMail, renderBlocks } from './render';
import type { MailTokenPurpose } from './tokens';

/** One stone of a letter: its finds since the last letter, oldest first, and its share card. */
export interface LetterStone {
  code: string;
  title: string;
  collection: string | null;
  owner: boolean;
  finds: FindFacts[];
  card: string | null;
}

/** Whom a letter's "how often" link is for: a stone's owner or follower, a collection's follower. */
export interface LetterReader {
  title: string;
  purpose: MailTokenPurpose;
  targetId: string;
  token?: string;
}

/** The finds a letter lists per stone, the newest. */
const FINDS_LISTED = 3;

/** "22.11.2026, 14:05": the reader's locale, German time (as the find mails say it). */
const when = (iso: string, locale: Locale) =>
  new Intl.DateTimeFormat(intlTag[locale], { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Berlin' }).format(new Date(iso));

/**
 * A letter: each stone with its card, its new finds (place, time, comment) and where it stands now, a link to it;
 * then, per reader it speaks for, where to choose how often; the footer's one click ends every reading it told.
 * What only an owner may read (a find's flag, a photo that waits) is said in the owner's part only.
 */
export function renderLetter(
  letter: { kind: LetterKind; stones: LetterStone[]; readers: LetterReader[]; stopPage: string; stopPost: string },
  site: string,
  locale: Locale,
  productName: string,
): RenderedMail {
  const t = (id: TextId, values?: TextValues) => text(locale, id, values);
  const body: Block[] = [{ kind: 'p', text: t('server.mail.letter.intro') }];
  for (const stone of letter.stones) {
    const url = `${site}/${stone.code}`;
    if (stone.card) body.push({ kind: 'image', url: `${site}${stone.card}`, alt: t('server.mail.letter.card', { title: stone.title }) });
    const newest = stone.finds.at(-1);
    body.push({
      kind: 'p',
      text: t('server.mail.letter.stone', {
        title: stone.title,
        count: stone.finds.length,
        distance: formatDistance(newest?.totalDistanceKm ?? 0, intlTag[locale]),
      }),
    });
    if (stone.collection) body.push({ kind: 'p', text: t('server.mail.letter.ofCollection', { collection: stone.collection }) });
    // The stone's line counts every find; the letter lists the newest few (the stone page has them all), so a week
    // of a busy collection stays a mail that mail programs show whole.
    for (const find of stone.finds.slice(-FINDS_LISTED)) {
      body.push({ kind: 'p', text: t('server.mail.letter.find', { date: when(find.createdAt, locale), location: find.location }) });
      if (find.goal) body.push({ kind: 'p', text: t('server.mail.letter.goal', { goal: goalName(find.goal, locale) }) });
      if (find.comment) body.push({ kind: 'p', text: t('server.mail.letter.comment', { comment: find.comment }) });
      if (stone.owner && find.flag) body.push({ kind: 'p', text: t('server.mail.letter.flagged') });
      if (stone.owner && find.photo) body.push({ kind: 'p', text: t('server.mail.letter.photo') });
    }
    body.push({ kind: 'button', label: t('server.mail.letter.toStone'), url });
  }
  for (const reader of letter.readers)
    if (reader.token)
      body.push({
        kind: 'link',
        label: t('server.mail.letter.preferences', { title: reader.title }),
        url: `${site}/abo/einstellungen?token=${reader.token}`,
      });
  const count = letter.stones.reduce((sum, stone) => sum + stone.finds.length, 0);
  return renderBlocks(
    {
      subject: t(`server.mail.letter.subject.${letter.kind}`, { count }),
      body,
      footer: [{ kind: 'link', label: t('server.mail.letter.unsubscribeFooter'), url: letter.stopPage }],
    },
    locale,
    productName,
    letter.stopPost,
  );
}
