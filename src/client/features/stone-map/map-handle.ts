import type { StoneView } from '../../../shared/types';
import type { Coordinates } from '../../lib/geolocation';
import type { MessageId } from '../../lib/intl';

/*
 * The map's shape as the page sees it, apart from the engine (map-engine.ts, MapLibre), which is loaded lazily:
 * importing these types brings none of the engine, nor its texts, into the page.
 */

/**
 * What the stone's map shows of it: the finds the page has (the newest), their count, the journey's line and the
 * goal place, with a dashed line to it from where the journey stands until the stone reached it.
 */
export type MappedStone = Pick<StoneView, 'finds' | 'findCount' | 'journey'> & { goal?: StoneView['goal'] };

/** What the React component asks of the map; everything MapLibre-specific stays in the lazily loaded engine. */
export interface MapHandle {
  /** The stone's newest finds as markers, numbered after every find before them, and its whole journey's line. */
  showFinds(stone: MappedStone, zoom: number): void;
  /** Several stones' journeys at once (a collection's map), each line in its own colour, framed together; the lines drawn. */
  showJourneys(journeys: Journey[]): number;
  showSelection(position: Coordinates, zoom: number, markerMs: number): void;
  destroy(): void;
}

/** One stone's line on a shared map: its number in the page's list marks where it was last seen. */
export interface Journey {
  label: string;
  title: string;
  color: string;
  /** [latitude, longitude] of its counted finds, in order. */
  points: Array<[number, number]>;
}

/** A text of the map by its message id. */
export type MapText = (id: MessageId, values?: Record<string, string>) => string;

/** The page's formatter of the engine's own texts, in the page's language (loaded with the engine: namespace stone-map). */
export type MapTexts = MapText;
