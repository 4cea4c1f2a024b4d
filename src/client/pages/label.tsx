import { FormattedMessage, useIntl } from 'react-intl';
import type { PageProps } from '../../shared/routes';
import { useStone } from '../features/stone/api';
import { Button } from '../ui/button';

/** The label sizes people laminate onto a stone, in centimetres, and how many of each fit a row of A4. */
const SIZES = [
  { cm: 3, count: 5 },
  { cm: 4, count: 4 },
  { cm: 5, count: 3 },
] as const;

/**
 * A printable A4 sheet: the stone's QR code and code at 3, 4 and 5 cm, each inside a dashed cut line. Printed at
 * 100 %, centimetres in CSS are centimetres on paper.
 */
export default function LabelPage({ params }: PageProps) {
  const intl = useIntl();
  const code = params.code ?? '';
  const { data: stone } = useStone(code);
  const qrUrl = `/api/stones/${code}/qr.svg`;
  if (!stone) return null;
  return (
    <div className="mx-auto max-w-[21cm] bg-white px-4 py-8 print:p-0">
      <style>{'@page { size: A4; margin: 10mm; }'}</style>
      <div className="print:hidden">
        <h1 className="text-2xl font-bold">
          <FormattedMessage id="label.title" values={{ code }} />
        </h1>
        <p className="mt-2 text-stone-600">
          <FormattedMessage id="label.text" />
        </p>
        <Button className="mt-4" onClick={() => window.print()}>
          <FormattedMessage id="label.print" />
        </Button>
      </div>
      <div className="mt-8 space-y-6 print:mt-0">
        {SIZES.map(({ cm, count }) => (
          <section key={cm} aria-label={intl.formatMessage({ id: 'label.size' }, { size: cm })}>
            <p className="mb-1 text-xs text-stone-500">
              <FormattedMessage id="label.size" values={{ size: cm }} />
            </p>
            <div className="flex flex-wrap gap-2">
              {Array.from({ length: count }, (_, i) => `${cm}-${i}`).map((id) => (
                <figure
                  key={id}
                  data-testid={`label-${cm}`}
                  className="flex flex-col items-center justify-center border border-dashed border-stone-400 p-[2mm]"
                  style={{ width: `${cm + 0.6}cm` }}
                >
                  <img src={qrUrl} alt="" width={cm * 38} height={cm * 38} style={{ width: `${cm}cm`, height: `${cm}cm` }} />
                  <figcaption className="mt-[1mm] font-mono font-bold tracking-wider" style={{ fontSize: `${Math.max(7, cm * 2.6)}pt` }}>
                    {code}
                  </figcaption>
                </figure>
              ))}
            </div>
          </section>
        ))}
      </div>
    </div>
  );
}
