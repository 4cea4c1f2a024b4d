import { journeyFileAddress } from '../../../shared/api-routes';
import { FormattedMessage } from '../../lib/intl-react';

/** The stone's journey to take along: GPX for GPS devices and hiking apps, GeoJSON for maps (plain downloads). */
export function JourneyLinks({ code }: { code: string }) {
  const link = 'font-medium text-amber-800 underline underline-offset-2';
  return (
    <p className="text-sm text-stone-700">
      <FormattedMessage id="stone-aside.journey.download" />{' '}
      <a href={journeyFileAddress(code, 'gpx')} download className={link}>
        <FormattedMessage id="stone-aside.journey.gpx" />
      </a>
      {' · '}
      <a href={journeyFileAddress(code, 'geojson')} download className={link}>
        <FormattedMessage id="stone-aside.journey.geojson" />
      </a>
    </p>
  );
}
