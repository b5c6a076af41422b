import { z } from 'zod';
import { SUBSCRIPTION_STATUSES } from './subscription-status.ts';

// A signed-in donor's Monthly Coffee Pods: listed on the coffee page, cancelled at the end of the paid month
// (or kept after all), and their card changed on Stripe's customer portal.

export const subscriptionIdParams = z.object({
  subscriptionId: z
    .string({ error: 'subscriptionId is required.' })
    .regex(/^sub_[A-Za-z0-9]{1,250}$/, 'subscriptionId must look like sub_….'),
});

const coffeeSubscription = z.object({
  /** Stripe's subscription id. */
  id: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  /** basic, fancy or monthly: always monthly today. */
  tier: z.string(),
  /** Dollars a month. */
  amount: z.number(),
  currency: z.string(),
  /** The end of the month paid for: the next renewal, or the end when `cancel_at_period_end`. */
  current_period_end: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
  /** When it ended (status canceled). */
  ended_at: z.string().nullable(),
  created_at: z.string(),
});
export type CoffeeSubscription = z.infer<typeof coffeeSubscription>;
export const coffeeSubscriptionResponse = z.object({ success: z.literal(true), data: coffeeSubscription });
export const coffeeSubscriptionsResponse = z.object({
  success: z.literal(true),
  data: z.array(coffeeSubscription),
});

/** A short-lived address of Stripe's customer portal, which comes back to the coffee page. */
const billingPortalSession = z.object({ url: z.string() });
export type BillingPortalSession = z.infer<typeof billingPortalSession>;
export const billingPortalResponse = z.object({ success: z.literal(true), data: billingPortalSession });
