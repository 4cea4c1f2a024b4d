import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { FindView } from '../../../shared/types';
import { useConfig } from '../../lib/config';
import { currentPosition, MAP_BUTTON_GEOLOCATION, type Coordinates } from '../../lib/geolocation';
import { useToast } from '../../ui/toast';
import type { MapHandle } from './map-engine';

/** Spec §9: Germany at zoom 6 by default, 10 when the stone has finds, 15 on a selected location. */
export const GERMANY_CENTER: [number, number] = [10.4515, 51.1657];
export const ZOOM_DEFAULT = 6;
export const ZOOM_WITH_FINDS = 10;
export const ZOOM_SELECTED = 15;
export const TEMP_MARKER_MS = 3000;

interface StoneMapProps {
  finds: FindView[];
  selected: Coordinates | null;
  /** Called with a clicked or located position; absent on the read-only page. */
  onPick?: (position: Coordinates) => void;
}

/** MapLibre map of the stone's finds, loaded only in the browser and only when the page needs it. */
export function StoneMap({ finds, selected, onPick }: StoneMapProps) {
  const intl = useIntl();
  const toast = useToast();
  const { mapStyleUrl } = useConfig();
  const container = useRef<HTMLDivElement>(null);
  const [handle, setHandle] = useState<MapHandle | null>(null);
  const onPickRef = useRef(onPick);
  onPickRef.current = onPick;

  useEffect(() => {
    // Effects never run on the server; the guard also keeps MapLibre out of the Worker bundle.
    if (import.meta.env.SSR) return;
    let cancelled = false;
    let created: MapHandle | null = null;
    void import('./map-engine').then(({ createMap }) => {
      if (cancelled || !container.current) return;
      created = createMap(container.current, {
        styleUrl: new URL(mapStyleUrl, window.location.href).toString(),
        center: GERMANY_CENTER,
        zoom: ZOOM_DEFAULT,
        onClick: (position) => onPickRef.current?.(position),
      });
      setHandle(created);
    });
    return () => {
      cancelled = true;
      created?.destroy();
    };
  }, [mapStyleUrl]);

  useEffect(() => {
    handle?.showFinds(finds, ZOOM_WITH_FINDS);
  }, [handle, finds]);

  useEffect(() => {
    if (handle && selected) handle.showSelection(selected, ZOOM_SELECTED, TEMP_MARKER_MS);
  }, [handle, selected]);

  const locate = async () => {
    try {
      const position = await currentPosition(MAP_BUTTON_GEOLOCATION, intl);
      if (onPick) onPick(position);
      else handle?.showSelection(position, ZOOM_SELECTED, TEMP_MARKER_MS);
    } catch (error) {
      toast({ title: intl.formatMessage({ id: 'geo.error.title' }), description: (error as Error).message, variant: 'error' });
    }
  };

  return (
    <div className="relative">
      <div
        ref={container}
        role="region"
        aria-label={intl.formatMessage({ id: 'map.label' })}
        data-testid="stone-map"
        data-ready={handle ? 'true' : 'false'}
        className="h-80 w-full overflow-hidden rounded-xl bg-stone-200 sm:h-96"
      />
      {handle ? null : (
        <p className="pointer-events-none absolute inset-0 flex items-center justify-center text-sm text-stone-600">
          <FormattedMessage id="map.loading" />
        </p>
      )}
      <button
        type="button"
        onClick={locate}
        className="absolute bottom-3 left-3 rounded-lg bg-white px-3 py-2 text-sm font-medium shadow hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-amber-600"
      >
        <FormattedMessage id="map.locate" />
      </button>
    </div>
  );
}
