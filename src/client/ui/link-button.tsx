import type { ComponentProps } from 'react';
import { Link } from '../lib/router';

/**
 * A link within the app drawn as a secondary action: outlined and white, like the secondary buttons beside it;
 * `className` adds classes in front of its own. The owner's pages use it. The operator's screens and the creator's
 * success page write the same classes out: importing this module there too would make it a file of its own, one
 * more name in the list of files every page's first JavaScript carries, and the stone page has no bytes to spare.
 */
export function LinkButton({ className, ...props }: ComponentProps<typeof Link>) {
  const look = 'rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm hover:bg-stone-100';
  return <Link className={className ? `${className} ${look}` : look} {...props} />;
}
