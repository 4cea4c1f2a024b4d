import type { PageProps } from '../../shared/routes';
import { LabelSheet } from '../features/label/label-sheet';
import { StoneLabel } from '../features/label/stone-label';
import { useStone } from '../features/stone/api';
import { FormattedMessage, useIntl } from '../lib/intl-react';

/** The label sizes people laminate onto a stone, in centimetres, and how many of each fit a row of A4. */
const SIZES = [
  { cm: 3, count: 5 },
  { cm: 4, count: 4 },
  { cm: 5, count: 3 },
] as const;

/** A printable A4 sheet: the stone's QR code and code at 3, 4 and 5 cm, each inside a dashed cut line. */
export default function LabelPage({ params }: PageProps) {
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
