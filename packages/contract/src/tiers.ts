// What each kind of card payment costs. The server charges these amounts; the client only names a tier.

export const DONATION_TYPES = ['basic', 'fancy', 'monthly'] as const;
export type DonationType = (typeof DONATION_TYPES)[number];

export interface DonationTier {
  type: DonationType;
  label: string;
  amountCents: number;
  /** Charged again every month until cancelled. */
  monthly: boolean;
  blurb: string;
}

export const DONATION_TIERS: Record<DonationType, DonationTier> = {
  basic: {
    type: 'basic',
    label: 'Basic Coffee',
    amountCents: 500,
    monthly: false,
    blurb: 'A cup of coffee for the late-night scraper shifts.',
  },
  fancy: {
    type: 'fancy',
    label: 'Fancy Coffee',
    amountCents: 1000,
    monthly: false,
    blurb: 'The one with foam art. Covers a week of servers.',
  },
  monthly: {
    type: 'monthly',
    label: 'Monthly Coffee Pods',
    amountCents: 5000,
    monthly: true,
    blurb: 'Keeps the lights on, month after month.',
  },
};

export function isDonationType(value: unknown): value is DonationType {
  return typeof value === 'string' && (DONATION_TYPES as readonly string[]).includes(value);
}

/** A one-off payment that keeps a fiction refreshed daily and marks it Sponsored. */
export const SPONSORSHIP = { label: 'Fiction Sponsorship', amountCents: 2000 } as const;

/** `500` → `'$5'`, `1050` → `'$10.50'`. */
export function formatDollars(cents: number): string {
  const dollars = cents / 100;
  return Number.isInteger(dollars) ? `$${dollars}` : `$${dollars.toFixed(2)}`;
}
