import { lazy, Suspense, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Spinner } from '../../ui/spinner';

// The form loads when someone opens the disclosure: most visitors of a stone page are finders, not owners.
const OwnerLinkForm = lazy(() => import('./owner-link-form'));

/** A discreet "is this your stone? get your owner link by e-mail" for owners who lost their link. */
export function OwnerLinkRequest({ code }: { code?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="text-sm text-stone-600" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="cursor-pointer underline-offset-2 hover:underline">
        <FormattedMessage id="ownerLink.summary" />
      </summary>
      {open ? (
        <Suspense fallback={<Spinner />}>
          <OwnerLinkForm code={code} />
        </Suspense>
      ) : null}
    </details>
  );
}
