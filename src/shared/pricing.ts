/** A basic stone is free; photos cost 5 €, a story 5 € (totals 0, 5 or 10 €). Amounts in cents. */
export const FEATURE_PRICES_CENTS = { photos: 500, story: 500 } as const;
export const CURRENCY = 'eur';

export interface Features {
  photos: boolean;
  story: boolean;
}

export function priceCents(features: Features): number {
  return (features.photos ? FEATURE_PRICES_CENTS.photos : 0) + (features.story ? FEATURE_PRICES_CENTS.story : 0);
}

/** A discount as Stripe's coupons express it: a percentage, or an amount off in cents. */
export type Discount = { percentOff: number } | { amountOffCents: number };

/** The price after a discount, never below zero, rounded to whole cents. */
export function discountedCents(amountCents: number, discount: Discount): number {
  const off = 'percentOff' in discount ? Math.round((amountCents * discount.percentOff) / 100) : discount.amountOffCents;
  return Math.max(0, amountCents - off);
}

/** Euros (as the API speaks them: 5, 10, 4.5) to cents. */
export const toCents = (euros: number) => Math.round(euros * 100);
export const toEuros = (cents: number) => cents / 100;

/** "5,00 €" / "€5.00". */
export function formatEuros(cents: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(cents / 100);
}
