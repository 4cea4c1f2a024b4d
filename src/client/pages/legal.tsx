import { localeOfIntl } from '../../shared/i18n/locale';
import type { PageProps } from '../../shared/routes';
import { legalDe } from '../features/legal/legal-de';
import { legalEn } from '../features/legal/legal-en';
import type { LegalPage } from '../features/legal/legal-parts';
import { useConfig } from '../lib/config';
import { FormattedMessage, useIntl } from '../lib/intl-react';

const PAGES: Record<string, LegalPage> = { imprint: 'imprint', privacy: 'privacy', terms: 'terms' };

/** The privacy notice's points, summed up in the reader's language (legal namespace). */
const SUMMARY = ['controller', 'hosting', 'finds', 'mail', 'analytics', 'rights'] as const;

/**
 * /impressum, /datenschutz, /agb: imprint, privacy, terms. The binding texts are German and English: a German reader
 * gets the German, everyone else the English. A reader of another language first reads, in their language, which
 * text binds and (on the privacy page) a short summary of the privacy notice.
 */
export default function LegalPageScreen({ screen }: PageProps) {
  const intl = useIntl();
  const config = useConfig();
  const locale = localeOfIntl(intl);
  const texts = locale === 'de' ? legalDe : legalEn;
  const page = PAGES[screen] ?? 'imprint';
  const { title, body } = texts[page];
  const translated = locale !== 'de' && locale !== 'en';
  return (
    <article className="mx-auto max-w-3xl space-y-6 px-4 py-12 leading-relaxed text-stone-800">
      {translated ? (
        <section className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4" data-testid="legal-summary">
          <p className="font-medium">
            <FormattedMessage id="legal.binding" />
          </p>
          {page === 'privacy' ? (
            <>
              <h2 className="text-xl font-semibold">
                <FormattedMessage id="legal.summary.heading" />
              </h2>
              <ul className="list-disc space-y-1 pl-5">
                {SUMMARY.map((point) => (
                  <li key={point}>
                    <FormattedMessage id={`legal.summary.${point}`} values={{ days: config.findPhotoPendingDays }} />
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </section>
      ) : null}
      <div lang={translated ? 'en' : undefined} className="space-y-6">
        <h1 className="hyphens-auto break-words text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl">{title}</h1>
        {body({
          legal: config.legal,
          productName: config.productName,
          analyticsId: config.analyticsId,
          findPhotoPendingDays: config.findPhotoPendingDays,
        })}
      </div>
    </article>
  );
}
