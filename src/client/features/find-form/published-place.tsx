import { useEffect, useRef } from 'react';
import { reverseGeocodeAddress } from '../../../shared/api-routes';
import { placeName } from '../../../shared/place-name';
import { type Precision, roundPosition } from '../../../shared/schemas/precision';
import { api } from '../../lib/api';
import { formatCoordinates } from '../../lib/geolocation';
import { FormattedMessage } from '../../lib/intl-react';
import type { PickedLocation } from './address-search';

interface PublishedPlaceProps {
  picked: PickedLocation;
  precision: Precision;
  onPick: (location: PickedLocation) => void;
}

/**
 * The place a find publishes, loaded with its texts (namespace find-place) once a place is picked, never with the
 * stone page's first JavaScript. A position picked by GPS or on the map gets a name instead of bare numbers: the
 * geocoder is asked at the finder's precision and sent only the position rounded to it. For km and town the pick
 * keeps its name at that level in `places` (from the address search, from that look-up, or what remains of its
 * text without street, number and postcode); the form shows and sends it, and this says what is published.
 */
export default function PublishedPlace({ picked, precision, onPick }: PublishedPlaceProps) {
  const pick = useRef(onPick);
  pick.current = onPick;
  const level = precision === 'exact' ? null : precision;
  const name = level ? picked.places?.[level] : undefined;

  useEffect(() => {
    const { latitude, longitude, label } = picked;
    const bare = label === formatCoordinates(picked);
    if (level ? typeof picked.places?.[level] === 'string' : !bare) return;
    const atLevel = (known: string | null, countryCode?: string | null): PickedLocation =>
      level
        ? {
            ...picked,
            countryCode: countryCode ?? picked.countryCode,
            places: { ...picked.places, [level]: known ?? placeName(label, level) },
          }
        : { ...picked, label: known ?? label, countryCode: countryCode ?? picked.countryCode };
    if (!bare) return pick.current(atLevel(null));
    let current = true;
    const rounded = (value: number) => roundPosition(value, precision).toFixed(5);
    api(reverseGeocodeAddress(rounded(latitude), rounded(longitude), precision)).then(
      ({ label: known, countryCode }) => {
        if (current && (known || level)) pick.current(atLevel(known, countryCode));
      },
      // No geocoder: the coordinates stay, rounded to the precision.
      () => {
        if (current && level) pick.current(atLevel(null));
      },
    );
    return () => {
      current = false;
    };
  }, [picked, precision, level]);

  if (typeof name !== 'string') return null;
  return (
    <p data-testid="published-place" className="text-sm text-stone-700">
      {name ? (
        <FormattedMessage id="find-place.findForm.published" values={{ place: name }} />
      ) : (
        <FormattedMessage id="find-place.location.onlyStreet" />
      )}
    </p>
  );
}
