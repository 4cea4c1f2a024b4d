import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { FormatXMLElementFn, PrimitiveType } from 'intl-messageformat';
import { Children, createElement, Fragment, isValidElement, type ReactNode } from 'react';
import { intlTag, type Locale } from '../../shared/i18n/locale';
import type { MessageId } from '../../shared/i18n/message-ids';

/** A compiled catalog: message id → ICU AST, or the text itself when it is only text (scripts/compiled-messages-plugin.ts). */
export type Messages = Record<string, MessageFormatElement[] | string>;

export type { MessageId };

/**
 * formatMessage as react-intl types it, for the ids of the catalogs (`Id`: the interface's MessageId, or the
 * Worker's TextId): a string when every value is one, else React nodes.
 */
export interface FormatMessage<Id extends string = MessageId> {
  (descriptor: { id: Id }, values?: Record<string, PrimitiveType | FormatXMLElementFn<string, string>>): string;
  (descriptor: { id: Id }, values?: Record<string, PrimitiveType | ReactNode | FormatXMLElementFn<ReactNode, ReactNode>>): ReactNode;
}

/**
 * What the app's intl objects offer — only what createIntl below implements, not react-intl's whole IntlShape
 * (formatDate, formatList … are not there). Components get it from `useIntl()` of lib/intl-react.ts, so calling
 * another formatter is a type error.
 */
export interface AppIntl<Id extends string = MessageId> {
  /** The language's BCP 47 tag (shared/i18n/locale.ts intlTag). */
  readonly locale: string;
  readonly formatMessage: FormatMessage<Id>;
  /** Intl.NumberFormat's format in the language; the value as a string if the options are invalid. */
  readonly formatNumber: (value: number | bigint, options?: Intl.NumberFormatOptions) => string;
}

type Value = ReactNode | ((chunks: ReactNode[]) => ReactNode);
type Values = Record<string, Value>;
type Part = string | Exclude<ReactNode, string>;

// Element types of the ICU AST (@formatjs/icu-messageformat-parser TYPE).
const LITERAL = 0;
const ARGUMENT = 1;
const NUMBER = 2;
const SELECT = 5;
const PLURAL = 6;
const POUND = 7;
const TAG = 8;

// Intl formatters are expensive to create and cheap to reuse; nothing in them depends on a request.
const numberFormats = new Map<string, Intl.NumberFormat>();
const pluralRules = new Map<string, Intl.PluralRules>();
function numberFormat(locale: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${options ? JSON.stringify(options) : ''}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}
function pluralRule(locale: string, type: Intl.PluralRuleType): Intl.PluralRules {
  const key = `${locale}|${type}`;
  let rules = pluralRules.get(key);
  if (!rules) {
    rules = new Intl.PluralRules(locale, { type });
    pluralRules.set(key, rules);
  }
  return rules;
}

/** Children with index keys (as react-intl does), so rich-text chunks need no keys of their own. */
function keyed(nodes: ReactNode[]): ReactNode[] {
  return Children.toArray(nodes).map((node, index) => (isValidElement(node) ? createElement(Fragment, { key: index }, node) : node));
}

/**
 * The parts of a compiled message, as intl-messageformat formats them: literals, arguments, plural (with `#`),
 * select, plain `{n, number}` and rich-text tags. Date and time arguments are not used by the catalogs; a message
 * with one fails like a missing value (the id is shown and the error logged).
 */
