import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { LandRings } from './map';

/** Natural Earth's land (world-atlas land-110m.json, a TopoJSON topology) as rings of [longitude, latitude]. */
export function landRings(topology: unknown): LandRings {
  const land = topology as Topology<{ land: GeometryCollection }>;
  const collection = feature(land, land.objects.land);
  const rings: Array<Array<[number, number]>> = [];
  for (const item of collection.features) {
    const geometry = item.geometry;
    const polygons = geometry.type === 'MultiPolygon' ? geometry.coordinates : geometry.type === 'Polygon' ? [geometry.coordinates] : [];
    for (const polygon of polygons) for (const ring of polygon) rings.push(ring.map(([lon, lat]) => [lon ?? 0, lat ?? 0]));
  }
  return rings;
}
