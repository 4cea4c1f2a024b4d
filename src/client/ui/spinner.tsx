import { FormattedMessage } from '../lib/intl-react';

export function Spinner() {
  return (
    <div role="status" className="flex justify-center p-12">
      <span className="size-8 animate-spin rounded-full border-4 border-stone-300 border-t-stone-700" aria-hidden="true" />
      <span className="sr-only">
        <FormattedMessage id="core.loading" />
      </span>
    </div>
  );
}
