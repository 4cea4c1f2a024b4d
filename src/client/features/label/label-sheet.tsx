import type { ReactNode } from 'react';
import { FormattedMessage } from '../../lib/intl-react';
import { Button } from '../../ui/button';

/** Print only the sheet: A4, and without the site's header, footer, banners or the sheet's own instructions. */
const PRINT_ONLY_SHEET = `@page { size: A4; margin: 10mm; }
@media print {
  body > :not(:has(#main)), header:has(~ #main), #main ~ footer, [data-print-hide] { display: none !important; }
}`;

/**
 * A printable A4 sheet of labels: a heading, how to print and cut, the print button (with `backLink` beside it, if
 * given), then the labels; on paper only the labels.
 */
export function LabelSheet({ heading, backLink, children }: { heading: ReactNode; backLink?: ReactNode; children: ReactNode }) {
  const print = (className?: string) => (
    <Button className={className} onClick={() => window.print()}>
      <FormattedMessage id="creation.label.print" />
    </Button>
  );
  return (
    <div className="mx-auto max-w-[21cm] bg-white px-4 py-8 print:p-0">
      <style href="label-print-sheet" precedence="print">
        {PRINT_ONLY_SHEET}
      </style>
      <div className="print:hidden" data-print-hide>
        <h1 className="text-2xl font-bold">{heading}</h1>
        <p className="mt-2 text-stone-600">
          <FormattedMessage id="creation.label.text" />
        </p>
        {backLink ? (
          <div className="mt-4 flex flex-wrap items-center gap-4">
            {print()}
            {backLink}
          </div>
        ) : (
          print('mt-4')
        )}
      </div>
      {children}
    </div>
  );
}
