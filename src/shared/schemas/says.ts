import type { MessageId } from '../i18n/message-ids';

/**
 * A refusal a form shows, by the id of its interface text: the compiler checks that it names one. The schemas
 * give valibot each such message through this; the API's own refusals (`server.…`, `server-owner.…`) name the
 * Worker's catalogs, which tests/unit/catalogs.test.ts checks.
 */
export const says = (id: MessageId) => id;

/**
 * The id of a refusal as valibot hands it back: the string a schema gave it. A form's schemas give theirs through
 * `says`, so for them it is one of the interface's ids (the one place a string becomes an id without the compiler).
 */
export const refusalId = (message: string) => message as MessageId;

/** The text id of the first refusal of a check, or `fallback` when there is none. */
export const firstRefusal = (issues: readonly { message: string }[] | undefined, fallback: MessageId): MessageId =>
  issues?.[0] ? refusalId(issues[0].message) : fallback;
