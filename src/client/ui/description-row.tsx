import type { ReactNode } from 'react';
import type { MessageId } from '../lib/intl';
import { FormattedMessage } from '../lib/intl-react';

/**
 * `detail`: a details card's row, the term at the left on wide screens and above the value on phones.
 * `figure`: a count, shown above its term.
 */
const LAYOUTS = {
  detail: { group: 'grid gap-1 sm:grid-cols-[10rem_1fr]', term: 'text-sm text-stone-500', value: 'break-words' },
  figure: { group: 'flex flex-col-reverse', term: 'text-sm text-stone-600', value: 'text-3xl font-bold tabular-nums' },
} as const;

interface DescriptionRowProps {
  /** The term's text. */
  term: MessageId;
  layout?: keyof typeof LAYOUTS;
  /** The value's classes, instead of its layout's. */
  valueClassName?: string;
  /** The value's test id, if a test reads it. */
  testId?: string;
  children: ReactNode;
}

/**
 * One group of a description list (`<dl>`): its term (`<dt>`) and then its value (`<dd>`), the order valid HTML
 * asks for, whichever of the two the layout shows first. The owner's pages use it; the operator's counters, cards
 * of their own, write theirs out (a module shared with the operator's screen too would be one more file named in
 * every page's first JavaScript).
 */
export function DescriptionRow({ term, layout = 'detail', valueClassName, testId, children }: DescriptionRowProps) {
  const classes = LAYOUTS[layout];
  return (
    <div className={classes.group}>
      <dt className={classes.term}>
        <FormattedMessage id={term} />
      </dt>
      <dd className={valueClassName ?? classes.value} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