function parts(elements: MessageFormatElement[], locale: string, values: Values, pluralValue?: number): Part[] {
  const out: Part[] = [];
  for (const element of elements) {
    if (element.type === LITERAL) {
      out.push(element.value);
      continue;
    }
    if (element.type === POUND) {
      if (typeof pluralValue === 'number') out.push(numberFormat(locale).format(pluralValue));
      continue;
    }
    const name = element.value;
    if (!(name in values)) throw new Error(`the value ${name} is missing`);
    const value = values[name];
    if (element.type === ARGUMENT) {
      out.push(
        typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint' ? String(value) : value ? (value as Part) : '',
      );
    } else if (element.type === NUMBER && !element.style) {
      out.push(numberFormat(locale).format(value as number));
    } else if (element.type === TAG) {
      if (typeof value !== 'function') throw new Error(`the value ${name} is not a function`);
      const chunks = value(keyed(parts(element.children, locale, values, pluralValue)));
      for (const chunk of Array.isArray(chunks) ? chunks : [chunks]) out.push(chunk as Part);
    } else if (element.type === SELECT) {
      const option = (Object.hasOwn(element.options, String(value)) ? element.options[String(value)] : undefined) ?? element.options.other;
      if (!option) throw new Error(`no option for ${name}=${String(value)}`);
      out.push(...parts(option.value, locale, values));
    } else if (element.type === PLURAL) {
      const n = Number(value);
      let option = Object.hasOwn(element.options, `=${n}`) ? element.options[`=${n}`] : undefined;
      if (!option) {
        const rule = pluralRule(locale, element.pluralType ?? 'cardinal').select(n - element.offset);
        option = (Object.hasOwn(element.options, rule) ? element.options[rule] : undefined) ?? element.options.other;
      }
      if (!option) throw new Error(`no plural option for ${name}=${n}`);
      out.push(...parts(option.value, locale, values, n - element.offset));
    } else {
      throw new Error(`unsupported element in a message (type ${element.type})`);
    }
  }
  return out;
}

/** One string when every part is text, else the parts with neighbouring strings joined (keyed for React). */
function join(list: Part[]): ReactNode {
  const joined: Part[] = [];
  for (const part of list) {
    const last = joined.length - 1;
    if (typeof part === 'string' && typeof joined[last] === 'string') joined[last] += part;
    else joined.push(part);
  }
  if (joined.length <= 1) return joined[0] ?? '';
  return keyed(joined);
}

/**
 * A small stand-in for react-intl's createIntl, for the catalogs this app has (precompiled, see
 * scripts/compiled-messages-plugin.ts): formatMessage (like react-intl's, a string or React nodes), formatNumber
 * and the locale. The full formatjs runtime (dates, lists, relative times, display names, its formatter cache)
 * would weigh about 3 KB gz in the first JavaScript of every page for nothing; lib/intl-react.ts gives it to the
 * components. It has only what the app calls (none of react-intl's `$t`, `messages`, `defaultLocale`). A missing
 * message shows its id, like react-intl.
 */
export function createIntl<Id extends string = MessageId>(locale: string, messages: Messages): AppIntl<Id> {
  const formatMessage = (descriptor: { id?: string | number }, values?: Values): ReactNode => {
    const id = String(descriptor.id ?? '');
    const message = Object.hasOwn(messages, id) ? messages[id] : undefined;
    if (message === undefined) {
      if (import.meta.env.DEV) console.error(`Missing message: "${id}" for locale ${locale}`);
      return id;
    }
    if (typeof message === 'string') return message;
    const first = message[0];
    if (message.length === 1 && first?.type === LITERAL) return first.value;
    try {
      return join(parts(message, locale, values ?? {}));
    } catch (error) {
      console.error(`Error formatting message "${id}" (${locale}):`, error);
      return id;
    }
  };
  const formatNumber = (value: number | bigint, options?: Intl.NumberFormatOptions): string => {
    try {
      return numberFormat(locale, options).format(value);
    } catch {
      return String(value);
    }
  };
  return {
    locale,
    // One implementation for all of react-intl's overloads: it returns a string whenever every value is one (join).
    formatMessage: formatMessage as FormatMessage<Id>,
    formatNumber,
  };
}

/** Per language, one catalog object that grows as screens bring their texts (the intl objects read it live). */
const catalogs = new Map<Locale, Messages>();
const instances = new Map<Locale, AppIntl>();

/**
 * Adds texts to a language's catalog: the interface core and, as screens are shown, their own namespaces. The
 * Worker provides everything at start-up, the browser what the page needs (main.tsx, then on navigation).
 */
export function provideMessages(locale: Locale, messages: Messages): void {
  const catalog = catalogs.get(locale);
  if (catalog) Object.assign(catalog, messages);
  else catalogs.set(locale, { ...messages });
}

/** One intl object per language, shared by every render (the Worker's included: nothing in it is per request). */
export function intlFor(locale: Locale): AppIntl {
  let intl = instances.get(locale);
  if (!intl) {
    const messages = catalogs.get(locale);
    if (!messages) throw new Error(`no messages for ${locale}`);
    intl = createIntl(intlTag[locale], messages);
    instances.set(locale, intl);
  }
  return intl;
}
