import * as v from 'valibot';
import type { MessageId } from '../i18n/message-ids';
import { MAX_EMAIL_LENGTH } from './limits';
import { says } from './says';

// One message per field: an empty e-mail is "required", not also "invalid".
v.setGlobalConfig({ abortPipeEarly: true });

/** Trimmed text; the message keys are i18n ids the forms translate and the API returns as text. */
export const trimmed = v.pipe(v.string(), v.trim());

/**
 * An e-mail address must contain "@". We also refuse what can never be one mailbox: whitespace, control
 * and invisible format characters (header injection, right-to-left spoofing), a second "@", and the list and
 * display-name characters , ; < > ".
 * Deliberately no stricter: apostrophes, plus tags and internationalised (xn--) domains are real addresses.
 */
const MAILBOX = /^[^\s\p{Cc}\p{Cf}\p{Z}@,;<>"]+@[^\s\p{Cc}\p{Cf}\p{Z}@,;<>"]+$/u;
const mailbox = v.regex(MAILBOX, says('core.email.invalid'));

/** A required e-mail address (a missing field is "required" too, not a key error). */
export const email = v.pipe(
  v.optional(v.string(says('core.email.required')), ''),
  v.trim(),
  v.nonEmpty(says('core.email.required')),
  v.maxLength(MAX_EMAIL_LENGTH, says('core.email.tooLong')),
  mailbox,
);

/** An optional e-mail address: empty or missing becomes undefined. */
export const optionalEmail = v.pipe(
  v.optional(v.nullable(v.string(says('core.email.invalid'))), ''),
  v.transform((value) => (value ?? '').trim()),
  v.union([v.literal(''), v.pipe(v.string(), v.maxLength(MAX_EMAIL_LENGTH, says('core.email.tooLong')), mailbox)]),
  v.transform((value) => (value === '' ? undefined : value)),
);

/**
 * Ill-formed UTF-16 (a surrogate without its partner) has no UTF-8 form: the database would store U+FFFD in its
 * place, so the text read back would differ from the text accepted. Control characters other than tab and line
 * breaks are invisible, and NUL ends a string in many readers.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const CONTROL = /(?![\t\n\r])\p{Cc}/u;

/** Text people write (titles, stories, places, comments): refused with one message when it cannot be kept as sent. */
export const plainText = v.check((text: string) => !LONE_SURROGATE.test(text) && !CONTROL.test(text), says('core.text.invalidCharacters'));

/** Something to see: a text of only zero-width and other invisible characters counts as empty. */
export const hasVisible = (text: string) => /[^\s\p{Cf}\p{Z}]/u.test(text);
export const visible = (message: MessageId) => v.check(hasVisible, message);

/** A boolean sent as JSON boolean or as the multipart strings "true"/"false"/"on". */
export const flag = v.pipe(
  v.optional(v.union([v.boolean(), v.picklist(['true', 'false', 'on', '1', '0', ''])]), false),
  v.transform((value) => value === true || value === 'true' || value === 'on' || value === '1'),
);

/** A whole number in a query string (a page, a page size), between min and max. */
export const wholeNumber = (min: number, max: number) =>
  v.pipe(
    v.string('server-owner.operator.query.invalid'),
    v.regex(/^\d{1,6}$/, 'server-owner.operator.query.invalid'),
    v.toNumber(),
    v.minValue(min, 'server-owner.operator.query.invalid'),
    v.maxValue(max, 'server-owner.operator.query.invalid'),
  );
