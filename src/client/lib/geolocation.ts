import type { AppIntl } from './intl';

/** Spec §9: the find form asks with a 30 s timeout and accepts a 10-minute-old position. */
export const FIND_FORM_GEOLOCATION: PositionOptions = { enableHighAccuracy: true, timeout: 30_000, maximumAge: 600_000 };
/** Spec §9: the map's own button: 10 s timeout, 60 s maximum age, high accuracy. */
export const MAP_BUTTON_GEOLOCATION: PositionOptions = { enableHighAccuracy: true, timeout: 10_000, maximumAge: 60_000 };

export interface Coordinates {
  latitude: number;
  longitude: number;
}

/** The current position, or an Error whose message is the spec's text for the failure. */
export function currentPosition(options: PositionOptions, intl: AppIntl): Promise<Coordinates> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(new Error(intl.formatMessage({ id: 'geo.unsupported' })));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
      (error) => reject(new Error(intl.formatMessage({ id: geolocationMessageId(error.code) }))),
      options,
    );
  });
}

export function geolocationMessageId(code: number): string {
  switch (code) {
    case 1:
      return 'geo.error.denied';
    case 2:
      return 'geo.error.unavailable';
    case 3:
      return 'geo.error.timeout';
    default:
      return 'geo.error.generic';
  }
}

/** "52.52000, 13.40500": the location text for a position without an address. */
export function formatCoordinates({ latitude, longitude }: Coordinates): string {
  return `${latitude.toFixed(5)}, ${longitude.toFixed(5)}`;
}
