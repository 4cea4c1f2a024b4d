import { useIntl } from 'react-intl';
import type { PageProps } from '../../shared/routes';
import { legalDe } from '../features/legal/legal-de';
import { legalEn } from '../features/legal/legal-en';
import type { LegalPage } from '../features/legal/legal-parts';
import { useConfig } from '../lib/config';

const PAGES: Record<string, LegalPage> = { imprint: 'imprint', privacy: 'privacy', terms: 'terms' };

/** /impressum, /datenschutz, /agb (spec §2 "Legal pages"), in German, or in English for an English reader. */
export default function LegalPageScreen({ screen }: PageProps) {
  const intl = useIntl();
  const config = useConfig();
  const texts = intl.locale.startsWith('de') ? legalDe : legalEn;
  const page = texts[PAGES[screen] ?? 'imprint'];
  return (
    <article className="mx-auto max-w-3xl space-y-6 px-4 py-12 leading-relaxed text-stone-800">
      <h1 className="text-4xl font-bold tracking-tight text-stone-900">{page.title}</h1>
      {page.body({ legal: config.legal, productName: config.productName, analyticsId: config.analyticsId })}
    </article>
  );
}
