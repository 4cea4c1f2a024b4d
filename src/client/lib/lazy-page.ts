import { type ComponentType, lazy } from 'react';
import type { PageProps } from '../../shared/routes';

export type PageComponent = ComponentType<PageProps>;
type PageModule = { default: PageComponent };

/**
 * React.lazy that can be loaded ahead of rendering. Once `preload()` has resolved, rendering the component does
 * not suspend: the Worker preloads the current screen so its first render (even the first of an isolate) puts the
 * screen's <title> and meta tags in <head>, and the browser preloads it before hydrating.
 */
export function lazyPage(load: () => Promise<PageModule>, ready?: PageModule) {
  let loaded: PageModule | undefined = ready;
  let loading: Promise<PageModule> | undefined;
  const preload = (): Promise<PageModule> => {
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
    if (ready) return { then: (resolve: (module: PageModule) => void) => resolve(ready) } as unknown as Promise<PageModule>;
    return preload();
  });
  return Object.assign(Component, { preload });
}
