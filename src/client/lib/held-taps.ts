/**
 * A tap React could not deliver. A part of a page that loads after the page's first JavaScript (lazyPart: the
 * header's languages, the stone page's side column) is in the HTML at once, but React hydrates it only once its
 * module has arrived; a button tapped before is not pressed — React stops the click on its way to the button.
 * Noticed here (the click never reached its button) and pressed again once the next part has hydrated, as the
 * after-load script (deferred-hydration.ts) does for a tap before the page itself was interactive.
 */
let held: HTMLButtonElement | null = null;

/** Watches every tap on a button of the hydrated page (main.tsx, once). */
export function watchTaps(): void {
  window.addEventListener(
    'click',
    (event) => {
      // Before the page is interactive, the after-load script holds the tap.
      if (!document.documentElement.dataset.hydrated || !(event.target instanceof Element)) return;
      const button = event.target.closest('button');
      // A form's submit button sends the form: the form's own handling (deferred-hydration.ts, the form's part) is its.
      if (!button || (button.type === 'submit' && button.form)) return;
      let reached = false;
      const mark = () => {
        reached = true;
      };
      button.addEventListener('click', mark, { capture: true, once: true });
      setTimeout(() => {
        button.removeEventListener('click', mark, { capture: true });
        if (!reached) held = button;
      });
    },
    true,
  );
}

/** A part has hydrated: the button tapped before it was there is pressed now (if it still is in the page). */
export function pressHeldTap(): void {
  const button = held;
  held = null;
  if (button?.isConnected) button.click();
}
