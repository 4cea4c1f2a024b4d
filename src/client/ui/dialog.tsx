import * as RadixDialog from '@radix-ui/react-dialog';
import { type ReactNode, type RefObject, useRef } from 'react';
import { useIntl } from '../lib/intl-react';
import { focusScreen, navigationCount } from '../lib/router';

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** What gets focus when the dialog opens (default: its first focusable element). */
  initialFocus?: RefObject<HTMLElement | null>;
  /**
   * Called once the dialog has closed and released its focus trap; return true when it moved focus itself
   * (e.g. to a form the dialog pointed at), so focus does not go back to the opener.
   */
  onClosedFocus?: () => boolean;
}

/**
 * A modal dialog (Radix): focus moves inside and is trapped there, Escape closes it, and focus returns to the
 * element that had it before — also when the dialog was opened from code rather than a Radix trigger.
 */
export function Dialog({ open, onOpenChange, title, description, children, initialFocus, onClosedFocus }: DialogProps) {
  const intl = useIntl();
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const openedAt = useRef({ href: '', navigations: 0 });
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-stone-900/50" />
        <RadixDialog.Content
          // Radix calls this before moving focus inside, so the active element is still the opener.
          onOpenAutoFocus={(event) => {
            returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
            openedAt.current = { href: window.location.href, navigations: navigationCount() };
            if (initialFocus?.current) {
              event.preventDefault();
              initialFocus.current.focus();
            }
          }}
          onCloseAutoFocus={(event) => {
            if (onClosedFocus?.()) {
              event.preventDefault();
              return;
            }
            // The dialog led somewhere else (e.g. to a stone page): focus goes there, not back to the opener.
            if (window.location.href !== openedAt.current.href || navigationCount() !== openedAt.current.navigations) {
              event.preventDefault();
              focusScreen();
              return;
            }
            const target = returnFocusTo.current;
            if (target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
          className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto overscroll-contain rounded-2xl bg-white p-6 shadow-xl focus:outline-none"
        >
          <RadixDialog.Title className="pr-8 text-lg font-semibold text-stone-900">{title}</RadixDialog.Title>
          {description ? <RadixDialog.Description className="mt-1 text-sm text-stone-600">{description}</RadixDialog.Description> : null}
          <div className="mt-4">{children}</div>
          <RadixDialog.Close
            className="absolute right-4 top-4 rounded-md p-1 text-stone-500 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-amber-600"
            aria-label={intl.formatMessage({ id: 'core.dialog.close' })}
          >
            <span aria-hidden="true">✕</span>
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
