import { Component, type ReactNode } from 'react';
import { FormattedMessage } from '../lib/intl-react';
import { Button } from './button';
import { NoticePage } from './notice-page';

/** The browser's words for "this lazily loaded module could not be fetched" (Chromium, Firefox, Safari). */
const CHUNK_FAILURE = /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i;
const RELOADED_KEY = 'screen-reloaded-at';
/** A reload that fails again within this time shows the message instead of reloading in a loop. */
const RELOAD_GUARD_MS = 30_000;

/** Loads the address afresh once: after a new release the old screen modules are gone, the new page has the new ones. */
function reloadOnce(): boolean {
  try {
    const last = Number(window.sessionStorage.getItem(RELOADED_KEY) ?? 0);
    if (Date.now() - last < RELOAD_GUARD_MS) return false;
    window.sessionStorage.setItem(RELOADED_KEY, String(Date.now()));
  } catch {
    return false;
  }
  window.location.assign(window.location.href);
  return true;
}

/**
 * Catches a screen that failed to render — typically its module could not be downloaded — so the header, footer
 * and navigation stay usable: a missing module reloads the page once, anything else offers a reload.
 */
export class ScreenBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    if (CHUNK_FAILURE.test(String(error)) && reloadOnce()) return;
    console.error('screen failed to render', error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <NoticePage alert title={<FormattedMessage id="core.error.title" />} text={<FormattedMessage id="core.error.screen" />}>
        <Button onClick={() => window.location.reload()}>
          <FormattedMessage id="core.error.reload" />
        </Button>
      </NoticePage>
    );
  }
}
