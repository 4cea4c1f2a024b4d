import type { FindView } from '../../../shared/types';
import { escapeXml } from '../../lib/xml';

/**
 * A stone's journey to take along (GPX and GeoJSON): what its public page shows and nothing more — its counted public
 * finds (hidden and held-back ones stay out) that have a position, in journey order, at the precision they were
 * stored with, with their date and place name. Every stop of it, however many: the route reads them apart from the
 * page, which embeds only the newest finds (find-queries.ts journeyStopsOf).
 */

/** The stone and its finds in order (a StoneView is one); the files keep the counted ones with a position. */
export interface JourneyOf {
  code: string;
  title: string;
  createdAt: string;
  totalDistance: number;
  finds: Array<Pick<FindView, 'id' | 'location' | 'latitude' | 'longitude' | 'createdAt' | 'pending'>>;
}

type Stop = JourneyOf['finds'][number] & { latitude: number; longitude: number };

/** The finds that make the journey: shown, counted (not held back by the plausibility check), with a position. */
export function journeyStops(stone: JourneyOf): Stop[] {
  return stone.finds.filter((find): find is Stop => !find.pending && find.latitude !== null && find.longitude !== null);
}

/** The file's name when it is saved: the code, which every file system takes as it is. */
export const journeyFileName = (code: string, extension: 'gpx' | 'geojson') => `reisestein-${code}.${extension}`;

/**
 * A coordinate as GPX's xsd:decimal writes it: JavaScript writes positions within a millionth of a degree of the
 * equator or of Greenwich with an exponent (`5e-7`), which the schema refuses.
 */
export function gpxDecimal(value: number): string {
  const written = String(value);
  const exponent = /^(-?)(\d)(?:\.(\d+))?e-(\d+)$/.exec(written);
  if (!exponent) return written;
  const [, sign = '', first = '', rest = '', power = '1'] = exponent;
  return `${sign}0.${'0'.repeat(Number(power) - 1)}${first}${rest}`;
}

/** GPX's longitudes end before 180°; the find form's 180° is the same meridian as -180°. */
const gpxLongitude = (longitude: number) => gpxDecimal(longitude === 180 ? -180 : longitude);

/**
 * GPX 1.1 (https://www.topografix.com/GPX/1/1/): the stone's title and page in the metadata, then one track with one
 * segment holding a point per stop, each with its time and its place as name (the schema's element order:
 * metadata before trk; in a point time before name; in metadata name, link, time).
 */
export function journeyGpx(stone: JourneyOf, pageUrl: string, creator: string): string {
  const points = journeyStops(stone).map(
    (stop) =>
      `      <trkpt lat="${gpxDecimal(stop.latitude)}" lon="${gpxLongitude(stop.longitude)}"><time>${stop.createdAt}</time><name>${escapeXml(stop.location)}</name></trkpt>`,
  );
  const title = escapeXml(stone.title);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<gpx version="1.1" creator="${escapeXml(creator)}" xmlns="http://www.topografix.com/GPX/1/1" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">`,
    `  <metadata><name>${title}</name><link href="${escapeXml(pageUrl)}"><text>${title}</text></link><time>${stone.createdAt}</time></metadata>`,
    `  <trk><name>${title}</name><trkseg>`,
    ...points,
    '  </trkseg></trk>',
    '</gpx>',
    '',
  ].join('\n');
}

/**
 * GeoJSON (RFC 7946): a FeatureCollection with the route as a LineString (only from two stops on: a LineString
 * needs two positions) and each stop as a Point with its date and place. Positions are [longitude, latitude].
 */
export function journeyGeoJson(stone: JourneyOf, pageUrl: string) {
  const stops = journeyStops(stone);
  const position = (stop: Stop): [number, number] => [stop.longitude, stop.latitude];
  const route =
    stops.length >= 2
      ? [
          {
            type: 'Feature' as const,
            geometry: { type: 'LineString' as const, coordinates: stops.map(position) },
            properties: { kind: 'route', code: stone.code, title: stone.title, url: pageUrl, totalDistance: stone.totalDistance },
          },
        ]
      : [];
  return {
    type: 'FeatureCollection' as const,
    features: [
      ...route,
      ...stops.map((stop, index) => ({
        type: 'Feature' as const,
        id: stop.id,
        geometry: { type: 'Point' as const, coordinates: position(stop) },
        properties: { kind: 'find', number: index + 1, date: stop.createdAt, place: stop.location },
      })),
    ],
  };
}
