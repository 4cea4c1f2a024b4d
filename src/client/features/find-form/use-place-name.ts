import { useEffect, useRef } from 'react';
import { api } from '../../lib/api';
import { formatCoordinates } from '../../lib/geolocation';
import type { PickedLocation } from './find-form';

/**
 * A position picked by GPS or on the map gets a place name ("Hamburg, Deutschland") instead of bare numbers: the
 * geocoder is asked, and its name replaces the coordinates as the pick's label; its country goes with the find.
 */
export function usePlaceName(picked: PickedLocation | null, onPick: (location: PickedLocation) => void): void {
  const pick = useRef(onPick);
  pick.current = onPick;
  useEffect(() => {
    if (!picked || picked.latitude === null || picked.longitude === null || picked.label !== formatCoordinates(picked)) return;
    let current = true;
    api<{ label: string | null; countryCode?: string | null }>(
      `/api/geocode/reverse?lat=${picked.latitude.toFixed(5)}&lon=${picked.longitude.toFixed(5)}`,
    ).then(
      ({ label, countryCode }) => {
        if (current && label) pick.current({ ...picked, label, countryCode: countryCode ?? null });
      },
      // No name known, or no geocoder: the coordinates stay.
      () => {},
    );
    return () => {
      current = false;
    };
  }, [picked]);
}
