import {
  type BillingPortalSession,
  type CoffeeSubscription,
  MESSAGES,
  SUBSCRIPTION_STATUSES,
  type SubscriptionStatus,
  subscriptionEnded,
  subscriptionRunning,
} from '@rrc/contract';
import type Stripe from 'stripe';
import { AppError, conflict, notFound, serviceUnavailable } from '../../errors.ts';
import type { UserRecord } from '../../lib/account.ts';
import type { StripeSetup } from './stripe-client.ts';
import type {
  SubscriptionRecord,
  SubscriptionRow,
  SubscriptionsRepository,
} from './subscriptions.repository.ts';

export const SUBSCRIPTION_MESSAGES = {
  notFound: 'Monthly coffee not found.',
  ended: 'This monthly coffee has already ended.',
  portalUnavailable: 'Changing the card is not available right now. Please try again later.',
} as const;

/** How many of a donor's subscriptions the coffee page lists. */
const LISTED = 10;
/** A first payment Stripe has not told us about yet is asked about while it is this young (Stripe gives up after 23 hours). */
const PENDING_WINDOW_MS = 24 * 60 * 60 * 1000;
/** At most this many such questions to Stripe per listing. */
const PENDING_CHECKS = 3;

export interface SubscriptionsDeps {
  stripe: StripeSetup | null;
  subscriptions: SubscriptionsRepository;
  now: () => Date;
  /** The coffee page's address: Stripe's customer portal sends donors back there. */
  coffeePageUrl: string;
  /** Where a failed look-up at Stripe is noted when the stored state answers instead. */
  log: { warn(context: object, message: string): void };
}

/** A subscription as Stripe answered it, and when we asked. */
export interface StripeSubscriptionState {
  subscription: Stripe.Subscription;
  syncedAt: string;
}

const iso = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000).toISOString() : null);

const isKnownStatus = (status: string): status is SubscriptionStatus =>
  (SUBSCRIPTION_STATUSES as readonly string[]).includes(status);

/** Stripe's subscription as we keep it. A cancellation set for a date (`cancel_at`) ends it then. */
export function subscriptionRecord(
  subscription: Stripe.Subscription,
  userId: number | null,
  syncedAt: string,
): SubscriptionRecord {
  const items = subscription.items.data;
  return {
    id: subscription.id,
    userId,
    customerId: typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id,
    tier: subscription.metadata?.tier || 'monthly',
    status: subscription.status,
    amountCents: items.reduce((sum, item) => sum + (item.price.unit_amount ?? 0) * (item.quantity ?? 1), 0),
    currency: subscription.currency,
    cancelAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at !== null,
    currentPeriodEnd: iso(subscription.cancel_at ?? items[0]?.current_period_end),
    canceledAt: iso(subscription.canceled_at),
    endedAt: iso(subscription.ended_at),
    syncedAt,
  };
}

function forDonor(row: SubscriptionRow & { status: SubscriptionStatus }): CoffeeSubscription {
  return {
    id: row.id,
    status: row.status,
    tier: row.tier,
    amount: row.amount_cents / 100,
    currency: row.currency,
    current_period_end: row.current_period_end,
    cancel_at_period_end: Boolean(row.cancel_at_period_end),
    ended_at: row.ended_at,
    created_at: row.created_at,
  };
}

/** Shown to the donor: running, or ended after running (one that was never paid is not). */
const shown = (row: SubscriptionRow): row is SubscriptionRow & { status: SubscriptionStatus } =>
  isKnownStatus(row.status) && (subscriptionRunning(row.status) || row.status === 'canceled');

const isMissing = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'resource_missing';

/** Stripe failures become 503s; the details go to the log through `cause`. */
function providerUnavailable(error: unknown, message: string = MESSAGES.serviceUnavailable): AppError {
  if (error instanceof AppError) return error;
  return serviceUnavailable(message, error);
}

