import * as v from 'valibot';
import { priceCents, toEuros } from '../../../shared/pricing';
import { stoneDataSchema } from '../../../shared/schemas/payment';
import { refusalId } from '../../../shared/schemas/says';
import { keepPendingStone } from './pending-stone';
import type { Draft, Errors, Step, Translate } from './wizard';

/** The fields of a paid stone's order, each shown on the step that asks for it. */
const ORDER_FIELDS = { creatorEmail: 1, title: 1, story: 2 } as const satisfies Partial<Record<keyof Errors, Step>>;
const isOrderField = (key: unknown): key is keyof typeof ORDER_FIELDS => typeof key === 'string' && key in ORDER_FIELDS;

/** The checkout's address, or the order's problems and the first step that shows one (null: none does). */
export type HandOff = { address: string } | { errors: Errors; step: Step | null };

/**
 * A stone with paid features goes to the checkout: its data and features wait in the tab, its photos in
 * memory, and the address carries the amount, the features and the stone's data.
 */
export function handOffToCheckout(draft: Draft, t: Translate): HandOff {
  const { features } = draft;
  const order = v.safeParse(stoneDataSchema, {
    creatorEmail: draft.creatorEmail,
    title: draft.title,
    story: features.story ? draft.story : '',
  });
  if (!order.success) {
    // The steps check the same rules, so this is a safety net: the problem is shown in its field, on its step.
    const errors: Errors = {};
    let first: Step | null = null;
    for (const issue of order.issues) {
      const field = issue.path?.[0]?.key;
      if (!isOrderField(field)) continue;
      errors[field] ??= t(refusalId(issue.message));
      first = Math.min(first ?? 3, ORDER_FIELDS[field]) as Step;
    }
    return { errors, step: first };
  }
  const stoneData = order.output;
  keepPendingStone({ stoneData, features }, features.photos ? draft.photos : []);
  const query = new URLSearchParams({
    amount: String(toEuros(priceCents(features))),
    features: JSON.stringify(features),
    stoneData: JSON.stringify(stoneData),
  });
  return { address: `/checkout?${query.toString()}` };
}
