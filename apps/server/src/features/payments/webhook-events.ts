// Applying Stripe's signed events to the stored donations, inside the webhook's transaction: each is applied
// once (the event id is claimed first), and a payment we started but failed to store is recorded, not lost.
import type Stripe from 'stripe';
import type { DonationRow, DonationStore } from './donations.repository.ts';
import { idOf, secretHashOf, userIdOf } from './stripe-events.ts';
import { type StripeSubscriptionState, subscriptionRecord } from './subscriptions.service.ts';

/** Applies a payment that Stripe says succeeded; side effects (sponsorship) run once. */
async function succeed(store: DonationStore, row: DonationRow, now: string, paymentIntentId?: string) {
  const changed = await store.markSucceeded(row.id, now, { paymentIntentId });
  if (changed && row.kind === 'sponsorship' && row.fiction_id !== null) {
    await store.applySponsorship(row.fiction_id, row.user_id, now);
  }
}

export async function onPaymentIntentSucceeded(
  store: DonationStore,
  intent: Stripe.PaymentIntent,
  now: string,
) {
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

export async function onPaymentIntentFailed(store: DonationStore, intent: Stripe.PaymentIntent, now: string) {
  const row = await store.byPaymentIntent(intent.id);
  if (row) await store.markFailed(row.id, intent.last_payment_error?.message ?? null, now);
}

function subscriptionOfInvoice(invoice: Stripe.Invoice): string | null {
  return idOf(invoice.parent?.subscription_details?.subscription);
}

/** The payment intent that paid an invoice (looked up before the transaction: it may call Stripe). */
export async function paymentIntentOfInvoice(
  stripe: Stripe,
  invoice: Stripe.Invoice,
): Promise<string | null> {
  const listed =
    invoice.payments?.data ?? (await stripe.invoicePayments.list({ invoice: invoice.id ?? '' })).data;
  const paid = listed.find((entry) => entry.payment.type === 'payment_intent' && entry.status === 'paid');
  const any = paid ?? listed.find((entry) => entry.payment.type === 'payment_intent');
  return idOf(any?.payment.payment_intent);
}

export async function onInvoicePaid(
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
export async function onSubscriptionChanged(store: DonationStore, current: StripeSubscriptionState | null) {
  if (!current) return;
  const { subscription, syncedAt } = current;
  const known = await store.subscriptions.exists(subscription.id);
  const first = known ? undefined : await store.firstOfSubscription(subscription.id);
  // A subscription this site did not start (nothing stored, not our metadata) is none of its business.
  if (!known && !first && subscription.metadata?.kind !== 'coffee') return;
  const userId = known ? null : (first?.user_id ?? userIdOf(subscription.metadata));
  await store.subscriptions.save(subscriptionRecord(subscription, userId, syncedAt));
}

export async function onChargeRefunded(store: DonationStore, charge: Stripe.Charge, now: string) {
  const paymentIntentId = idOf(charge.payment_intent);
  if (!paymentIntentId) return;
  const row = await store.byPaymentIntent(paymentIntentId);
  if (!row) return;
  await store.recordRefund(row.id, charge.amount_refunded, charge.refunded, now);
}
