import { lazy, Suspense, useEffect, useState } from 'react';
import { useConsent } from '../consent/consent-store';

// The dialog's code (Radix) comes when the dialog is due, not with the stone page.
const WelcomeDialogPanel = lazy(() => import('./welcome-dialog-panel'));

/**
 * Spec: shown 500 ms after the stone page loads, once per code, remembered in localStorage. A first visitor meets
 * the cookie banner first: the delay starts once a choice is stored (the consent store tells), never both at once.
 */
export const WELCOME_DELAY_MS = 500;
export const welcomeStorageKey = (code: string) => `welcome-shown:${code}`;

function alreadyShown(code: string): boolean {
  try {
    return window.localStorage.getItem(welcomeStorageKey(code)) !== null;
  } catch {
    return false;
  }
}

function remember(code: string) {
  try {
    window.localStorage.setItem(welcomeStorageKey(code), new Date().toISOString());
  } catch {
    // Storage can be disabled (private mode): the dialog may then show again, which is harmless.
  }
}

export function WelcomeDialog({ code, title, onLogFind }: { code: string; title: string; onLogFind: () => void }) {
  const [due, setDue] = useState(false);
  // undefined while hydrating, null while the banner waits for a choice.
  const decided = useConsent() != null;
  useEffect(() => {
    if (alreadyShown(code)) return;
    // A finder who chose "log find now" is already on the way to the form.
    if (window.location.hash === '#find-form') {
      remember(code);
      return;
    }
    if (!decided) return;
    const timer = setTimeout(() => {
      remember(code);
      setDue(true);
    }, WELCOME_DELAY_MS);
    return () => clearTimeout(timer);
  }, [code, decided]);
  if (!due) return null;
  return (
    <Suspense fallback={null}>
      <WelcomeDialogPanel title={title} onLogFind={onLogFind} />
    </Suspense>
  );
}
