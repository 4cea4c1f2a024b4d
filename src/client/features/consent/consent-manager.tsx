import { memo, Suspense, useEffect } from 'react';
import { matchRoute } from '../../../shared/routes';
import { useConfig } from '../../lib/config';
import { lazyPage } from '../../lib/lazy-page';
import { useRouter } from '../../lib/router';
import { BANNER_OPEN_ATTRIBUTE } from './banner-script';
import { type ConsentSettings, useConsent, useConsentSettingsOpen } from './consent-store';

// The banner's code and texts load in the browser only for a visitor who has not decided yet (or reopens the
// settings); until then its server-rendered HTML stays as sent (a Suspense boundary React hydrates later).
const CookieBanner = lazyPage(() => import('./cookie-banner'));

/** The Worker loads the banner before rendering, so that even an isolate's first page has it in one piece. */
export const preloadCookieBanner = CookieBanner.preload;

/**
 * The banner in its own Suspense boundary. Memoised: the consent read from storage right after hydration must not
 * re-render a boundary React has not hydrated yet (it would drop the server's HTML and show nothing meanwhile).
 */
const Banner = memo(function Banner({ current, settingsOpen }: { current: ConsentSettings | null; settingsOpen: boolean }) {
  return (
    <Suspense fallback={null}>
      <CookieBanner current={current} settingsOpen={settingsOpen} />
    </Suspense>
  );
});

const isSecretScreen = (pathname: string) => matchRoute(pathname).screen.secret !== undefined;

/** Whether this document was loaded at a secret screen (evaluated once, in the browser, with the first address). */
const documentOpenedSecret = typeof window !== 'undefined' && isSecretScreen(window.location.pathname);

/**
 * The cookie banner: shows it until a choice is stored, and tells analytics the choice.
 * The server and the hydration render the banner for everyone (the choice is in the browser's storage): the page's
 * inline script (banner-script.ts) decides before the first paint whether it is seen, and after hydration the
 * stored choice removes it for a visitor who has decided.
 */
export function ConsentManager() {
  const { analyticsId } = useConfig();
  const consent = useConsent();
  const settingsOpen = useConsentSettingsOpen();
  const { pathname } = useRouter().location;
  // A screen whose address is secret (an owner's link, a mail link's token, the operator's area, the payment's
  // return) never starts analytics: its address would reach a third party (analytics.ts keeps it so afterwards).
  // Nor does a document that opened on one: its Content-Security-Policy has no room for analytics (app.ts).
  const secret = documentOpenedSecret || isSecretScreen(pathname);
  useEffect(() => {
    // Analytics' code loads only where the site has it (ANALYTICS_ID): it is not in a page's first JavaScript.
    if (consent === undefined || !analyticsId || secret) return;
    void import('./analytics').then(
      ({ applyConsent }) => applyConsent(analyticsId, consent),
      () => {},
    );
  }, [analyticsId, consent, secret]);
  useEffect(() => {
    // Also when the inline script could not run: the app has decided that the banner is to be seen.
    if (consent === null) document.documentElement.setAttribute(BANNER_OPEN_ATTRIBUTE, '');
  }, [consent]);
  if (consent && !settingsOpen) return null;
  return <Banner current={consent ?? null} settingsOpen={settingsOpen} />;
}
