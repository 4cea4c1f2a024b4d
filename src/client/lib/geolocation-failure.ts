import type { AppIntl, MessageId } from './intl';

/** A position that could not be had: the toast's title, and the failure's own text as the message. */
export interface PositionFailure extends Error {
  title: string;
}

/** The texts for a position that could not be had: code 1 to 3 as GeolocationPositionError's, 0 no geolocation. */
export function positionFailure(code: number, intl: AppIntl): PositionFailure {
  const text = (id: MessageId) => String(intl.formatMessage({ id }));
  return Object.assign(new Error(text(messageId(code))), { title: text('geo.error.title') });
}

function messageId(code: number): MessageId {
  switch (code) {
    case 0:
      return 'geo.unsupported';
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
