import { type ReactNode, useEffect, useRef } from 'react';
import { FormattedMessage } from '../../lib/intl-react';
import { Link } from '../../lib/router';

/**
 * What an owner page shows once its stone or collection is deleted: that it is gone, said at once to screen readers
 * (the heading takes the focus, the dialog that had it is closed), and the way home.
 */
export function DeletedNotice({ title, text }: { title: ReactNode; text: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div role="status" className="mx-auto max-w-xl px-4 py-24 text-center" data-testid="deleted-notice">
      <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold focus:outline-none">
        {title}
      </h1>
      <p className="mt-2 text-stone-600">{text}</p>
      <div className="mt-8">
        <Link href="/" className="inline-flex rounded-lg bg-stone-800 px-4 py-2 text-white hover:bg-stone-700">
          <FormattedMessage id="core.notFound.home" />
        </Link>
      </div>
    </div>
  );
}
