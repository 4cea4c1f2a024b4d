import { type PageProps, pathTo } from '../../shared/routes';
import { useCollection } from '../features/collection/api';
import { PRINT_ONLY_SHEET, StoneLabel } from '../features/label/stone-label';
import { useConfig } from '../lib/config';
import { FormattedMessage } from '../lib/intl-react';
import { Link } from '../lib/router';
import { Button } from '../ui/button';

/** The labels' size on a set's sheet: 4 cm, three to a row, so a set of 50 fits on a few A4 pages. */
const LABEL_CM = 4;

/** /sammlung/{id}/etiketten: every stone's label of the collection on A4 sheets with cut lines, to print at once. */
export default function CollectionLabelsPage({ params }: PageProps) {
  const id = params.id ?? '';
  const { siteUrl } = useConfig();
  const { data: collection } = useCollection(id);
  if (!collection) return null;
  const site = siteUrl.replace(/^https?:\/\//, '').replace(/\/$/, '');
  return (
    <div className="mx-auto max-w-[21cm] bg-white px-4 py-8 print:p-0">
      <style href="label-print-sheet" precedence="print">
        {PRINT_ONLY_SHEET}
      </style>
      <div className="print:hidden" data-print-hide>
        <h1 className="text-2xl font-bold">
          <FormattedMessage id="collection.labels.title" values={{ title: collection.title }} />
        </h1>
        <p className="mt-2 text-stone-600">
          <FormattedMessage id="creation.label.text" />
        </p>
        <div className="mt-4 flex flex-wrap items-center gap-4">
          <Button onClick={() => window.print()}>
            <FormattedMessage id="creation.label.print" />
          </Button>
          <Link href={pathTo('collection', { id: collection.id })} className="text-amber-800 underline underline-offset-2">
            <FormattedMessage id="collection.labels.back" />
          </Link>
        </div>
      </div>
      <section
        aria-label={collection.title}
        className="mt-8 grid grid-cols-[repeat(auto-fill,4.6cm)] justify-center gap-2 print:mt-0"
        data-testid="collection-label-sheet"
      >
        {collection.stones.map((stone) => (
          <StoneLabel key={stone.code} code={stone.code} cm={LABEL_CM} title={stone.title} site={site} testId="collection-label" />
        ))}
      </section>
    </div>
  );
}
