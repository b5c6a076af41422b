import {
  DONATION_TIERS,
  type DonationType,
  MESSAGES,
  type PaymentCreated,
  type PaymentStatus,
  SPONSORSHIP,
} from '@rrc/contract';
import type Stripe from 'stripe';
import { AppError, badRequest, conflict, notFound, serviceUnavailable, unauthorized } from '../../errors.ts';
import type { UserRecord } from '../../lib/account.ts';
import { sha256Hex } from '../../lib/sha256.ts';
import type { FictionsService } from '../fictions/fictions.service.ts';
import type { DonationRow, DonationStore, donationsRepository } from './donations.repository.ts';
import type { StripeSetup } from './stripe-client.ts';
import type { SubscriptionsRepository } from './subscriptions.repository.ts';
import { type StripeSubscriptionState, subscriptionRecord } from './subscriptions.service.ts';

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

/** The id of a Stripe object reference, expanded or not. */
function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

/** `pi_123_secret_abc` → `pi_123`. */
function paymentIntentOfSecret(clientSecret: string): string {
  const cut = clientSecret.indexOf('_secret_');
  return cut > 0 ? clientSecret.slice(0, cut) : clientSecret;
}

function userIdOf(metadata: Stripe.Metadata | null | undefined): number | null {
  const value = Number(metadata?.user_id);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

/** Stripe failures become 503s with the usual text; the details go to the log through `cause`. */
function providerUnavailable(error: unknown): AppError {
  if (error instanceof AppError) return error;
  return serviceUnavailable(MESSAGES.serviceUnavailable, error);
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isCount = (value: unknown) => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/**
 * What is wrong with a signed event's shape for the types we apply, or null. Only Stripe can sign events,
 * but a malformed one must still be refused (400) rather than fail halfway.
 */
function eventShapeProblem(event: Stripe.Event): string | null {
  const raw = event as unknown as Record<string, unknown>;
  if (typeof raw.id !== 'string' || raw.id.length === 0 || raw.id.length > 255) return 'no event id';
  if (typeof raw.type !== 'string') return 'no event type';
  const data = raw.data;
  if (!isObject(data) || !isObject(data.object)) return 'no data object';
  const object = data.object;
  const id = object.id;
  switch (raw.type) {
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed':
      if (typeof id !== 'string') return 'the payment intent has no id';
      if (!isCount(object.amount)) return 'the payment intent has no amount';
      if (object.amount_received !== undefined && !isCount(object.amount_received))
        return 'a bad amount_received';
      if (object.metadata !== undefined && object.metadata !== null && !isObject(object.metadata)) {
        return 'bad metadata';
      }
      return null;
    case 'invoice.paid':
      if (typeof id !== 'string') return 'the invoice has no id';
      if (!isCount(object.amount_paid)) return 'the invoice has no amount_paid';
      if (typeof object.currency !== 'string') return 'the invoice has no currency';
      return null;
    case 'charge.refunded':
      if (!isCount(object.amount_refunded)) return 'the charge has no amount_refunded';
      if (typeof object.refunded !== 'boolean') return 'the charge does not say whether it is refunded';
      return null;
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      if (typeof id !== 'string' || !/^sub_[A-Za-z0-9]{1,250}$/.test(id)) return 'the subscription has no id';
      return null;
    default:
      return null;
  }
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

/** How far in the future a webhook signature may be dated (Stripe's own tolerance for the past). */
const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

/** The signing time (unix seconds) of a Stripe-Signature header, or null when it has none. */
function signedAt(signature: string): number | null {
  const match = /(?:^|,)\s*t=(\d{1,12})(?:,|$)/.exec(signature);
  return match ? Number(match[1]) : null;
}

const secretHashOf = (intent: Stripe.PaymentIntent) =>
  intent.client_secret ? sha256Hex(intent.client_secret) : null;

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

  /** Applies a payment that Stripe says succeeded; side effects (sponsorship) run once. */
  async function succeed(store: DonationStore, row: DonationRow, now: string, paymentIntentId?: string) {
    const changed = await store.markSucceeded(row.id, now, { paymentIntentId });
    if (changed && row.kind === 'sponsorship' && row.fiction_id !== null) {
      await store.applySponsorship(row.fiction_id, row.user_id, now);
    }
  }

  async function onPaymentIntentSucceeded(store: DonationStore, intent: Stripe.PaymentIntent, now: string) {
    const row = await store.byPaymentIntent(intent.id);
    if (row) return succeed(store, row, now);
    // Not ours, or a subscription renewal (counted by its invoice.paid). A payment we started but failed to
    // store (the process died in between) carries our metadata: record it rather than lose it.
    const kind = intent.metadata?.kind;
    const tier = intent.metadata?.tier;
    if ((kind !== 'coffee' && kind !== 'sponsorship') || !tier || tier === 'monthly') return;
    const fictionId = Number(intent.metadata.fiction_id) || null;
    const inserted = await store.insert({
      kind,
      tier,
      amountCents: intent.amount_received || intent.amount,
      currency: intent.currency,
      status: 'pending',
      paymentIntentId: intent.id,
      userId: userIdOf(intent.metadata),
      fictionId,
      clientSecretHash: secretHashOf(intent),
      now,
    });
    await succeed(store, inserted, now);
  }

  async function onPaymentIntentFailed(store: DonationStore, intent: Stripe.PaymentIntent, now: string) {
    const row = await store.byPaymentIntent(intent.id);
    if (row) await store.markFailed(row.id, intent.last_payment_error?.message ?? null, now);
  }

  function subscriptionOfInvoice(invoice: Stripe.Invoice): string | null {
    return idOf(invoice.parent?.subscription_details?.subscription);
  }

  /** The payment intent that paid an invoice (looked up before the transaction: it may call Stripe). */
  async function paymentIntentOfInvoice(stripe: Stripe, invoice: Stripe.Invoice): Promise<string | null> {
    const listed =
      invoice.payments?.data ?? (await stripe.invoicePayments.list({ invoice: invoice.id ?? '' })).data;
    const paid = listed.find((entry) => entry.payment.type === 'payment_intent' && entry.status === 'paid');
    const any = paid ?? listed.find((entry) => entry.payment.type === 'payment_intent');
    return idOf(any?.payment.payment_intent);
  }

  async function onInvoicePaid(
    store: DonationStore,
    invoice: Stripe.Invoice,
    paymentIntentId: string | null,
    now: string,
  ) {
    if (!invoice.id) return;
    const row =
      (await store.byInvoice(invoice.id)) ??
      (paymentIntentId ? await store.byPaymentIntent(paymentIntentId) : undefined);
    if (row) return succeed(store, row, now, paymentIntentId ?? undefined);
    // A renewal: a new payment by whoever started the subscription.
    const subscriptionId = subscriptionOfInvoice(invoice);
    if (!subscriptionId) return;
    const first = await store.firstOfSubscription(subscriptionId);
    const metadata = invoice.parent?.subscription_details?.metadata;
    if (!first && metadata?.kind !== 'coffee') return;
    await store.insert({
      kind: 'coffee',
      tier: 'monthly',
      amountCents: invoice.amount_paid,
      currency: invoice.currency,
      status: 'succeeded',
      paymentIntentId,
      invoiceId: invoice.id,
      subscriptionId,
      userId: first ? first.user_id : userIdOf(metadata),
      now,
    });
  }

  /** A monthly donation changed (cancelled, kept, renewed, past due, ended): store Stripe's current state. */
  async function onSubscriptionChanged(store: DonationStore, current: StripeSubscriptionState | null) {
    if (!current) return;
    const { subscription, syncedAt } = current;
    const known = await store.subscriptions.exists(subscription.id);
    const first = known ? undefined : await store.firstOfSubscription(subscription.id);
    // A subscription this site did not start (nothing stored, not our metadata) is none of its business.
    if (!known && !first && subscription.metadata?.kind !== 'coffee') return;
    const userId = known ? null : (first?.user_id ?? userIdOf(subscription.metadata));
    await store.subscriptions.save(subscriptionRecord(subscription, userId, syncedAt));
  }

  async function onChargeRefunded(store: DonationStore, charge: Stripe.Charge, now: string) {
    const paymentIntentId = idOf(charge.payment_intent);
    if (!paymentIntentId) return;
    const row = await store.byPaymentIntent(paymentIntentId);
    if (!row) return;
    await store.recordRefund(row.id, charge.amount_refunded, charge.refunded, now);
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
