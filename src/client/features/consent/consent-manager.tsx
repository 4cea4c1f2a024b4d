import { lazy, Suspense, useEffect } from 'react';
import { useConfig } from '../../lib/config';
import { applyConsent } from './analytics';
import { useConsent, useConsentSettingsOpen } from './consent-store';

// The banner's code and texts load only for a visitor who has not decided yet (or reopens the settings).
const CookieBanner = lazy(() => import('./cookie-banner'));

/** Spec §2 cookie banner and §4 consent: shows the banner until a choice is stored, and tells analytics the choice. */
export function ConsentManager() {
  const { analyticsId } = useConfig();
  const consent = useConsent();
  const settingsOpen = useConsentSettingsOpen();
  useEffect(() => {
    if (consent !== undefined) applyConsent(analyticsId, consent);
  }, [analyticsId, consent]);
  if (consent === undefined || (consent && !settingsOpen)) return null;
  return (
    <Suspense fallback={null}>
      <CookieBanner current={consent} settingsOpen={settingsOpen} />
    </Suspense>
  );
}
