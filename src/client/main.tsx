import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { intlTag } from '../shared/i18n/locale';
import { INITIAL_DATA_GLOBAL, type InitialData } from '../shared/initial-data';
import { matchRoute } from '../shared/routes';
import { preloadPage } from './App';
import { Document } from './document';
import { BANNER_OPEN_ATTRIBUTE } from './features/consent/banner-script';
import { preloadCookieBanner } from './features/consent/consent-manager';
import { watchTaps } from './lib/held-taps';
import { provideMessages } from './lib/intl';
import { createQueryClient } from './lib/query-client';
import { loadCatalog, loadScreenMessages, setScreenLocale } from './lib/screen-messages';
import './styles.css';

declare global {
  interface Window {
    [INITIAL_DATA_GLOBAL]?: InitialData;
  }
}

const data = window[INITIAL_DATA_GLOBAL];
if (!data) throw new Error('initial data missing');
const queryClient = createQueryClient();
for (const { key, data: value } of data.queries) queryClient.setQueryData(key, value);
const { pathname, search, hash } = window.location;
watchTaps();

const hydrate = () =>
  startTransition(() => {
    hydrateRoot(document, <Document data={data} location={{ pathname, search, hash }} queryClient={queryClient} />);
  });
// Only this page's language travels to the browser: its core texts now, its namespaces as they are needed.
setScreenLocale(data.locale, data.texts);
const loadMessages = loadCatalog(data.texts.core).then((messages) => provideMessages(data.locale, messages));
// The screen's module and the texts are already on their way (modulepreload); hydrating after they arrive avoids
// a suspended pass. If they cannot be loaded, the page stays as the server sent it — readable, just not
// interactive — rather than being replaced by an error.
// A visitor who still has to choose (the inline script has opened the cookie banner) gets the banner's buttons
// working with the page: its code comes before hydrating, otherwise React would drop a tap on the banner while
// its part of the page waits for it. Without it the page still hydrates, the banner later.
const banner = document.documentElement.hasAttribute(BANNER_OPEN_ATTRIBUTE)
  ? Promise.all([preloadCookieBanner(), loadScreenMessages(['consent'])]).catch(() => undefined)
  : null;
// The browser's first Intl formatter loads the locale data of all of them (15–20 ms on a fast machine, four times
// that on a phone): made in a task of its own while the modules arrive, not inside one of hydration's slices.
const formats = new Promise<void>((resolve) =>
  setTimeout(() => {
    new Intl.NumberFormat(intlTag[data.locale]).format(0);
    resolve();
  }, 0),
);
Promise.all([loadMessages, preloadPage(matchRoute(pathname)), banner, formats]).then(hydrate, (error: unknown) => {
  console.warn('The code of this screen could not be loaded; the page stays as sent by the server.', error);
});

// Offline stone pages and finds (service worker, kept finds): loaded once the page has loaded and the browser is
// idle (hydrating comes first; this script may itself run after the load), so none of it is in the first
// JavaScript of a page or in one of hydration's tasks.
const startOffline = () =>
  void import('./features/offline').then(
    ({ startOffline }) => startOffline(),
    () => undefined,
  );
const whenIdle = () =>
  'requestIdleCallback' in window ? requestIdleCallback(startOffline, { timeout: 2000 }) : setTimeout(startOffline, 1);
if (document.readyState === 'complete') whenIdle();
else window.addEventListener('load', whenIdle, { once: true });
