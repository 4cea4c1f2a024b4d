import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { FormattedMessage } from '../../lib/intl-react';
import { withTexts } from '../../lib/screen-messages';
import { Spinner } from '../../ui/spinner';

// The form loads when someone opens the disclosure: most visitors of a stone page are finders, not owners.
import type { OwnerLinkTarget } from './owner-link-form';

const OwnerLinkForm = lazy(withTexts('owner-link', () => import('./owner-link-form')));

/** A discreet "is this your stone? get your owner link by e-mail" for owners who lost their link. */
export function OwnerLinkRequest({ code, path, texts }: OwnerLinkTarget) {
  const [open, setOpen] = useState(false);
  const details = useRef<HTMLDetailsElement>(null);
  // Opened before the page was hydrated (a slow phone, a quick tap): the toggle came before React listened.
  useEffect(() => {
    if (details.current?.open) setOpen(true);
  }, []);
  return (
    <details ref={details} className="text-sm text-stone-600" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="cursor-pointer underline-offset-2 hover:underline">
        <FormattedMessage id={texts?.summary ?? 'stone-aside.ownerLink.summary'} />
      </summary>
      {open ? (
        <Suspense fallback={<Spinner />}>
          <OwnerLinkForm code={code} path={path} texts={texts} />
        </Suspense>
      ) : null}
    </details>
  );
}
