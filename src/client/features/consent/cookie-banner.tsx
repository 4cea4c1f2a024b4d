import { lazy, Suspense } from 'react';
import { FormattedMessage } from '../../lib/intl-react';
import { Link } from '../../lib/router';
import { useTexts } from '../../lib/screen-messages';
import { Button } from '../../ui/button';
import { type ConsentSettings, closeConsentSettings, openConsentSettings, saveConsent } from './consent-store';

// The settings dialog (and the dialog code) loads when the visitor opens it, not with the banner.
const Settings = lazy(() => import('./consent-settings'));

export default function CookieBanner(props: { current: ConsentSettings | null; settingsOpen: boolean }) {
  useTexts('consent');
  return <Banner {...props} />;
}

function Banner({ current, settingsOpen }: { current: ConsentSettings | null; settingsOpen: boolean }) {
  const choose = (analytics: boolean, marketing: boolean) => {
    saveConsent({ analytics, marketing });
    closeConsentSettings();
  };
  return (
    <>
      {current ? null : (
        <section
          data-cookie-banner
          aria-labelledby="cookie-banner-title"
          className="fixed inset-x-0 bottom-0 z-30 border-t border-stone-200 bg-white p-3 shadow-[0_-4px_16px_rgb(0_0_0/0.08)] sm:p-4"
        >
          <div className="mx-auto flex max-w-6xl flex-col gap-3 md:flex-row md:items-center md:justify-between">
            <div className="space-y-1 text-sm text-stone-700">
              <h2 id="cookie-banner-title" className="font-semibold text-stone-900">
                <FormattedMessage id="consent.title" />
              </h2>
              <p>
                <FormattedMessage id="consent.text" />{' '}
                <Link href="/datenschutz" className="underline">
                  <FormattedMessage id="consent.privacy" />
                </Link>
              </p>
            </div>
            {/* One row on a phone too, so the banner leaves the page's first screen as much room as it can. */}
            <div className="grid grid-cols-3 gap-2 sm:flex sm:flex-wrap">
              <Button variant="ghost" onClick={openConsentSettings}>
                <FormattedMessage id="consent.customize" />
              </Button>
              <Button variant="secondary" onClick={() => choose(false, false)}>
                <FormattedMessage id="consent.necessaryOnly" />
              </Button>
              <Button onClick={() => choose(true, true)}>
                <FormattedMessage id="consent.acceptAll" />
              </Button>
            </div>
          </div>
        </section>
      )}
      {settingsOpen ? (
        <Suspense fallback={null}>
          <Settings current={current} onSave={choose} />
        </Suspense>
      ) : null}
    </>
  );
}
