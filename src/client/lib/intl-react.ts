import type { FormatXMLElementFn, PrimitiveType } from 'intl-messageformat';
import { createContext, memo, type ReactNode, useContext } from 'react';
import type { AppIntl, MessageId } from './intl';

/**
 * The app's own React binding for the intl objects of lib/intl.ts — RawIntlProvider, useIntl and <FormattedMessage>,
 * shaped as react-intl's are. Components import it by its own path (no alias), so the browser, the Worker's build
 * and the Worker tests all render with this module: react-intl's own module would keep intl-messageformat and parts
 * of @formatjs/intl in the first JavaScript of every page (class static blocks count as side effects), which
 * nothing here needs. A component can only call what lib/intl.ts implements (AppIntl).
 */
export type { AppIntl };

const IntlContext = createContext<AppIntl | null>(null);

export const RawIntlProvider = IntlContext.Provider;

export function useIntl(): AppIntl {
  const intl = useContext(IntlContext);
  if (!intl) throw new Error('useIntl needs a RawIntlProvider above it');
  return intl;
}

interface FormattedMessageProps {
  /** One of the catalogs' ids: a typo is a type error. */
  id: MessageId;
  /** As react-intl's: plain values, React nodes, and functions for rich-text tags (given the tag's chunks). */
  values?: Record<string, PrimitiveType | ReactNode | FormatXMLElementFn<ReactNode, ReactNode>>;
}

/** The message as text or React nodes (no wrapping element: react-intl's `tagName` and render function are not used). */
function FormattedMessageImpl({ id, values }: FormattedMessageProps) {
  return useIntl().formatMessage({ id }, values) as ReactNode;
}

function shallowEqual(a: Record<string, unknown> | undefined, b: Record<string, unknown> | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && a[key] === b[key]);
}

/** Like react-intl's: re-renders only when the id, another prop or one of the values changes. */
export const FormattedMessage = memo(FormattedMessageImpl, ({ values: a, ...restA }, { values: b, ...restB }) => {
  return shallowEqual(a, b) && shallowEqual(restA, restB);
});
