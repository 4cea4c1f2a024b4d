import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { OwnerLinkRequestAddress } from '../../../shared/api-routes';
import { withTexts } from '../../lib/screen-messages';
import { Spinner } from '../../ui/spinner';

// The form loads when someone opens the disclosure: most visitors of a stone page are finders, not owners.
const OwnerLinkForm = lazy(withTexts('owner-link', () => import('./owner-link-form')));

/** What the request is for: a stone (its code, or asked for), or another owner link's address and texts (a collection). */
export interface OwnerLinkTarget {
  code?: string;
  /** The request's address, e.g. `/api/collections/{id}/owner-link`, instead of the stone's. */
  path?: OwnerLinkRequestAddress;
  /** The texts where they are not a stone's: the disclosure's summary, the form's explanation, the answer. */
  texts?: { summary: string; text: string; sent: string };
}

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
        <FormattedMessage id={texts?.summary ?? 'ownerLink.summary'} />
      </summary>
      {open ? (
        <Suspense fallback={<Spinner />}>
          <OwnerLinkForm code={code} path={path} texts={texts} />
        </Suspense>
      ) : null}
    </details>
  );
}
