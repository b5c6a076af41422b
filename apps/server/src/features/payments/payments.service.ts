import {
  DONATION_TIERS,
  type DonationType,
  MESSAGES,
  type PaymentCreated,
  type PaymentStatus,
  SPONSORSHIP,
} from '@rrc/contract';
import type Stripe from 'stripe';
import { badRequest, conflict, notFound, serviceUnavailable, unauthorized } from '../../errors.ts';
import type { UserRecord } from '../../lib/account.ts';
import { sha256Hex } from '../../lib/sha256.ts';
import type { FictionsService } from '../fictions/fictions.service.ts';
import type { DonationRow, donationsRepository } from './donations.repository.ts';
import type { StripeSetup } from './stripe-client.ts';
import {
  eventShapeProblem,
  idOf,
  paymentIntentOfSecret,
  providerUnavailable,
  secretHashOf,
  signedAt,
  WEBHOOK_TOLERANCE_SECONDS,
} from './stripe-events.ts';
import type { SubscriptionsRepository } from './subscriptions.repository.ts';
import { type StripeSubscriptionState, subscriptionRecord } from './subscriptions.service.ts';
import {
  onChargeRefunded,
  onInvoicePaid,
  onPaymentIntentFailed,
  onPaymentIntentSucceeded,
  onSubscriptionChanged,
  paymentIntentOfInvoice,
} from './webhook-events.ts';

const CURRENCY = 'usd';
/** The monthly tier's recurring price is found (or made once) by this key, so every instance shares it. */
const MONTHLY_PRICE_KEY = 'rrc_monthly_coffee_pods';
/** Events that change a monthly donation: each is applied by asking Stripe for the subscription as it is now. */
const SUBSCRIPTION_EVENTS = new Set(['customer.subscription.updated', 'customer.subscription.deleted']);

export const MONTHLY_NEEDS_ACCOUNT =
  'Please sign in to start Monthly Coffee Pods, so that you can cancel them yourself at any time.';

type Donations = ReturnType<typeof donationsRepository>;

export interface PaymentsDeps {
  stripe: StripeSetup | null;
  donations: Donations;
  subscriptions: Pick<SubscriptionsRepository, 'save'>;
  /** A subscription as Stripe holds it now; null when Stripe has none by that id. */
  subscriptionFromStripe: (id: string) => Promise<StripeSubscriptionState | null>;
  fictions: Pick<FictionsService, 'byId'>;
  /** Where donors write to stop a monthly donation made without an account; without it, those need one. */
  contactEmail: string | null;
  now: () => Date;
}

/** Who asks how a payment went: the signed-in reader (if any) and the client secret they hold (if any). */
export interface PaymentViewer {
  userId: number | null;
  clientSecret?: string;
}

/** The payment's donor, signed in, or whoever holds the client secret it was started with. */
function mayView(row: DonationRow, viewer: PaymentViewer): boolean {
  if (row.user_id !== null && viewer.userId === row.user_id) return true;
  return Boolean(viewer.clientSecret && row.client_secret_hash === sha256Hex(viewer.clientSecret));
}

function statusForClient(row: DonationRow): PaymentStatus {
  return { status: row.status, amount: row.amount_cents / 100, tier: row.tier };
}

