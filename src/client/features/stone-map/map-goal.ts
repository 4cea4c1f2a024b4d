import { type Map as MapLibreMap, Marker, Popup } from 'maplibre-gl';
import type { StoneView } from '../../../shared/types';
import type { MapText } from './map-handle';
import { drawLineLayer, markerElement } from './map-layers';

const GOAL_SOURCE = 'goal';

/**
 * The stone's goal on its map (decision record 042): a star at the goal place and, until a find reached it, the way
 * still to go from the journey's last point, fainter and more finely dashed than the journey. A country goal has no
 * place to mark.
 */
export function goalLayer(map: MapLibreMap, text: MapText) {
  let toGoal: [number, number][] = [];
  let marker: Marker | null = null;
  const draw = () => {
    const data = { type: 'Feature' as const, properties: {}, geometry: { type: 'LineString' as const, coordinates: toGoal } };
    drawLineLayer(map, GOAL_SOURCE, data, { paint: { 'line-color': '#57534e', 'line-width': 2, 'line-dasharray': [1, 2] } });
  };
  map.on('load', draw);
  return {
    show(goal: StoneView['goal'] | undefined, journey: StoneView['journey']) {
      marker?.remove();
      marker = null;
      toGoal = [];
      if (goal?.latitude != null && goal.longitude != null) {
        const label = text('stone-map.goal', { goal: goal.name ?? '' });
        const element = markerElement(
          '★',
          'flex size-7 items-center justify-center rounded-full border-2 border-white bg-stone-700 text-sm text-white shadow',
        );
        element.setAttribute('aria-label', label);
        element.title = label;
        element.dataset.testid = 'goal-marker';
        marker = new Marker({ element })
          .setLngLat([goal.longitude, goal.latitude])
          .setPopup(new Popup({ offset: 16 }).setText(label))
          .addTo(map);
        const from = journey.at(-1);
        if (from && !goal.reachedAt)
          toGoal = [
            [from[1], from[0]],
            [goal.longitude, goal.latitude],
          ];
      }
      if (map.isStyleLoaded()) draw();
    },
  };
}
