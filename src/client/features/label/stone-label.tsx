import { qrCodeAddress } from '../../../shared/api-routes';

/**
 * One stone's label: its QR code at `cm` centimetres with its code below, inside a dashed cut line; on a set's sheet
 * also its title and the site's address, so a finder without a phone camera knows where to type the code.
 * Printed at 100 %, centimetres in CSS are centimetres on paper.
 */
export function StoneLabel({ code, cm, title, site, testId }: { code: string; cm: number; title?: string; site?: string; testId: string }) {
  return (
    <figure
      data-testid={testId}
      className="flex break-inside-avoid flex-col items-center justify-center border border-dashed border-stone-400 p-[2mm]"
      style={{ width: `${cm + 0.6}cm` }}
    >
      <img src={qrCodeAddress(code)} alt="" width={cm * 38} height={cm * 38} style={{ width: `${cm}cm`, height: `${cm}cm` }} />
      <figcaption className="mt-[1mm] text-center">
        <span className="block font-mono font-bold tracking-wider" style={{ fontSize: `${Math.max(7, cm * 2.6)}pt` }}>
          {code}
        </span>
        {title ? <span className="block max-w-full truncate text-[7pt]">{title}</span> : null}
        {site ? <span className="block text-[6pt] text-stone-600">{site}</span> : null}
      </figcaption>
    </figure>
  );
}
