import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useEffect, useState } from 'react';

export interface ToastMessage {
  title: string;
  description?: string;
  variant?: 'success' | 'error';
}

type ShowToast = (message: ToastMessage) => void;

const ToastContext = createContext<ShowToast | null>(null);

/** One toast at a time, 5000 ms, swipe right 50 px to dismiss, F8 focuses the region. */
export const TOAST_DURATION_MS = 5000;

// The Radix toast code is not needed to show a page: it loads once the browser is idle after hydration.
const loadToaster = () => import('./toaster');
const Toaster = lazy(loadToaster);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<(ToastMessage & { id: number }) | null>(null);
  const [mounted, setMounted] = useState(false);
  const show = useCallback<ShowToast>((message) => setCurrent({ ...message, id: Date.now() }), []);
  useEffect(() => {
    const ready = () => {
      void loadToaster().then(() => setMounted(true));
    };
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(ready, { timeout: 2000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(ready, 200);
    return () => clearTimeout(timer);
  }, []);
  return (
    <ToastContext.Provider value={show}>
      {children}
      {mounted || current ? (
        <Suspense fallback={null}>
          <Toaster current={current} onClosed={() => setCurrent(null)} />
        </Suspense>
      ) : null}
    </ToastContext.Provider>
  );
}

export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast outside ToastProvider');
  return show;
}
