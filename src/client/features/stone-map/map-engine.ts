import { LngLatBounds, Map as MapLibreMap, Marker, NavigationControl, Popup, setWorkerUrl } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { hasPosition, type Position } from '../../../shared/geo';
import type { FindView } from '../../../shared/types';
import type { Coordinates } from '../../lib/geolocation';
import { goalLayer } from './map-goal';
import type { Journey, MapHandle, MapText, MapTexts } from './map-handle';
import { drawLineLayer, markerElement } from './map-layers';
import { ReplayControl } from './map-replay';

interface Options {
  styleUrl: string;
  center: [number, number];
  zoom: number;
  /** The map's own texts (MapLibre's controls, gesture hints, markers, the replay), whose catalog is loaded with
   * this module (namespace `stone-map`, lazy-map.tsx), not with the page's first JavaScript. */
  texts: MapTexts;
  /** A click on the map itself; clicks on a find's marker or an open popup are not locations. */
  onClick: (position: Coordinates) => void;
}

const ROUTE_SOURCE = 'journey';
const JOURNEYS_SOURCE = 'journeys';

// MapLibre finds its worker next to its own module, which a bundle moves: point it at the emitted file.
setWorkerUrl(workerUrl);

/** The last-seen place: larger, dark red with a ring, named by its label. */
function lastSeenElement(n: string, label: string): HTMLElement {
  const el = markerElement(
    n,
    'find-marker flex size-9 items-center justify-center rounded-full border-4 border-white bg-red-800 text-sm font-bold text-white shadow-lg ring-4 ring-red-800/40',
  );
  el.setAttribute('aria-label', label);
  el.title = label;
  el.dataset.testid = 'last-seen-marker';
  return el;
}

/** Whether a click landed on a marker or a popup, which sit inside the map but are not the map. */
function onOverlay(event: MouseEvent): boolean {
  return event.target instanceof Element && event.target.closest('.maplibregl-marker, .maplibregl-popup') !== null;
}

/** MapLibre's own texts (control titles, gesture hints), which are English unless given. */
function mapLocale(text: MapText): Record<string, string> {
  return {
    'Map.Title': text('stone-map.ui.title'),
    'NavigationControl.ZoomIn': text('stone-map.ui.zoomIn'),
    'NavigationControl.ZoomOut': text('stone-map.ui.zoomOut'),
    'AttributionControl.ToggleAttribution': text('stone-map.ui.toggleAttribution'),
    'AttributionControl.MapFeedback': text('stone-map.ui.mapFeedback'),
    'Marker.Title': text('stone-map.ui.marker'),
    'Popup.Close': text('stone-map.ui.closePopup'),
    'CooperativeGesturesHandler.WindowsHelpText': text('stone-map.gestures.ctrl'),
    'CooperativeGesturesHandler.MacHelpText': text('stone-map.gestures.cmd'),
    'CooperativeGesturesHandler.MobileHelpText': text('stone-map.gestures.touch'),
  };
}

