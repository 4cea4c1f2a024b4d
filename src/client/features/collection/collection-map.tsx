import { useEffect } from 'react';
import type { CollectionStone } from '../../../shared/types';
import { useIntl } from '../../lib/intl-react';
import { LazyMapFrame, useLazyMap } from '../stone-map/lazy-map';
import { journeyColor } from './journey-colors';

/**
 * One map with every stone's journey in its own colour, numbered as in the list. It loads as lazily as a stone's
 * map (stone-map/lazy-map.tsx): MapLibre only comes once the map is near the screen after the page has loaded.
 */
export function CollectionMap({ stones }: { stones: CollectionStone[] }) {
  const intl = useIntl();
  const map = useLazyMap();
  const { handle, container } = map;
  useEffect(() => {
    if (!handle) return;
    const drawn = handle.showJourneys(
      stones.map((stone, index) => ({ label: String(index + 1), title: stone.title, color: journeyColor(index), points: stone.journey })),
    );
    // The lines are drawn on a canvas: the count tells the browser tests what the map drew. Set here, not as a
    // prop of the shared frame, to keep it out of the stone page's first JavaScript.
    container.current?.setAttribute('data-lines', String(drawn));
  }, [handle, stones, container]);
  return <LazyMapFrame map={map} label={intl.formatMessage({ id: 'collection.map.label' })} testId="collection-map" />;
}
