import { useEffect } from 'react';
import { preloadModule } from 'react-dom';
import type { InitialData } from '../shared/initial-data';
import { App } from './App';
import { ConfigContext } from './lib/config';
import { HYDRATED_EVENT } from './lib/deferred-hydration';
import { intlFor } from './lib/intl';
import { RawIntlProvider } from './lib/intl-react';
import { type QueryClient, QueryClientProvider } from './lib/query';
import { type Location, RouterProvider } from './lib/router';
import { ToastProvider } from './ui/toast';

interface DocumentProps {
  data: InitialData;
  location: Location;
  queryClient: QueryClient;
}

/** The whole HTML document: the Worker streams it, the browser hydrates it. */
export function Document({ data, location, queryClient }: DocumentProps) {
  // A page that hydrates after load names its modules only to the script that loads them then.
  if (!data.hydrate || typeof document !== 'undefined') {
    for (const href of data.assets.preload) preloadModule(href, { as: 'script' });
  }
  // Marks the page as interactive (for styles and for the browser tests, which wait for it), and tells the
  // after-load script, which then presses a button tapped before.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
    window.dispatchEvent(new Event(HYDRATED_EVENT));
  }, []);
  return (
    // The inline script marks <html> before hydration (the cookie banner's data-cookie-banner-open).
    <html lang={data.locale} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#292524" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="manifest" href="/manifest.webmanifest" />
        <link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />
        {data.assets.css.map((href) => (
          <link key={href} rel="stylesheet" href={href} precedence="default" />
        ))}
      </head>
      <body className="min-h-screen bg-stone-50 font-sans text-stone-900 antialiased">
        <ConfigContext.Provider value={data.config}>
          <QueryClientProvider client={queryClient}>
            <RawIntlProvider value={intlFor(data.locale)}>
              <RouterProvider initial={location}>
                <ToastProvider>
                  <App />
                </ToastProvider>
              </RouterProvider>
            </RawIntlProvider>
          </QueryClientProvider>
        </ConfigContext.Provider>
      </body>
    </html>
  );
}
