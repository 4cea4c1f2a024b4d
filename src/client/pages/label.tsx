import { type PageProps, pathTo } from '../../shared/routes';
import { useCollection } from '../features/collection/api';
import { LabelSheet } from '../features/label/label-sheet';
import { StoneLabel } from '../features/label/stone-label';
import { useStone } from '../features/stone/api';
import { useConfig } from '../lib/config';
import { FormattedMessage, useIntl } from '../lib/intl-react';
import { Link } from '../lib/router';

/**
 * The printable label sheets, one module for both (each loaded only by those who print): a stone's (`label`,
 * /etikett/{code}) and a memorial collection's (`collectionLabels`, /sammlung/{id}/etiketten).
 */
export default function LabelPage(props: PageProps) {
  return props.screen === 'collectionLabels' ? <CollectionLabels {...props} /> : <StoneLabels {...props} />;
}

/** The label sizes people laminate onto a stone, in centimetres, and how many of each fit a row of A4. */
const SIZES = [
  { cm: 3, count: 5 },
  { cm: 4, count: 4 },
  { cm: 5, count: 3 },
] as const;

/** A printable A4 sheet: the stone's QR code and code at 3, 4 and 5 cm, each inside a dashed cut line. */
function StoneLabels({ params }: PageProps) {
  const intl = useIntl();
  const code = params.code ?? '';
  const { data: stone } = useStone(code);
  if (!stone) return null;
  return (
    <LabelSheet heading={<FormattedMessage id="creation.label.title" values={{ code }} />}>
      <div className="mt-8 space-y-6 print:mt-0">
        {SIZES.map(({ cm, count }) => (
          <section key={cm} aria-label={intl.formatMessage({ id: 'creation.label.size' }, { size: cm })}>
            <p className="mb-1 text-xs text-stone-500">
              <FormattedMessage id="creation.label.size" values={{ size: cm }} />
            </p>
            <div className="flex flex-wrap gap-2">
              {Array.from({ length: count }, (_, i) => `${cm}-${i}`).map((id) => (
                <StoneLabel key={id} code={code} cm={cm} testId={`label-${cm}`} />
              ))}
            </div>
          </section>
        ))}
      </div>
    </LabelSheet>
  );
}

/** The labels' size on a set's sheet: 4 cm, three to a row, so a set of 50 fits on a few A4 pages. */
const LABEL_CM = 4;

/** /sammlung/{id}/etiketten: every stone's label of the collection on A4 sheets with cut lines, to print at once. */
function CollectionLabels({ params }: PageProps) {
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
