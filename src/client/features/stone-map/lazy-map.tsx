import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { useConfig } from '../../lib/config';
import type { Coordinates } from '../../lib/geolocation';
import { FormattedMessage, useIntl } from '../../lib/intl-react';
import { withTexts } from '../../lib/screen-messages';
import type { MapHandle } from './map-handle';
import { isMapUnavailable, type MapStatus, setMapStatus, useMapStatus } from './map-status';

/** Germany at zoom 6 by default. */
export const GERMANY_CENTER: [number, number] = [10.4515, 51.1657];
export const ZOOM_DEFAULT = 6;
/**
 * MapLibre is a megabyte of JavaScript and a second of main-thread work on a phone: it starts when the map comes
 * near the screen, but never before the page has loaded and this long has passed, or at once when the person
 * reaches for it (pointer, keyboard, "my position", the start button).
 */
export const MAP_START_DELAY_MS = 3000;
const NEAR_SCREEN = '200px 0px';

/** Resolves once the page has loaded, the delay has passed and the browser has a quiet moment. */
function afterLoadAndIdle(delayMs: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const idle = () => {
      if (signal.aborted) return;
      if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: 2000 });
      else resolve();
    };
    const wait = () => {
      const timer = setTimeout(idle, delayMs);
      signal.addEventListener('abort', () => clearTimeout(timer));
    };
    if (document.readyState === 'complete') wait();
    else window.addEventListener('load', wait, { once: true, signal });
  });
}

export interface LazyMap {
  container: RefObject<HTMLElement | null>;
  handle: MapHandle | null;
  status: MapStatus;
  wanted: boolean;
  start: () => void;
}

/**
 * A MapLibre map that loads only in the browser and only when the page needs it (the stone's map, a collection's
 * map): the engine module (map-engine.ts) is imported once the map is near the screen after the load, or reached for.
 */
export function useLazyMap(onClick?: (position: Coordinates) => void): LazyMap {
  const intl = useIntl();
  const { mapStyleUrl } = useConfig();
  const container = useRef<HTMLElement>(null);
  const [handle, setHandle] = useState<MapHandle | null>(null);
  const status = useMapStatus();
  const onClickRef = useRef(onClick);
  onClickRef.current = onClick;
  const intlRef = useRef(intl);
  intlRef.current = intl;
  const [wanted, setWanted] = useState(false);

  // Near the screen, past the first seconds of the load and with a connection: start by itself. Without one the
  // engine's megabyte cannot arrive; the map waits for the connection instead of failing.
  useEffect(() => {
    if (wanted || !container.current) return;
    const stop = new AbortController();
    let near = false;
    let settled = false;
    const maybeStart = () => {
      if (near && settled && navigator.onLine) setWanted(true);
    };
    window.addEventListener('online', maybeStart, { signal: stop.signal });
    const observer = new IntersectionObserver(
      (entries) => {
        near = entries.some((entry) => entry.isIntersecting);
        maybeStart();
      },
      { rootMargin: NEAR_SCREEN },
    );
    observer.observe(container.current);
    void afterLoadAndIdle(MAP_START_DELAY_MS, stop.signal).then(() => {
      settled = true;
      maybeStart();
    });
    return () => {
      stop.abort();
      observer.disconnect();
    };
  }, [wanted]);

  // The map is made again when the page language changes: its control texts are fixed at creation.
  // biome-ignore lint/correctness/useExhaustiveDependencies: intl.locale is read through intlRef.
  useEffect(() => {
    // Effects never run on the server; the guard also keeps MapLibre out of the Worker bundle.
    if (import.meta.env.SSR || !wanted) return;
    let cancelled = false;
    let created: MapHandle | null = null;
    setMapStatus('loading');
    void withTexts('stone-map', () => import('./map-engine'))().then(
      ({ createMap }) => {
        if (cancelled || !container.current) return;
        try {
          created = createMap(container.current, {
            styleUrl: new URL(mapStyleUrl, window.location.href).toString(),
            center: GERMANY_CENTER,
            zoom: ZOOM_DEFAULT,
            texts: (id, values) => String(intlRef.current.formatMessage({ id }, values)),
            onClick: (position) => onClickRef.current?.(position),
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
        // The map's code did not arrive (the connection went, a deploy replaced the chunk). The browser keeps a
        // module that failed as failed: only a new page load tries again, as the note says.
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
  }, [mapStyleUrl, intl.locale, wanted]);

  return { container, handle, status, wanted, start: () => setWanted(true) };
}

/** The map's box with its start button and its loading and failure notes; `children` are buttons over the map. */
export function LazyMapFrame({ map, label, testId, children }: { map: LazyMap; label: string; testId: string; children?: ReactNode }) {
  const { status, wanted, start } = map;
  return (
    // Reaching for the map (a pointer on it, a key in it) starts it at once. The wrapper only listens to what
    // bubbles up from the map and its buttons; the "show the map" button is the control for it.
    // biome-ignore lint/a11y/noStaticElementInteractions: delegation, see above.
    <div className="relative" onPointerDown={start} onKeyDown={start}>
      <section
        ref={map.container}
        aria-label={label}
        data-testid={testId}
        data-ready={map.handle ? 'true' : 'false'}
        data-status={status}
        className="h-80 w-full overflow-hidden rounded-xl bg-stone-200 sm:h-96"
      />
      {status === 'loading' && !wanted ? (
        <div className="absolute inset-0 flex items-center justify-center">
          <button
            type="button"
            onClick={start}
            className="rounded-lg bg-white px-4 py-2 text-sm font-medium shadow hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-amber-600"
          >
            <FormattedMessage id="stone-map.show" />
          </button>
        </div>
      ) : null}
      {status === 'loading' && wanted ? (
        <p className="pointer-events-none absolute inset-0 flex items-center justify-center text-sm text-stone-600">
          <FormattedMessage id="stone-map.loading" />
        </p>
      ) : null}
      {isMapUnavailable(status) ? (
        <p role="status" className="absolute inset-0 flex items-center justify-center p-6 text-center text-sm text-stone-700">
          <FormattedMessage id={status === 'failed' ? 'stone-map.loadError' : 'stone-map.unavailable'} />
        </p>
      ) : null}
      {children}
    </div>
  );
}
