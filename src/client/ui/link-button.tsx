import type { ComponentProps } from 'react';
import { Link } from '../lib/router';

/** A link drawn as a secondary action: outlined and white, like the secondary buttons beside it. */
export const LINK_BUTTON_CLASS = 'rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm hover:bg-stone-100';

/** A link within the app that looks like a secondary button; `className` adds classes in front of its own. */
export function LinkButton({ className, ...props }: ComponentProps<typeof Link>) {
  return <Link className={className ? `${className} ${LINK_BUTTON_CLASS}` : LINK_BUTTON_CLASS} {...props} />;
}
