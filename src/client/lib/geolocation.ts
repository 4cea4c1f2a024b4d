import type { PositionFailure } from './geolocation-failure';
import type { AppIntl } from './intl';
import { withTexts } from './screen-messages';

export type { PositionFailure };

/** The find form asks with a 30 s timeout and accepts a 10-minute-old position. */
export const FIND_FORM_GEOLOCATION: PositionOptions = { enableHighAccuracy: true, timeout: 30_000, maximumAge: 600_000 };
/** The map's own button: 10 s timeout, 60 s maximum age, high accuracy. */
export const MAP_BUTTON_GEOLOCATION: PositionOptions = { enableHighAccuracy: true, timeout: 10_000, maximumAge: 60_000 };

export interface Coordinates {
  latitude: number;
  longitude: number;
}

/** The failure's texts (namespace geo) come with the failure, not with the page. */
const failureTexts = withTexts('geo', () => import('./geolocation-failure'));

/** The current position, or a PositionFailure. */
export function currentPosition(options: PositionOptions, intl: AppIntl): Promise<Coordinates> {
  return new Promise((resolve, reject) => {
    const fail = (code: number) =>
      failureTexts().then(
        ({ positionFailure }) => reject(positionFailure(code, intl)),
        (error: unknown) => reject(Object.assign(new Error(String(error)), { title: '' })),
      );
    if (!('geolocation' in navigator)) {
      void fail(0);
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
      (error) => void fail(error.code),
      options,
    );
  });
}

/** "52.52000, 13.40500": the location text for a position without an address. */
export function formatCoordinates({ latitude, longitude }: Coordinates): string {
  return `${latitude.toFixed(5)}, ${longitude.toFixed(5)}`;
}
