import { formatDistance } from '../../shared/geo';
import { intlTag, type Locale } from '../../shared/i18n/locale';
import { type TextId, type TextValues, text } from '../lib/i18n';
import type { Block } from './blocks';
import type { LetterReader } from './letter-render';
import { type RenderedMail, renderBlocks } from './render';

/** A stone or collection as a letter of the year tells it: its year since the last such day, and where it stands. */
export interface YearSubject {
  kind: 'stone' | 'collection';
  id: string;
  /** The stone's code (null: a collection). */
  code: string | null;
  title: string;
  /** The reader is its owner (a follower reads the same year, without the owner's words). */
  owner: boolean;
  /** Told on the creation's anniversary (an owner without a memorial day), `years` after it. */
  anniversary: boolean;
  years: number;
  card: string | null;
  totalKm: number;
  totalFinds: number;
  /** The year told begins here (epoch ms): the day a year before, or the creation. */
  since: number;
  finds: number;
  km: number;
  /** ISO 3166-1 codes of the countries its finds were in, in the order first reached. */
  countries: string[];
  /** The places of its finds as published, in time order, each once. */
  places: string[];
  /** Whose "on or off" link the letter carries for it (null: the collection's owner, who chooses on the owner page). */
  reader: LetterReader | null;
}

/** The places a letter names per subject; the others are counted. */
const PLACES_LISTED = 8;

const longDate = (ms: number, locale: Locale) =>
  new Intl.DateTimeFormat(intlTag[locale], { dateStyle: 'long', timeZone: 'Europe/Berlin' }).format(new Date(ms));

const list = (items: string[], locale: Locale) => new Intl.ListFormat(intlTag[locale], { type: 'conjunction' }).format(items);

function countryNames(codes: string[], locale: Locale): string[] {
  const names = new Intl.DisplayNames([intlTag[locale]], { type: 'region', fallback: 'code' });
  return codes.map((code) => names.of(code) ?? code);
}

/**
 * A letter of the year: for each stone or collection a line for the day, its card, the year in kilometres and
 * finds, the countries and places, where it stands in all and a link to it; per reader where to turn it off; the
 * footer's one click ends every letter of the year it told. Quiet: no advertising, nothing else.
 */
export function renderMemorial(
  letter: { subjects: YearSubject[]; readers: LetterReader[]; stopPage: string; stopPost: string },
  site: string,
  locale: Locale,
  productName: string,
): RenderedMail {
  const t = (id: TextId, values?: TextValues) => text(locale, id, values);
  const km = (value: number) => formatDistance(value, intlTag[locale]);
  const body: Block[] = [];
  for (const subject of letter.subjects) {
    const url = subject.code ? `${site}/${subject.code}` : `${site}/sammlung/${subject.id}`;
    body.push({
      kind: 'p',
      text: subject.anniversary
        ? t('server.mail.memorial.lead.anniversary', { title: subject.title, years: subject.years })
        : t('server.mail.memorial.lead.day', { title: subject.title }),
    });
    if (subject.card)
      body.push({ kind: 'image', url: `${site}${subject.card}`, alt: t('server.mail.letter.card', { title: subject.title }) });
    body.push({
      kind: 'p',
      text: t('server.mail.memorial.year', {
        since: longDate(subject.since, locale),
        kind: subject.kind,
        finds: subject.finds,
        distance: km(subject.km),
      }),
    });
    if (subject.countries.length)
      body.push({
        kind: 'p',
        text: t('server.mail.memorial.countries', {
          count: subject.countries.length,
          countries: list(countryNames(subject.countries, locale), locale),
        }),
      });
    const named = subject.places.slice(0, PLACES_LISTED);
    const more = subject.places.length - named.length;
    body.push({
      kind: 'p',
      text:
        more > 0
          ? t('server.mail.memorial.placesMore', { places: named.join(' · '), more })
          : t('server.mail.memorial.places', { places: named.join(' · ') }),
    });
    body.push({ kind: 'p', text: t('server.mail.memorial.total', { distance: km(subject.totalKm), finds: subject.totalFinds }) });
    body.push({ kind: 'button', label: t(subject.code ? 'server.mail.letter.toStone' : 'server.mail.memorial.toCollection'), url });
    if (subject.owner && subject.kind === 'collection')
      body.push({ kind: 'p', text: t('server.mail.memorial.collectionOwner', { title: subject.title }) });
  }
  for (const reader of letter.readers)
    if (reader.token)
      body.push({
        kind: 'link',
        label: t('server.mail.memorial.preferences', { title: reader.title }),
        url: `${site}/abo/einstellungen?token=${reader.token}`,
      });
  return renderBlocks(
    {
      subject: t('server.mail.memorial.subject', {
        titles: list(
          letter.subjects.map((subject) => subject.title),
          locale,
        ),
      }),
      body,
      footer: [{ kind: 'link', label: t('server.mail.memorial.unsubscribeFooter'), url: letter.stopPage }],
    },
    locale,
    productName,
    letter.stopPost,
  );
}
