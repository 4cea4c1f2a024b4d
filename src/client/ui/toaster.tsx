import * as RadixToast from '@radix-ui/react-toast';
import { useIntl } from '../lib/intl-react';

export interface ToastMessage {
  title: string;
  description?: string;
  variant?: 'success' | 'error';
}

/** One toast at a time, 5000 ms, swipe right 50 px to dismiss, F8 focuses the region. */
export const TOAST_DURATION_MS = 5000;

interface ToasterProps {
  current: (ToastMessage & { id: number }) | null;
  onClosed: () => void;
}

/** The Radix toast region and the one visible toast (loaded when the page is idle, see toast.tsx). */
export default function Toaster({ current, onClosed }: ToasterProps) {
  const intl = useIntl();
  return (
    <RadixToast.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={50}
      label={intl.formatMessage({ id: 'core.toast.label' })}
    >
      {current ? (
        <RadixToast.Root
          key={current.id}
          onOpenChange={(open) => {
            if (!open) onClosed();
          }}
          className={`toast grid grid-cols-[1fr_auto] items-start gap-x-3 rounded-xl border p-4 shadow-lg ${current.variant === 'error' ? 'border-red-200 bg-red-50 text-red-900' : 'border-stone-200 bg-white text-stone-900'}`}
        >
          <RadixToast.Title className="font-semibold">{current.title}</RadixToast.Title>
          {current.description ? (
            <RadixToast.Description className="col-start-1 text-sm">{current.description}</RadixToast.Description>
          ) : null}
          <RadixToast.Close
            className="col-start-2 row-start-1 rounded p-1 text-sm hover:bg-black/5"
            aria-label={intl.formatMessage({ id: 'core.toast.close' })}
          >
            <span aria-hidden="true">✕</span>
          </RadixToast.Close>
        </RadixToast.Root>
      ) : null}
      <RadixToast.Viewport
        // Radix fills in the hotkey (F8 by default) itself.
        label={intl.formatMessage({ id: 'core.toast.region' }, { hotkey: '{hotkey}' })}
        className="fixed bottom-0 right-0 z-[100] m-0 flex w-full list-none flex-col gap-2 p-4 outline-none md:max-w-[420px]"
      />
    </RadixToast.Provider>
  );
}
