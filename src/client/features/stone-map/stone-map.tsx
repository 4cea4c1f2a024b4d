import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, type IntlShape, useIntl } from 'react-intl';
import type { FindView } from '../../../shared/types';
import { useConfig } from '../../lib/config';
import { type Coordinates, currentPosition, MAP_BUTTON_GEOLOCATION } from '../../lib/geolocation';
import { useToast } from '../../ui/toast';
import type { MapHandle } from './map-engine';
import { isMapUnavailable, setMapStatus, useMapStatus } from './map-status';

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

/** MapLibre's own texts (control titles, gesture hints), which are English unless given. */
function mapLocale(intl: IntlShape): Record<string, string> {
  const text = (id: string) => intl.formatMessage({ id });
  return {
    'Map.Title': text('map.ui.title'),
    'NavigationControl.ZoomIn': text('map.ui.zoomIn'),
    'NavigationControl.ZoomOut': text('map.ui.zoomOut'),
    'AttributionControl.ToggleAttribution': text('map.ui.toggleAttribution'),
    'AttributionControl.MapFeedback': text('map.ui.mapFeedback'),
    'Marker.Title': text('map.ui.marker'),
    'Popup.Close': text('map.ui.closePopup'),
    'CooperativeGesturesHandler.WindowsHelpText': text('map.gestures.ctrl'),
    'CooperativeGesturesHandler.MacHelpText': text('map.gestures.cmd'),
    'CooperativeGesturesHandler.MobileHelpText': text('map.gestures.touch'),
  };
}

/** MapLibre map of the stone's finds, loaded only in the browser and only when the page needs it. */
export function StoneMap({ finds, selected, onPick }: StoneMapProps) {
  const intl = useIntl();
  const toast = useToast();
  const { mapStyleUrl } = useConfig();
  const container = useRef<HTMLElement>(null);
  const [handle, setHandle] = useState<MapHandle | null>(null);
  const status = useMapStatus();
  const [locating, setLocating] = useState(false);
  const onPickRef = useRef(onPick);
  onPickRef.current = onPick;
  const intlRef = useRef(intl);
  intlRef.current = intl;

  // The map is made again when the page language changes: its control texts are fixed at creation.
  // biome-ignore lint/correctness/useExhaustiveDependencies: intl.locale is read through intlRef.
  useEffect(() => {
    // Effects never run on the server; the guard also keeps MapLibre out of the Worker bundle.
    if (import.meta.env.SSR) return;
    let cancelled = false;
    let created: MapHandle | null = null;
    setMapStatus('loading');
    void import('./map-engine').then(
      ({ createMap }) => {
        if (cancelled || !container.current) return;
        try {
          created = createMap(container.current, {
            styleUrl: new URL(mapStyleUrl, window.location.href).toString(),
            center: GERMANY_CENTER,
            zoom: ZOOM_DEFAULT,
            locale: mapLocale(intlRef.current),
            onClick: (position) => onPickRef.current?.(position),
          });
        } catch (error) {
          // No WebGL2 (old browser, disabled graphics acceleration): the page works without the map.
          console.warn('The map cannot be shown:', error);
          setMapStatus('unsupported');
          return;
        }
        setHandle(created);
        setMapStatus('ready');
      },
      (error: unknown) => {
        // The map's code did not arrive (offline, a deploy replaced the chunk).
        console.warn('The map could not be loaded:', error);
        if (!cancelled) setMapStatus('failed');
      },
    );
    return () => {
      cancelled = true;
      created?.destroy();
      setHandle(null);
      setMapStatus('loading');
    };
  }, [mapStyleUrl, intl.locale]);

  useEffect(() => {
    handle?.showFinds(finds, ZOOM_WITH_FINDS);
  }, [handle, finds]);

  useEffect(() => {
    if (handle && selected) handle.showSelection(selected, ZOOM_SELECTED, TEMP_MARKER_MS);
  }, [handle, selected]);

  const locate = async () => {
    setLocating(true);
    try {
      const position = await currentPosition(MAP_BUTTON_GEOLOCATION, intl);
      if (onPick) onPick(position);
      else handle?.showSelection(position, ZOOM_SELECTED, TEMP_MARKER_MS);
    } catch (error) {
      toast({ title: intl.formatMessage({ id: 'geo.error.title' }), description: (error as Error).message, variant: 'error' });
    } finally {
      setLocating(false);
    }
  };

  const unavailable = isMapUnavailable(status);

  return (
    <div className="relative">
      <section
        ref={container}
        aria-label={intl.formatMessage({ id: 'map.label' })}
        data-testid="stone-map"
        data-ready={handle ? 'true' : 'false'}
        data-status={status}
        className="h-80 w-full overflow-hidden rounded-xl bg-stone-200 sm:h-96"
      />
      {status === 'loading' ? (
        <p className="pointer-events-none absolute inset-0 flex items-center justify-center text-sm text-stone-600">
          <FormattedMessage id="map.loading" />
        </p>
      ) : null}
      {unavailable ? (
        <p role="status" className="absolute inset-0 flex items-center justify-center p-6 text-center text-sm text-stone-700">
          <FormattedMessage id={status === 'failed' ? 'map.loadError' : 'map.unavailable'} />
        </p>
      ) : null}
      {/* Without a map, "my position" has nothing to show on the read-only page; the find form has its own GPS button. */}
      {unavailable ? null : (
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
          <FormattedMessage id={locating ? 'map.locating' : 'map.locate'} />
        </button>
      )}
    </div>
  );
}
