import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';

/** Spec: shown 500 ms after the stone page loads, once per code, remembered in localStorage. */
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
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const logFind = useRef(false);
  useEffect(() => {
    if (alreadyShown(code)) return;
    // A finder who chose "log find now" is already on the way to the form.
    if (window.location.hash === '#find-form') {
      remember(code);
      return;
    }
    const timer = setTimeout(() => {
      remember(code);
      setOpen(true);
    }, WELCOME_DELAY_MS);
    return () => clearTimeout(timer);
  }, [code]);

  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      // Move to the form only once the dialog has let go of focus, so the form's field keeps it.
      onClosedFocus={() => {
        if (!logFind.current) return false;
        logFind.current = false;
        onLogFind();
        return true;
      }}
      title={intl.formatMessage({ id: 'welcome.title' }, { title })}
      description={intl.formatMessage({ id: 'welcome.text' })}
    >
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button
          className="flex-1"
          onClick={() => {
            logFind.current = true;
            setOpen(false);
          }}
        >
          <FormattedMessage id="welcome.log" />
        </Button>
        <Button variant="secondary" className="flex-1" onClick={() => setOpen(false)}>
          <FormattedMessage id="welcome.continue" />
        </Button>
      </div>
    </Dialog>
  );
}