/** A signed-in donor's monthly donations: seeing them, cancelling or keeping one, changing its card. */
export function subscriptionsService(deps: SubscriptionsDeps) {
  const nowIso = () => deps.now().toISOString();

  function stripeOrUnavailable(): Stripe {
    if (!deps.stripe) throw serviceUnavailable(MESSAGES.serviceUnavailable);
    return deps.stripe.client;
  }

  /** The donor's subscription that can still change; 404 for anyone else's, 409 once it has ended. */
  async function changeable(user: UserRecord, id: string): Promise<SubscriptionRow> {
    const row = await deps.subscriptions.oneOfUser(user.id, id);
    if (!row || !shown(row)) throw notFound(SUBSCRIPTION_MESSAGES.notFound);
    if (subscriptionEnded(row.status)) throw conflict(SUBSCRIPTION_MESSAGES.ended);
    return row;
  }

  async function current(client: Stripe, id: string): Promise<StripeSubscriptionState | null> {
    const syncedAt = nowIso();
    try {
      return { subscription: await client.subscriptions.retrieve(id), syncedAt };
    } catch (error) {
      if (isMissing(error)) return null;
      throw providerUnavailable(error);
    }
  }

  async function reread(user: UserRecord, id: string): Promise<CoffeeSubscription> {
    const row = await deps.subscriptions.oneOfUser(user.id, id);
    if (!row || !shown(row)) throw notFound(SUBSCRIPTION_MESSAGES.notFound);
    return forDonor(row);
  }

  async function setCancellation(user: UserRecord, id: string, cancel: boolean) {
    const client = stripeOrUnavailable();
    const row = await changeable(user, id);
    const syncedAt = nowIso();
    let updated: Stripe.Subscription;
    try {
      updated = await client.subscriptions.update(id, { cancel_at_period_end: cancel });
    } catch (error) {
      // Stripe refuses to change a subscription that has ended: our record missed the end. Catch up.
      const now = await current(client, id);
      if (now && subscriptionEnded(now.subscription.status as SubscriptionStatus)) {
        await deps.subscriptions.save(subscriptionRecord(now.subscription, row.user_id, now.syncedAt));
        throw conflict(SUBSCRIPTION_MESSAGES.ended);
      }
      throw providerUnavailable(error);
    }
    await deps.subscriptions.save(subscriptionRecord(updated, row.user_id, syncedAt));
    return reread(user, id);
  }

  return {
    /**
     * The donor's monthly donations, newest first. One whose first payment Stripe has not reported yet is
     * asked about, so a donor who just paid sees it even when the webhook is late.
     */
    async list(user: UserRecord): Promise<CoffeeSubscription[]> {
      const client = stripeOrUnavailable();
      const rows = await deps.subscriptions.ofUser(user.id, LISTED * 2);
      const young = deps.now().getTime() - PENDING_WINDOW_MS;
      const pending = rows
        .filter((row) => row.status === 'incomplete' && Date.parse(row.created_at) > young)
        .slice(0, PENDING_CHECKS);
      if (pending.length === 0) return rows.filter(shown).slice(0, LISTED).map(forDonor);
      for (const row of pending) {
        // Stripe unreachable: the stored state is still the best answer.
        const now = await current(client, row.id).catch((error: unknown) => {
          deps.log.warn(
            { err: error, subscriptionId: row.id },
            'Stripe could not be asked about a new subscription',
          );
          return null;
        });
        if (now)
          await deps.subscriptions.save(subscriptionRecord(now.subscription, row.user_id, now.syncedAt));
      }
      const fresh = await deps.subscriptions.ofUser(user.id, LISTED * 2);
      return fresh.filter(shown).slice(0, LISTED).map(forDonor);
    },

    /** Stops it at the end of the month paid for; nothing more is charged. */
    cancel: (user: UserRecord, id: string) => setCancellation(user, id, true),

    /** Keeps a subscription set to end: it renews as before. */
    resume: (user: UserRecord, id: string) => setCancellation(user, id, false),

    /** Stripe's customer portal, opened on changing the card, and back to the coffee page afterwards. */
    async cardPortal(user: UserRecord, id: string): Promise<BillingPortalSession> {
      const client = stripeOrUnavailable();
      const row = await changeable(user, id);
      const back = `${deps.coffeePageUrl}?card=updated`;
      try {
        const session = await client.billingPortal.sessions.create({
          customer: row.customer_id,
          return_url: deps.coffeePageUrl,
          flow_data: {
            type: 'payment_method_update',
            after_completion: { type: 'redirect', redirect: { return_url: back } },
          },
        });
        return { url: session.url };
      } catch (error) {
        throw providerUnavailable(error, SUBSCRIPTION_MESSAGES.portalUnavailable);
      }
    },

    /** What Stripe says of a subscription now (for webhooks); null when Stripe has no such subscription. */
    async fromStripe(id: string): Promise<StripeSubscriptionState | null> {
      return current(stripeOrUnavailable(), id);
    },
  };
}

export type SubscriptionsService = ReturnType<typeof subscriptionsService>;