/** Creates the map; throws when the browser cannot draw it (no WebGL2). */
export function createMap(container: HTMLElement, options: Options): MapHandle {
  const text = options.texts;
  const map = new MapLibreMap({
    container,
    style: options.styleUrl,
    center: options.center,
    zoom: options.zoom,
    locale: mapLocale(text),
    // The map sits in a scrolling page: one finger and the plain wheel scroll the page; two fingers and
    // Ctrl/⌘ + wheel move the map, with a hint on the map when someone tries otherwise.
    cooperativeGestures: true,
    attributionControl: { compact: true },
  });
  map.addControl(new NavigationControl({ showCompass: false }), 'top-right');
  map.on('click', (event) => {
    if (onOverlay(event.originalEvent)) return;
    options.onClick({ latitude: event.lngLat.lat, longitude: event.lngLat.lng });
  });

  let findMarkers: Marker[] = [];
  let route: [number, number][] = [];
  let lines: Journey[] = [];
  let tempMarker: Marker | null = null;
  let tempTimer: ReturnType<typeof setTimeout> | undefined;

  const drawRoute = () => {
    const data = {
      type: 'Feature' as const,
      properties: {},
      geometry: { type: 'LineString' as const, coordinates: route },
    };
    drawLineLayer(map, ROUTE_SOURCE, data, { paint: { 'line-color': '#b45309', 'line-width': 3, 'line-dasharray': [2, 1] } });
  };
  map.on('load', drawRoute);

  const goal = goalLayer(map, text);

  const drawLines = () => {
    const data = {
      type: 'FeatureCollection' as const,
      features: lines.map((line) => ({
        type: 'Feature' as const,
        properties: { color: line.color },
        geometry: { type: 'LineString' as const, coordinates: line.points.map(([lat, lng]) => [lng, lat]) },
      })),
    };
    drawLineLayer(map, JOURNEYS_SOURCE, data, {
      layout: { 'line-cap': 'round', 'line-join': 'round' },
      paint: { 'line-color': ['get', 'color'], 'line-width': 3 },
    });
  };
  map.on('load', () => {
    if (lines.length > 0) drawLines();
  });

  let replay: ReplayControl | null = null;
  return {
    showFinds(stone, zoom) {
      const { finds, findCount, journey } = stone;
      for (const marker of findMarkers) marker.remove();
      goal.show(stone.goal, journey);
      // Numbered like the finds list (the page's newest finds, after all before them), even when some have no position.
      const positioned = finds
        .map((find, i) => ({ find, n: findCount - finds.length + i + 1 }))
        .filter((entry): entry is { find: FindView & Position; n: number } => hasPosition(entry.find));
      // Replay the journey: from two counted finds with a position on (the control is made again with the finds).
      if (replay) map.removeControl(replay);
      const stops = positioned.map(({ find }) => find).filter((find) => !find.pending);
      replay = stops.length >= 2 ? new ReplayControl(stops, text) : null;
      if (replay) map.addControl(replay, 'top-left');
      // Where the stone was last seen: its newest counted find, marked apart and named for screen readers.
      const lastSeen = positioned.findLast(({ find }) => !find.pending)?.find;
      findMarkers = positioned.map(({ find, n }) =>
        new Marker({
          element:
            find === lastSeen
              ? lastSeenElement(String(n), text('stone-map.lastSeen', { place: find.location }))
              : markerElement(
                  String(n),
                  'find-marker flex size-7 items-center justify-center rounded-full border-2 border-white bg-amber-700 text-xs font-bold text-white shadow',
                ),
        })
          .setLngLat([find.longitude, find.latitude])
          .setPopup(new Popup({ offset: 16 }).setText(find.location))
          .addTo(map),
      );
      // The line is the whole counted journey, older finds too: a find waiting for the owner's review has its marker
      // but no leg yet.
      route = journey.map(([latitude, longitude]) => [longitude, latitude]);
      if (map.isStyleLoaded()) drawRoute();
      const last = positioned.at(-1)?.find;
      if (last) map.jumpTo({ center: [last.longitude, last.latitude], zoom });
    },
    showJourneys(journeys) {
      for (const marker of findMarkers) marker.remove();
      // A stone found once has its marker but no line yet.
      lines = journeys.filter((journey) => journey.points.length > 1);
      findMarkers = journeys.flatMap((journey) => {
        const last = journey.points.at(-1);
        if (!last) return [];
        const element = markerElement(
          journey.label,
          'find-marker flex size-7 items-center justify-center rounded-full border-2 border-white text-xs font-bold text-white shadow',
        );
        element.style.backgroundColor = journey.color;
        return [
          new Marker({ element })
            .setLngLat([last[1], last[0]])
            .setPopup(new Popup({ offset: 16 }).setText(`${journey.label}. ${journey.title}`))
            .addTo(map),
        ];
      });
      if (map.isStyleLoaded()) drawLines();
      const points = journeys.flatMap((journey) => journey.points);
      if (points.length > 0) {
        const bounds = new LngLatBounds();
        for (const [lat, lng] of points) bounds.extend([lng, lat]);
        map.fitBounds(bounds, { padding: 40, maxZoom: 10, duration: 0 });
      }
      return lines.length;
    },
    showSelection(position, zoom, markerMs) {
      tempMarker?.remove();
      clearTimeout(tempTimer);
      tempMarker = new Marker({ color: '#dc2626' }).setLngLat([position.longitude, position.latitude]).addTo(map);
      tempMarker.getElement().dataset.testid = 'temporary-marker';
      tempTimer = setTimeout(() => {
        tempMarker?.remove();
        tempMarker = null;
      }, markerMs);
      map.flyTo({ center: [position.longitude, position.latitude], zoom });
    },
    destroy() {
      clearTimeout(tempTimer);
      map.remove();
    },
  };
}
