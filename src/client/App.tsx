import { Suspense } from 'react';
import { FormattedMessage } from 'react-intl';
import { matchRoute, type PageName } from '../shared/routes';
import { FindDialogProvider } from './features/find-dialog/find-dialog';
import { Footer } from './features/layout/footer';
import { Header } from './features/layout/header';
import { lazyPage } from './lib/lazy-page';
import { ScrollOnNavigate, useRouter } from './lib/router';
import { ScreenBoundary } from './ui/screen-boundary';
import { Spinner } from './ui/spinner';

// One lazily loaded module per screen; the Worker preloads the current one (see virtual:client-assets).
const HomePage = lazyPage(() => import('./pages/home'));
const StonePage = lazyPage(() => import('./pages/stone'));
const NotFoundPage = lazyPage(() => import('./pages/not-found'));

const screens: Record<PageName, { preload: () => Promise<unknown> }> = {
  home: HomePage,
  stone: StonePage,
  view: StonePage,
  notFound: NotFoundPage,
};

/** Loads the module of a screen, so that rendering it does not suspend. */
export function preloadScreen(page: PageName): Promise<unknown> {
  return screens[page].preload();
}

function Page() {
  const { location } = useRouter();
  const match = matchRoute(location.pathname);
  switch (match.page) {
    case 'home':
      return <HomePage />;
    case 'stone':
    case 'view':
      return <StonePage key={match.params.code} code={match.params.code ?? ''} readOnly={match.page === 'view'} />;
    case 'notFound':
      return <NotFoundPage />;
  }
}

/** The app shell around the current screen. */
export function App() {
  const { location } = useRouter();
  return (
    <FindDialogProvider>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        <FormattedMessage id="nav.skip" />
      </a>
      <div className="flex min-h-screen flex-col">
        <Header />
        <main id="main" className="flex-1">
          <ScreenBoundary key={location.pathname}>
            <Suspense fallback={<Spinner />}>
              <Page />
              <ScrollOnNavigate />
            </Suspense>
          </ScreenBoundary>
        </main>
        <Footer />
      </div>
    </FindDialogProvider>
  );
}
