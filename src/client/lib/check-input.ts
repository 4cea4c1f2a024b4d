import * as v from 'valibot';
import { refusalId } from '../../shared/schemas/says';
import type { MessageId } from './intl';

/** Field names and message ids of what a schema refused, in the order found; `fallback` for issues without a path. */
export type Refusals = Array<{ field: string; message: MessageId }>;

/**
 * A form's check with the server's own schema (src/shared/schemas). Forms load it when they are sent, not with
 * the page (valibot and the schemas are not in a page's first JavaScript); see loadInputCheck.
 */
export function checkInput<S extends v.GenericSchema>(
  schema: S,
  input: unknown,
  fallback: string,
): { output: v.InferOutput<S>; refusals?: never } | { output?: never; refusals: Refusals } {
  const result = v.safeParse(schema, input);
  if (result.success) return { output: result.output };
  return {
    refusals: result.issues.map((issue) => ({ field: v.getDotPath(issue) ?? fallback, message: refusalId(issue.message) })),
  };
}