export function paymentsService(deps: PaymentsDeps) {
  const nowIso = () => deps.now().toISOString();
  let monthlyPrice: Promise<string> | null = null;

  function stripeOrUnavailable(): StripeSetup {
    if (!deps.stripe) throw serviceUnavailable(MESSAGES.serviceUnavailable);
    return deps.stripe;
  }

  async function findOrCreateMonthlyPrice(stripe: Stripe): Promise<string> {
    const tier = DONATION_TIERS.monthly;
    const existing = await stripe.prices.list({ lookup_keys: [MONTHLY_PRICE_KEY], active: true, limit: 1 });
    const price = existing.data[0];
    if (price && price.unit_amount === tier.amountCents && price.currency === CURRENCY) return price.id;
    const created = await stripe.prices.create({
      currency: CURRENCY,
      unit_amount: tier.amountCents,
      recurring: { interval: 'month' },
      product_data: { name: tier.label },
      lookup_key: MONTHLY_PRICE_KEY,
      transfer_lookup_key: true,
    });
    return created.id;
  }

  function monthlyPriceId(stripe: Stripe): Promise<string> {
    monthlyPrice ??= findOrCreateMonthlyPrice(stripe).catch((error: unknown) => {
      monthlyPrice = null;
      throw error;
    });
    return monthlyPrice;
  }

  async function startOneOff(
    stripe: Stripe,
    input: {
      amountCents: number;
      description: string;
      metadata: Record<string, string>;
      receiptEmail?: string;
    },
  ) {
    return stripe.paymentIntents.create({
      amount: input.amountCents,
      currency: CURRENCY,
      description: input.description,
      allowed_payment_method_types: ['card'],
      metadata: input.metadata,
      ...(input.receiptEmail ? { receipt_email: input.receiptEmail } : {}),
    });
  }

  async function startMonthly(stripe: Stripe, user: UserRecord | null) {
    const metadata = { kind: 'coffee', tier: 'monthly', user_id: user ? String(user.id) : '' };
    const [price, customer] = await Promise.all([
      monthlyPriceId(stripe),
      stripe.customers.create({ ...(user ? { email: user.email } : {}), metadata }),
    ]);
    const askedAt = nowIso();
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price }],
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription', payment_method_types: ['card'] },
      metadata,
      expand: ['latest_invoice.confirmation_secret', 'latest_invoice.payments'],
    });
    const invoice = subscription.latest_invoice;
    if (!invoice || typeof invoice === 'string' || !invoice.confirmation_secret) {
      throw new Error(`Subscription ${subscription.id} came back without its first invoice's client secret`);
    }
    await deps.subscriptions.save(subscriptionRecord(subscription, user ? user.id : null, askedAt));
    const clientSecret = invoice.confirmation_secret.client_secret;
    const payment = invoice.payments?.data.find((entry) => entry.payment.type === 'payment_intent');
    const paymentIntentId = idOf(payment?.payment.payment_intent) ?? paymentIntentOfSecret(clientSecret);
    return {
      clientSecret,
      paymentIntentId,
      invoiceId: invoice.id ?? null,
      subscriptionId: subscription.id,
      amountCents: invoice.amount_due,
    };
  }

  return {
    enabled: deps.stripe !== null,
    publishableKey: deps.stripe?.publishableKey ?? null,
    contactEmail: deps.contactEmail,

    async createCoffeePayment(type: DonationType, user: UserRecord | null): Promise<PaymentCreated> {
      const { client } = stripeOrUnavailable();
      const tier = DONATION_TIERS[type];
      const userId = user ? user.id : null;
      // A monthly charge must be stoppable: in the app when signed in, otherwise by writing to us.
      if (tier.monthly && !user && !deps.contactEmail) throw unauthorized(MONTHLY_NEEDS_ACCOUNT);
      try {
        if (tier.monthly) {
          const started = await startMonthly(client, user);
          await deps.donations.insert({
            kind: 'coffee',
            tier: type,
            amountCents: started.amountCents,
            currency: CURRENCY,
            status: 'pending',
            paymentIntentId: started.paymentIntentId,
            invoiceId: started.invoiceId,
            subscriptionId: started.subscriptionId,
            userId,
            clientSecretHash: sha256Hex(started.clientSecret),
            now: nowIso(),
          });
          return { clientSecret: started.clientSecret, paymentIntentId: started.paymentIntentId };
        }
        const intent = await startOneOff(client, {
          amountCents: tier.amountCents,
          description: tier.label,
          metadata: { kind: 'coffee', tier: type, user_id: userId ? String(userId) : '' },
          receiptEmail: user?.email,
        });
        await deps.donations.insert({
          kind: 'coffee',
          tier: type,
          amountCents: intent.amount,
          currency: intent.currency,
          status: 'pending',
          paymentIntentId: intent.id,
          userId,
          clientSecretHash: secretHashOf(intent),
          now: nowIso(),
        });
        if (!intent.client_secret) throw new Error(`Payment intent ${intent.id} has no client secret`);
        return { clientSecret: intent.client_secret, paymentIntentId: intent.id };
      } catch (error) {
        throw providerUnavailable(error);
      }
    },

    async createSponsorship(fictionId: number, user: UserRecord): Promise<PaymentCreated> {
      const { client } = stripeOrUnavailable();
      const fiction = await deps.fictions.byId(fictionId);
      if (!fiction) throw notFound('Fiction not found');
      if (fiction.sponsored) throw conflict(`"${fiction.title}" is already sponsored.`);
      try {
        const intent = await startOneOff(client, {
          amountCents: SPONSORSHIP.amountCents,
          description: `${SPONSORSHIP.label}: ${fiction.title}`.slice(0, 300),
          metadata: {
            kind: 'sponsorship',
            tier: 'sponsorship',
            user_id: String(user.id),
            fiction_id: String(fiction.id),
            royalroad_id: String(fiction.royalroad_id),
          },
          receiptEmail: user.email,
        });
        await deps.donations.insert({
          kind: 'sponsorship',
          tier: 'sponsorship',
          amountCents: intent.amount,
          currency: intent.currency,
          status: 'pending',
          paymentIntentId: intent.id,
          userId: user.id,
          fictionId: fiction.id,
          clientSecretHash: secretHashOf(intent),
          now: nowIso(),
        });
        if (!intent.client_secret) throw new Error(`Payment intent ${intent.id} has no client secret`);
        return { clientSecret: intent.client_secret, paymentIntentId: intent.id };
      } catch (error) {
        throw providerUnavailable(error);
      }
    },

    /**
     * Where a payment stands, for its donor or the holder of its client secret (to anyone else it does not
     * exist); a pending one is checked with Stripe, in case its webhook is late.
     */
    async paymentStatus(paymentIntentId: string, viewer: PaymentViewer): Promise<PaymentStatus> {
      const row = await deps.donations.byPaymentIntent(paymentIntentId);
      if (!row || !mayView(row, viewer)) throw notFound('Payment not found.');
      if (row.status !== 'pending' || !deps.stripe) return statusForClient(row);
      let intent: Stripe.PaymentIntent;
      try {
        intent = await deps.stripe.client.paymentIntents.retrieve(paymentIntentId);
      } catch {
        return statusForClient(row);
      }
      const now = nowIso();
      await deps.donations.inTransaction(async (store) => {
        if (intent.status === 'succeeded') await onPaymentIntentSucceeded(store, intent, now);
        else if (intent.last_payment_error || intent.status === 'canceled') {
          await onPaymentIntentFailed(store, intent, now);
        }
      });
      const updated = await deps.donations.byPaymentIntent(paymentIntentId);
      return statusForClient(updated ?? row);
    },

    /** Verifies and applies one webhook delivery; a replayed event id changes nothing. */
    async handleWebhook(rawBody: string | Buffer, signature: string | undefined) {
      const { client, webhookSecret } = stripeOrUnavailable();
      if (!signature) throw badRequest('The Stripe-Signature header is missing.');
      // Stripe's check refuses signatures older than its tolerance; one dated far ahead is refused here.
      const at = signedAt(signature);
      if (at !== null && at > Date.now() / 1000 + WEBHOOK_TOLERANCE_SECONDS)
        throw badRequest('The Stripe signature is dated in the future.');
      let event: Stripe.Event;
      try {
        event = client.webhooks.constructEvent(rawBody, signature, webhookSecret);
      } catch {
        throw badRequest('The Stripe signature does not match this webhook.');
      }
      const problem = eventShapeProblem(event);
      if (problem) throw badRequest(`The Stripe event cannot be read: ${problem}.`);
      // Anything that needs Stripe is fetched before the transaction, which stays short.
      let invoicePaymentIntent: string | null = null;
      if (event.type === 'invoice.paid') {
        try {
          invoicePaymentIntent = await paymentIntentOfInvoice(client, event.data.object);
        } catch (error) {
          throw providerUnavailable(error);
        }
      }
      // The event's own copy may be older than another already applied; Stripe's answer now never is.
      const subscriptionNow = SUBSCRIPTION_EVENTS.has(event.type)
        ? await deps.subscriptionFromStripe((event.data.object as Stripe.Subscription).id)
        : null;
      const now = nowIso();
      const fresh = await deps.donations.inTransaction(async (store) => {
        if (!(await store.claimEvent(event.id, event.type, now))) return false;
        switch (event.type) {
          case 'payment_intent.succeeded':
            await onPaymentIntentSucceeded(store, event.data.object, now);
            break;
          case 'payment_intent.payment_failed':
            await onPaymentIntentFailed(store, event.data.object, now);
            break;
          case 'invoice.paid':
            await onInvoicePaid(store, event.data.object, invoicePaymentIntent, now);
            break;
          case 'charge.refunded':
            await onChargeRefunded(store, event.data.object, now);
            break;
          case 'customer.subscription.updated':
          case 'customer.subscription.deleted':
            await onSubscriptionChanged(store, subscriptionNow);
            break;
          default:
            break;
        }
        return true;
      });
      return { received: true as const, duplicate: !fresh, type: event.type };
    },

    /** Succeeded coffee donations net of refunds, in dollars. */
    async coffeeRevenue() {
      const { count, cents } = await deps.donations.revenue('coffee');
      return { total_revenue: Math.round(cents) / 100, count };
    },
  };
}

export type PaymentsService = ReturnType<typeof paymentsService>;
