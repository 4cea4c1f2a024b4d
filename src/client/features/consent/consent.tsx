import { lazy, Suspense, useEffect, useState } from 'react';
import { useConfig } from '../../lib/config';
import { readConsent, useConsentSettingsOpen } from './consent-store';

// Consent and analytics code is needed only by an undecided visitor, by a site with analytics (it must hear the
// choice), or when someone reopens the settings: it is not part of any page's first JavaScript.
const ConsentManager = lazy(() => import('./consent-manager'));

export function Consent() {
  const { analyticsId } = useConfig();
  const settingsOpen = useConsentSettingsOpen();
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    if (analyticsId || readConsent() === null) setNeeded(true);
  }, [analyticsId]);
  if (!needed && !settingsOpen) return null;
  return (
    <Suspense fallback={null}>
      <ConsentManager />
    </Suspense>
  );
}
