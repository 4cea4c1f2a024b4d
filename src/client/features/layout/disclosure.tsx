import { type ReactNode, useId, useRef, useState } from 'react';

/**
 * A button that shows and hides the panel after it (the phone's menu, the list of languages). Escape closes it and
 * gives focus back to the button; choosing a link or button in the panel closes it, so a finder who picked a
 * place sees the page, not the menu; so does focus moving elsewhere. The stylesheet hides a closed panel (`[aria-expanded="false"] + .nav-menu`,
 * styles.css) where it is to be hidden: the menu only on phones, as a wide screen's header shows its links in its
 * row, so the links are in the page once.
 */
export function Disclosure({ label, button, panel, children }: { label: ReactNode; button: string; panel: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const ref = useRef<HTMLButtonElement>(null);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape pressed on the button or anywhere in the panel closes it
    <div
      className="relative"
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        setOpen(false);
        ref.current?.focus();
      }}
      // Focus leaving it (a tap on the page, Tab past the last link) closes it: nothing stays open over the page.
      onBlur={(event) => event.currentTarget.contains(event.relatedTarget) || setOpen(false)}
    >
      <button ref={ref} type="button" aria-expanded={open} aria-controls={id} className={button} onClick={() => setOpen(!open)}>
        {label}
      </button>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: the clicks come from the links and buttons inside, which the keyboard presses too */}
      <div id={id} className={panel} onClick={(event) => (event.target as Element).closest('a,button') && setOpen(false)}>
        {children}
      </div>
    </div>
  );
}
