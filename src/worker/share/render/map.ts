import type { Polygon, Raster, Rect, Rgb } from './raster';
import { circle, stroke } from './shapes';

/*
 * The card's little map: the land (Natural Earth 1:110m, from world-atlas) in Web Mercator, framed on the journey
 * with a margin, and the journey as a line with its stops. No tiles are fetched: the outline is part of the job.
 */

/** [latitude, longitude], as the journeys are kept. */
export type LatLon = readonly [number, number];
/** Land as rings of [longitude, latitude] (GeoJSON order). */
export type LandRings = ReadonlyArray<ReadonlyArray<readonly [number, number]>>;

const MAX_LATITUDE = 85;

/** Web Mercator of the unit square: x east, y south. */
export function mercator(lat: number, lon: number): [number, number] {
  const phi = (Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat)) * Math.PI) / 180;
  return [(lon + 180) / 360, (1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2];
}

/** Europe, for a stone nobody has found yet. */
const EUROPE: LatLon[] = [
  [36, -10],
  [60, 30],
];

/** The smallest piece of the world the map shows (about 4° of longitude): a stone found twice in one town still shows its country. */
const MIN_SPAN = 4 / 360;

export interface View {
  frame: Rect;
  project(lat: number, lon: number): [number, number];
}

/**
 * Frames the points (with a margin) in `fit`, a part of `frame` (default: all of it) that nothing covers, keeping
 * the map's proportions; the map fills all of `frame`.
 */
export function viewOf(points: readonly LatLon[], frame: Rect, fit: Rect = frame, margin = 0.18): View {
  const shown = points.length > 0 ? points : EUROPE;
  const projected = shown.map(([lat, lon]) => mercator(lat, lon));
  let x0 = Math.min(...projected.map((p) => p[0]));
  let x1 = Math.max(...projected.map((p) => p[0]));
  let y0 = Math.min(...projected.map((p) => p[1]));
  let y1 = Math.max(...projected.map((p) => p[1]));
  const width = fit.x1 - fit.x0;
  const height = fit.y1 - fit.y0;
  let spanX = Math.max(x1 - x0, MIN_SPAN) * (1 + 2 * margin);
  let spanY = Math.max(y1 - y0, MIN_SPAN * (height / width)) * (1 + 2 * margin);
  // Widen the narrower side so the map is not stretched.
  if (spanX / spanY > width / height) spanY = spanX * (height / width);
  else spanX = spanY * (width / height);
  spanX = Math.min(spanX, 1);
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  x0 = cx - spanX / 2;
  y0 = cy - spanY / 2;
  x1 = cx + spanX / 2;
  y1 = cy + spanY / 2;
  const scale = width / (x1 - x0);
  return {
    frame,
    project(lat, lon) {
      const [x, y] = mercator(lat, lon);
      return [fit.x0 + (x - x0) * scale, fit.y0 + (y - y0) * scale];
    },
  };
}

export interface MapColors {
  water: Rgb;
  land: Rgb;
}

/** Water, then every land ring that reaches into the frame. */
export function drawLand(raster: Raster, view: View, land: LandRings, colors: MapColors): void {
  const { frame } = view;
  raster.fillRect(frame, colors.water);
  const polygons: Polygon[] = [];
  for (const ring of land) {
    const polygon: Polygon = [];
    let minX = Number.POSITIVE_INFINITY;
    let maxX = Number.NEGATIVE_INFINITY;
    let minY = Number.POSITIVE_INFINITY;
    let maxY = Number.NEGATIVE_INFINITY;
    for (const [lon, lat] of ring) {
      const [x, y] = view.project(lat, lon);
      polygon.push(x, y);
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
    }
    if (maxX < frame.x0 || minX > frame.x1 || maxY < frame.y0 || minY > frame.y1) continue;
    polygons.push(polygon);
  }
  raster.fill(polygons, colors.land, 1, frame);
}

export interface JourneyStyle {
  color: Rgb;
  casing: Rgb;
  width: number;
  /** Marks the first and the last stop (a stone's own card); a collection's journeys mark only where each stone is now. */
  markStart: boolean;
}

/** The journey's line over the land, a dot per stop, the start ringed and the last stop large. */
export function drawJourney(raster: Raster, view: View, journey: readonly LatLon[], style: JourneyStyle): void {
  if (journey.length === 0) return;
  const points = journey.map(([lat, lon]) => view.project(lat, lon));
  const clip = view.frame;
  if (points.length > 1) {
    raster.fill(stroke(points, style.width + 5), style.casing, 0.9, clip);
    raster.fill(stroke(points, style.width), style.color, 1, clip);
  }
  const dot = style.width * 0.9;
  const stops = points.slice(style.markStart ? 1 : 0, -1);
  if (stops.length > 0) {
    raster.fill(
      stops.map(([x, y]) => circle(x, y, dot + 2)),
      style.casing,
      1,
      clip,
    );
    raster.fill(
      stops.map(([x, y]) => circle(x, y, dot)),
      style.color,
      1,
      clip,
    );
  }
  const first = points[0] as [number, number];
  const last = points.at(-1) as [number, number];
  if (style.markStart && points.length > 1) {
    raster.fill([circle(first[0], first[1], dot * 2 + 3)], style.color, 1, clip);
    raster.fill([circle(first[0], first[1], dot * 2 - 1)], style.casing, 1, clip);
  }
  raster.fill([circle(last[0], last[1], dot * 2.6 + 3)], style.casing, 1, clip);
  raster.fill([circle(last[0], last[1], dot * 2.6)], style.color, 1, clip);
}
