import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useState } from 'react';

// The dialog (Radix Dialog, the scanner) loads when first opened, not with every page.
const FindDialog = lazy(() => import('./find-dialog-panel'));

interface FindDialogValue {
  open: () => void;
}

const FindDialogContext = createContext<FindDialogValue | null>(null);

/** Makes the find-a-stone dialog openable from anywhere (header, hero). */
export function FindDialogProvider({ children }: { children: ReactNode }) {
  const [isOpen, setOpen] = useState(false);
  const open = useCallback(() => setOpen(true), []);
  return (
    <FindDialogContext.Provider value={{ open }}>
      {children}
      <Suspense fallback={null}>{isOpen ? <FindDialog onClose={() => setOpen(false)} /> : null}</Suspense>
    </FindDialogContext.Provider>
  );
}

export function useFindDialog(): FindDialogValue {
  const value = useContext(FindDialogContext);
  if (!value) throw new Error('useFindDialog outside FindDialogProvider');
  return value;
}
