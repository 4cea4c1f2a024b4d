import { type PageProps, pathTo } from '../../shared/routes';
import { useCollection } from '../features/collection/api';
import { LabelSheet } from '../features/label/label-sheet';
import { StoneLabel } from '../features/label/stone-label';
import { useConfig } from '../lib/config';
import { FormattedMessage } from '../lib/intl-react';
import { Link } from '../lib/router';

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
    <LabelSheet
      heading={<FormattedMessage id="collection.labels.title" values={{ title: collection.title }} />}
      backLink={
        <Link href={pathTo('collection', { id: collection.id })} className="text-amber-800 underline underline-offset-2">
          <FormattedMessage id="collection.labels.back" />
        </Link>
      }
    >
      <section
        aria-label={collection.title}
        className="mt-8 grid grid-cols-[repeat(auto-fill,4.6cm)] justify-center gap-2 print:mt-0"
        data-testid="collection-label-sheet"
      >
        {collection.stones.map((stone) => (
          <StoneLabel key={stone.code} code={stone.code} cm={LABEL_CM} title={stone.title} site={site} testId="collection-label" />
        ))}
      </section>
    </LabelSheet>
  );
}
