import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useState } from 'react';

// The creator (its form, photo preparation, the bot check) loads when first opened, not with every page.
const CreatorDialog = lazy(() => import('./creator-dialog'));

interface CreatorValue {
  open: () => void;
}

const CreatorContext = createContext<CreatorValue | null>(null);

/** Makes the create-a-stone dialog openable from anywhere (navigation, hero, the preparation guide). */
export function CreatorProvider({ children }: { children: ReactNode }) {
  const [isOpen, setOpen] = useState(false);
  const open = useCallback(() => setOpen(true), []);
  return (
    <CreatorContext.Provider value={{ open }}>
      {children}
      <Suspense fallback={null}>{isOpen ? <CreatorDialog onClose={() => setOpen(false)} /> : null}</Suspense>
    </CreatorContext.Provider>
  );
}

export function useCreator(): CreatorValue {
  const value = useContext(CreatorContext);
  if (!value) throw new Error('useCreator outside CreatorProvider');
  return value;
}
