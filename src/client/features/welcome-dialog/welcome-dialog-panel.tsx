import { useRef, useState } from 'react';
import { FormattedMessage, useIntl } from '../../lib/intl-react';
import { useTexts } from '../../lib/screen-messages';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';

/** The dialog itself (Radix), loaded only when it is time to show it. */
export default function WelcomeDialogPanel({ title, onLogFind }: { title: string; onLogFind: () => void }) {
  // Its texts come with it (namespace welcome), not with the stone page's first JavaScript.
  useTexts('welcome');
  const intl = useIntl();
  const [open, setOpen] = useState(true);
  const logFind = useRef(false);
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
          <FormattedMessage id="stone-parts.welcome.log" />
        </Button>
        <Button variant="secondary" className="flex-1" onClick={() => setOpen(false)}>
          <FormattedMessage id="welcome.continue" />
        </Button>
      </div>
    </Dialog>
  );
}
