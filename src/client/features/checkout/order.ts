import * as v from 'valibot';
import { featuresSchema, stoneDataSchema } from '../../../shared/schemas/payment';
import { pendingUpgrade } from '../creator/pending-stone';

export interface Order {
  amount: number;
  features: v.InferOutput<typeof featuresSchema>;
  /** A new stone's data, or for an owner buying a feature (`upgrade=1`), that stone's owner token. */
  stoneData?: v.InferOutput<typeof stoneDataSchema>;
  upgradeToken?: string;
  title: string;
}

/**
 * The order from the address (amount, a features JSON and a stoneData JSON; or `upgrade=1` with the
 * owner token waiting in the tab), or null when it is not one.
 */
export function orderFrom(search: string): Order | null {
  const params = new URLSearchParams(search);
  try {
    const amount = Number(params.get('amount'));
    const features = v.parse(featuresSchema, JSON.parse(params.get('features') ?? 'null'));
    if (!Number.isFinite(amount)) return null;
    if (params.get('upgrade')) {
      const upgradeToken = pendingUpgrade();
      return upgradeToken ? { amount, features, upgradeToken, title: '' } : null;
    }
    const stoneData = v.parse(stoneDataSchema, JSON.parse(params.get('stoneData') ?? 'null'));
    return { amount, features, stoneData, title: stoneData.title };
  } catch {
    return null;
  }
}

/** The server's answer to a payment intent: Stripe's secret, or the stone a 100 % code made at once. */
export interface IntentAnswer {
  clientSecret: string | null;
  amount: number;
  adminToken?: string;
  code?: string;
}
