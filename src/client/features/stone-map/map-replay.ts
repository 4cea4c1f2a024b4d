import type { IControl, Map as MapLibreMap } from 'maplibre-gl';
import { formatDay } from '../../../shared/dates';
import { pickLocale } from '../../../shared/i18n/locale';
import type { MapText } from './map-handle';

/** One stop of the replay: a counted find with a position. */
export interface ReplayStop {
  latitude: number;
  longitude: number;
  location: string;
  createdAt: string;
}

/** How long the map rests on a find before it moves on, and how long a move takes (without reduced motion). */
export const REPLAY_HOLD_MS = 1500;
const FLY_MS = 1200;
const STOP_ZOOM = 9;

/**
 * "Replay the journey": a map control that follows the route find by find, saying each find's number,
 * place and date in a live region; it pauses and goes on. With reduced motion the map jumps from find to find
 * instead of flying. It lives in the lazily loaded map module, so the page's first JavaScript carries none of it.
 */
export class ReplayControl implements IControl {
  private container: HTMLElement | null = null;
  private button: HTMLButtonElement | null = null;
  private status: HTMLElement | null = null;
  private map: MapLibreMap | null = null;
  private step = -1;
  private playing = false;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private stops: ReplayStop[],
    private text: MapText,
  ) {}

  onAdd(map: MapLibreMap): HTMLElement {
    this.map = map;
    const container = document.createElement('div');
    container.className = 'maplibregl-ctrl maplibregl-ctrl-group bg-white px-2 py-1 text-sm';
    container.dataset.testid = 'journey-replay';
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'w-auto! px-2 font-semibold';
    button.addEventListener('click', () => (this.playing ? this.pause() : this.play()));
    const status = document.createElement('p');
    status.setAttribute('aria-live', 'polite');
    status.className = 'max-w-56 px-1 text-stone-700';
    container.append(button, status);
    this.container = container;
    this.button = button;
    this.status = status;
    this.render();
    return container;
  }

  onRemove(): void {
    clearTimeout(this.timer);
    this.container?.remove();
    this.map = null;
  }

  private reducedMotion(): boolean {
    return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  }

  private play(): void {
    this.playing = true;
    if (this.step >= this.stops.length - 1) this.step = -1;
    this.render();
    this.next();
  }

  private pause(): void {
    this.playing = false;
    clearTimeout(this.timer);
    this.render();
  }

  /** Moves to the next find; once the move's time and REPLAY_HOLD_MS have passed, goes on, until the last. */
  private next(): void {
    const map = this.map;
    const stop = this.stops[this.step + 1];
    if (!map || !this.playing) return;
    if (!stop) {
      this.pause();
      return;
    }
    this.step += 1;
    this.render();
    const camera = { center: [stop.longitude, stop.latitude] as [number, number], zoom: STOP_ZOOM };
    const jump = this.reducedMotion();
    if (jump) map.jumpTo(camera);
    else map.flyTo({ ...camera, duration: FLY_MS, essential: false });
    // Timed, not on `moveend`: a map whose style has not loaded (offline, a failed tile server) may never end a
    // move, and the replay still goes on telling the finds.
    this.timer = setTimeout(() => this.next(), (jump ? 0 : FLY_MS) + REPLAY_HOLD_MS);
  }

  private render(): void {
    if (!this.button || !this.status || !this.container) return;
    this.container.dataset.playing = String(this.playing);
    this.container.dataset.step = String(this.step + 1);
    this.container.dataset.motion = this.reducedMotion() ? 'jump' : 'fly';
    this.button.textContent = this.text(this.playing ? 'stone-map.replay.pause' : 'stone-map.replay.play');
    this.button.setAttribute('aria-pressed', String(this.playing));
    const stop = this.stops[this.step];
    this.status.textContent = stop
      ? this.text('stone-map.replay.step', {
          n: String(this.step + 1),
          total: String(this.stops.length),
          place: stop.location,
          // The page's language, as <html lang> names it (the replay lives outside React).
          date: formatDay(stop.createdAt, pickLocale(document.documentElement.lang)),
        })
      : '';
  }
}
