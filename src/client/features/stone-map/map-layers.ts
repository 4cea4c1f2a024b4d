import type { GeoJSONSource, LineLayerSpecification, Map as MapLibreMap } from 'maplibre-gl';

/* What the stone's map and its goal layer (map-goal.ts) both draw with. */

/** A marker's element: its label as text, its look as classes. */
export function markerElement(label: string, className: string): HTMLElement {
  const el = document.createElement('div');
  el.className = className;
  el.textContent = label;
  return el;
}

/** Draws GeoJSON lines as their own source and layer, or gives the source its new lines once it exists. */
export function drawLineLayer(
  map: MapLibreMap,
  id: string,
  data: Exclude<Parameters<GeoJSONSource['setData']>[0], string>,
  style: Pick<LineLayerSpecification, 'layout' | 'paint'>,
): void {
  const source = map.getSource(id) as GeoJSONSource | undefined;
  if (source) {
    source.setData(data);
    return;
  }
  map.addSource(id, { type: 'geojson', data });
  map.addLayer({ id, type: 'line', source: id, ...style });
}
