import { type ComponentType, createElement, lazy, memo, Suspense, useEffect } from 'react';
import type { PageProps } from '../../shared/routes';
import { pressHeldTap } from './held-taps';

export type PageComponent = ComponentType<PageProps>;
type PageModule<P = PageProps> = { default: ComponentType<P> };

/**
 * React.lazy that can be loaded ahead of rendering. Once `preload()` has resolved, rendering the component does
 * not suspend: the Worker preloads the current screen so its first render (even the first of an isolate) puts the
 * screen's <title> and meta tags in <head>, and the browser preloads it before hydrating.
 */
export function lazyPage<P = PageProps>(load: () => Promise<PageModule<P>>, ready?: PageModule<P>) {
  let loaded: PageModule<P> | undefined = ready;
  let loading: Promise<PageModule<P>> | undefined;
  const preload = (): Promise<PageModule<P>> => {
    if (loaded) return Promise.resolve(loaded);
    loading ??= load().then(
      (module) => {
        loaded = module;
        return module;
      },
      (error: unknown) => {
        loading = undefined; // a later preload() tries again (a render that failed is handled by ScreenBoundary)
        throw error;
      },
    );
    return loading;
  };
  // A thenable that resolves synchronously lets React take the module without suspending.
  const Component = lazy(() => {
    const ready = loaded;
    // biome-ignore lint/suspicious/noThenProperty: a synchronous thenable is the point (see above).
    if (ready) return { then: (resolve: (module: PageModule<P>) => void) => resolve(ready) } as unknown as Promise<PageModule<P>>;
    return preload();
  });
  return Object.assign(Component, { preload });
}

/** The preloads of every part made with lazyPart (on the server only). */
const serverParts = new Set<() => Promise<unknown>>();

/**
 * A part of a page that the browser loads after the page's first JavaScript (React.lazy in a Suspense boundary),
 * but that the Worker renders in place: it loads every part before it renders (preloadParts), so the page's HTML
 * has the part where it belongs instead of revealing it later, and the browser hydrates the part once its module
 * has arrived — then a button tapped before it was there is pressed (held-taps.ts).
 */
export function lazyPart<P>(load: () => Promise<PageModule<P>>) {
  const part = lazyPage<P>(() => load().then(({ default: Component }) => ({ default: pressingHeldTap(Component) })));
  if (import.meta.env.SSR) serverParts.add(part.preload);
  return part;
}

function pressingHeldTap<P>(Component: ComponentType<P>): ComponentType<P> {
  return function HydratedPart(props: P) {
    useEffect(pressHeldTap, []);
    return createElement(Component as ComponentType<object>, props as object);
  };
}

/** Loads every part made with lazyPart (the Worker, before it renders a page). */
export const preloadParts = (): Promise<unknown> => Promise.all([...serverParts].map((preload) => preload()));

/**
 * A lazyPart in a Suspense boundary of its own, memoised: a parent that renders again (with the same props) before
 * the part has arrived must not render a boundary React has not hydrated yet, which would drop the server's HTML and
 * show nothing until the part is there. If its module cannot be loaded, the part stays as the server sent it
 * (readable, its links working, just not interactive) rather than the page being replaced by an error.
 * `preload()` loads it (and fails when it cannot), so that a screen the app navigates to shows it at once.
 */
export function boundedPart<P extends object>(load: () => Promise<PageModule<P>>) {
  const module = lazyPage<P>(load);
  const stayAsSent = (error: unknown): Promise<PageModule<P>> => {
    console.warn('A part of this page could not be loaded; it stays as sent by the server.', error);
    return new Promise(() => {});
  };
  const Part = lazyPart<P>(() => module.preload().catch(stayAsSent));
  const Rendered = Part as unknown as ComponentType<P>;
  // biome-ignore lint/correctness/noComponentHookFactories: made once per part at module level, as React.lazy is
  const Bounded = memo(function BoundedPart(props: P) {
    return createElement(Suspense, { fallback: null }, createElement(Rendered, props));
  });
  return Object.assign(Bounded, { preload: () => module.preload().then(() => Part.preload()) });
}
