import { z } from 'zod';
import { idField } from './id-fields.ts';
import { DONATION_TYPES } from './tiers.ts';

export const createCoffeePaymentBody = z.object({
  paymentType: z.enum(DONATION_TYPES, { error: 'paymentType must be one of basic, fancy or monthly.' }),
});

export const createSponsorshipBody = z.object({
  fictionId: idField('fictionId'),
});

const paymentCreated = z.object({ clientSecret: z.string(), paymentIntentId: z.string() });
export type PaymentCreated = z.infer<typeof paymentCreated>;
export const paymentCreatedResponse = z.object({ success: z.literal(true), data: paymentCreated });

/**
 * A payment's status is shown to its donor when signed in, or to whoever presents its client secret (the
 * browser that just paid, signed in or not); to anyone else the payment does not exist.
 */
export const paymentStatusQuery = z.object({
  paymentIntentId: z
    .string({ error: 'paymentIntentId is required.' })
    .regex(/^pi_[A-Za-z0-9]{1,250}$/, 'paymentIntentId must look like pi_….'),
  client_secret: z
    .string()
    .regex(/^pi_[A-Za-z0-9]{1,250}_secret_[A-Za-z0-9]{1,250}$/, 'client_secret must look like pi_…_secret_….')
    .optional()
    .meta({
      description: 'The client secret the payment was started with (not needed by its signed-in donor).',
    }),
});
export type PaymentStatusQuery = z.input<typeof paymentStatusQuery>;

const DONATION_STATUSES = ['pending', 'succeeded', 'failed', 'refunded'] as const;
export type DonationStatus = (typeof DONATION_STATUSES)[number];

export const paymentStatus = z.object({
  status: z.enum(DONATION_STATUSES),
  /** Dollars. */
  amount: z.number(),
  /** basic, fancy, monthly or sponsorship. */
  tier: z.string(),
});
export type PaymentStatus = z.infer<typeof paymentStatus>;
export const paymentStatusResponse = z.object({ success: z.literal(true), data: paymentStatus });

const webhookReceipt = z.object({ received: z.literal(true), duplicate: z.boolean() });
export const webhookResponse = z.object({ success: z.literal(true), data: webhookReceipt });

/** What the web app needs to know about the server's setup. */
const publicConfig = z.object({
  /** Null when card payments are not set up. */
  stripe_publishable_key: z.string().nullable(),
  donations_enabled: z.boolean(),
  /** Where donors write, e.g. to stop a monthly donation made without an account; null when not set. */
  contact_email: z.string().nullable(),
  /** Whether the site sends email (verification links, password reset). */
  email_enabled: z.boolean(),
});
export type PublicConfig = z.infer<typeof publicConfig>;
export const publicConfigResponse = z.object({ success: z.literal(true), data: publicConfig });
