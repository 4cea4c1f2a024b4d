import { Suspense, useState } from 'react';
import { matchRoute, type PageProps, type RouteMatch } from '../shared/routes';
import { ConsentManager } from './features/consent/consent-manager';
import { CreatorProvider } from './features/creator/creator';
import { FindDialogProvider } from './features/find-dialog/find-dialog';
import { Header } from './features/layout/header';
import { Footer } from './features/layout/parts';
import { FormattedMessage } from './lib/intl-react';
import { lazyPage, type PageComponent } from './lib/lazy-page';
import { ScrollOnNavigate, useRouter } from './lib/router';
import { loadScreenMessages } from './lib/screen-messages';
import { ScreenBoundary } from './ui/screen-boundary';
import { Spinner } from './ui/spinner';

// One lazily loaded module per file in pages/; the registry (src/shared/routes.ts) names the file of each screen.
// A page whose parts hydrate after it (pages/stone.tsx) names their loader, `preloadParts`.
const pageLoaders = import.meta.glob<{ default: PageComponent; preloadParts?: () => Promise<unknown> }>('./pages/*.tsx');
const pages = new Map<string, ReturnType<typeof lazyPage<PageProps>>>();

function pageOf(match: RouteMatch) {
  const name = match.screen.page;
  let page = pages.get(name);
  if (!page) {
    const load = pageLoaders[`./pages/${name}.tsx`];
    if (!load) throw new Error(`src/client/pages/${name}.tsx is missing`);
    // The screen's own texts come with its module, in the page's language.
    const messages = match.screen.messages;
    page = lazyPage(() =>
      Promise.all([load(), loadScreenMessages(messages)]).then(([module]) => {
        // Its parts start loading with it. The first page hydrates without waiting for them (its HTML has them); a
        // page the app navigates to shows them at once, so it waits (and shows without them if they fail to load).
        const parts = module.preloadParts?.().then(
          () => module,
          () => module,
        );
        const navigated = typeof document !== 'undefined' && document.documentElement.dataset.hydrated === 'true';
        return (navigated && parts) || module;
      }),
    );
    pages.set(name, page);
  }
  return page;
}

/**
 * The Worker has every page module at hand (one bundle): it hands them over at start-up, so a server render never
 * waits on a module promise — one made by an earlier request that failed would never settle in a later one.
 */
export function providePages(modules: Record<string, { default: PageComponent }>): void {
  for (const [path, module] of Object.entries(modules)) {
    const name = path.match(/\/pages\/([\w-]+)\.tsx$/)?.[1];
    if (name)
      pages.set(
        name,
        lazyPage(() => Promise.resolve(module), module),
      );
  }
}

/** Loads the module of a screen, so that rendering it does not suspend (the Worker and main.tsx wait for it). */
export function preloadPage(match: RouteMatch): Promise<unknown> {
  return pageOf(match).preload();
}

// The page's <head> comes from the server; the browser takes it over with its first client-side navigation, so
// the head of every screen (shared/heads.ts) is not in a page's first JavaScript. The Worker preloads it.
const RouteHead = lazyPage(() => import('./lib/route-head').then((module) => ({ default: module.RouteHead })));
export const preloadRouteHead = RouteHead.preload;

function Page({ match }: { match: RouteMatch }) {
  const Component = pageOf(match);
  return <Component params={match.params} screen={match.name} />;
}

/** The app shell around the current screen. */
export function App() {
  const { location } = useRouter();
  const match = matchRoute(location.pathname);
  const [firstPath] = useState(location.pathname);
  const [headTaken, setHeadTaken] = useState(import.meta.env.SSR);
  if (!headTaken && location.pathname !== firstPath) setHeadTaken(true);
  return (
    <FindDialogProvider>
      <CreatorProvider>
        {/* The Worker has it loaded (no boundary in its HTML, which hydration would not meet); the browser waits. */}
        {import.meta.env.SSR ? (
          <RouteHead match={match} />
        ) : headTaken ? (
          <Suspense fallback={null}>
            <RouteHead match={match} />
          </Suspense>
        ) : null}
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
        >
          <FormattedMessage id="core.nav.skip" />
        </a>
        <div className="flex min-h-screen flex-col">
          <Header />
          <main id="main" className="flex-1">
            <ScreenBoundary key={location.pathname}>
              <Suspense fallback={<Spinner />}>
                <Page key={location.pathname} match={match} />
                <ScrollOnNavigate />
              </Suspense>
            </ScreenBoundary>
          </main>
          <Footer />
        </div>
        <ConsentManager />
      </CreatorProvider>
    </FindDialogProvider>
  );
}
