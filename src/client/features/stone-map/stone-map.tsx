import { useEffect, useState } from 'react';
import { type Coordinates, currentPosition, MAP_BUTTON_GEOLOCATION, type PositionFailure } from '../../lib/geolocation';
import { FormattedMessage, useIntl } from '../../lib/intl-react';
import { useToast } from '../../ui/toast';
import { LazyMapFrame, useLazyMap } from './lazy-map';
import type { MappedStone } from './map-handle';
import { isMapUnavailable } from './map-status';

/** Zoom 10 when the stone has finds, 15 on a selected location (6 on Germany by default, lazy-map.tsx). */
export const ZOOM_WITH_FINDS = 10;
export const ZOOM_SELECTED = 15;
export const TEMP_MARKER_MS = 3000;

interface StoneMapProps {
  /** Its newest finds (their markers) and its whole journey (the line): the engine reads them. */
  stone: MappedStone;
  selected: Coordinates | null;
  /** Called with a clicked or located position; absent on the read-only page. */
  onPick?: (position: Coordinates) => void;
}

/** MapLibre map of the stone's finds, loaded only in the browser and only when the page needs it. */
export function StoneMap({ stone, selected, onPick }: StoneMapProps) {
  const intl = useIntl();
  const toast = useToast();
  const map = useLazyMap(onPick);
  const { handle, status, start } = map;
  const [locating, setLocating] = useState(false);

  useEffect(() => {
    handle?.showFinds(stone, ZOOM_WITH_FINDS);
  }, [handle, stone]);

  useEffect(() => {
    if (handle && selected) handle.showSelection(selected, ZOOM_SELECTED, TEMP_MARKER_MS);
  }, [handle, selected]);

  const locate = async () => {
    start();
    setLocating(true);
    try {
      const position = await currentPosition(MAP_BUTTON_GEOLOCATION, intl);
      if (onPick) onPick(position);
      else handle?.showSelection(position, ZOOM_SELECTED, TEMP_MARKER_MS);
    } catch (error) {
      toast({ title: (error as PositionFailure).title, description: (error as Error).message, variant: 'error' });
    } finally {
      setLocating(false);
    }
  };

  return (
    <LazyMapFrame map={map} label={intl.formatMessage({ id: 'stone-map.label' })} testId="stone-map">
      {/* Without a map, "my position" has nothing to show on the read-only page; the find form has its own GPS button. */}
      {isMapUnavailable(status) ? null : (
        <button
          type="button"
          onClick={locate}
          disabled={locating}
          aria-busy={locating || undefined}
          className="absolute bottom-3 left-3 inline-flex items-center gap-2 rounded-lg bg-white px-3 py-2 text-sm font-medium shadow hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-amber-600 disabled:cursor-wait disabled:text-stone-500 disabled:hover:bg-white"
        >
          {locating ? (
            <span className="size-4 animate-spin rounded-full border-2 border-stone-300 border-t-stone-700" aria-hidden="true" />
          ) : null}
          <FormattedMessage id={locating ? 'stone-map.locating' : 'stone-map.locate'} />
        </button>
      )}
    </LazyMapFrame>
  );
}
