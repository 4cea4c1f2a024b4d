import * as RadixDialog from '@radix-ui/react-dialog';
import { useRef, type ReactNode, type RefObject } from 'react';
import { useIntl } from 'react-intl';

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** What gets focus when the dialog opens (default: its first focusable element). */
  initialFocus?: RefObject<HTMLElement | null>;
}

/**
 * A modal dialog (Radix): focus moves inside and is trapped there, Escape closes it, and focus returns to the
 * element that had it before — also when the dialog was opened from code rather than a Radix trigger.
 */
export function Dialog({ open, onOpenChange, title, description, children, initialFocus }: DialogProps) {
  const intl = useIntl();
  const returnFocusTo = useRef<HTMLElement | null>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-stone-900/50" />
        <RadixDialog.Content
          // Radix calls this before moving focus inside, so the active element is still the opener.
          onOpenAutoFocus={(event) => {
            returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
            if (initialFocus?.current) {
              event.preventDefault();
              initialFocus.current.focus();
            }
          }}
          onCloseAutoFocus={(event) => {
            const target = returnFocusTo.current;
            if (target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
          className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl focus:outline-none"
        >
          <RadixDialog.Title className="pr-8 text-lg font-semibold text-stone-900">{title}</RadixDialog.Title>
          {description ? <RadixDialog.Description className="mt-1 text-sm text-stone-600">{description}</RadixDialog.Description> : null}
          <div className="mt-4">{children}</div>
          <RadixDialog.Close
            className="absolute right-4 top-4 rounded-md p-1 text-stone-500 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-amber-600"
            aria-label={intl.formatMessage({ id: 'dialog.close' })}
          >
            <span aria-hidden="true">✕</span>
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
