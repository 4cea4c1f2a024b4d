import { lazy, Suspense } from 'react';
import { FormattedMessage } from 'react-intl';
import { matchRoute } from '../shared/routes';
import { FindDialogProvider } from './features/find-dialog/find-dialog';
import { Footer } from './features/layout/footer';
import { Header } from './features/layout/header';
import { ScrollOnNavigate, useRouter } from './lib/router';
import { Spinner } from './ui/spinner';

// One lazily loaded module per screen; the Worker preloads the current one (see virtual:client-assets).
const HomePage = lazy(() => import('./pages/home'));
const StonePage = lazy(() => import('./pages/stone'));
const NotFoundPage = lazy(() => import('./pages/not-found'));

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
  return (
    <FindDialogProvider>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
        <FormattedMessage id="nav.skip" />
      </a>
      <div className="flex min-h-screen flex-col">
        <Header />
        <main id="main" className="flex-1">
          <Suspense fallback={<Spinner />}>
            <Page />
            <ScrollOnNavigate />
          </Suspense>
        </main>
        <Footer />
      </div>
    </FindDialogProvider>
  );
}
