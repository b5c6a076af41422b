import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DonationKind, DonationStatus, DonationsTable, Schema } from '../../db/schema.ts';
import { subscriptionStore } from './subscriptions.repository.ts';

export type DonationRow = Selectable<DonationsTable>;

export interface NewDonation {
  kind: DonationKind;
  tier: string;
  amountCents: number;
  currency: string;
  status: DonationStatus;
  paymentIntentId: string | null;
  invoiceId?: string | null;
  subscriptionId?: string | null;
  userId: number | null;
  fictionId?: number | null;
  /** SHA-256 of the client secret the payment was started with, when this site started it. */
  clientSecretHash?: string | null;
  now: string;
}

type Db = Kysely<Schema> | Transaction<Schema>;

function insertDonation(db: Db, donation: NewDonation) {
  return db
    .insertInto('donations')
    .values({
      kind: donation.kind,
      tier: donation.tier,
      amount_cents: donation.amountCents,
      currency: donation.currency,
      status: donation.status,
      payment_intent_id: donation.paymentIntentId,
      invoice_id: donation.invoiceId ?? null,
      subscription_id: donation.subscriptionId ?? null,
      user_id: donation.userId,
      fiction_id: donation.fictionId ?? null,
      client_secret_hash: donation.clientSecretHash ?? null,
      created_at: donation.now,
      updated_at: donation.now,
      paid_at: donation.status === 'succeeded' ? donation.now : null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Puts a fiction last among a reader's favorites inside the payment's transaction: the reading-list
 * repository does it, handed in by the composition root.
 */
export type AddLastFavorite = (
  trx: Kysely<Schema>,
  userId: number,
  entry: { fictionId: number; status: string; now: string },
) => Promise<unknown>;

/** Stored card payments. Every change that follows a Stripe event goes through `inTransaction`. */
export function donationsRepository(db: Kysely<Schema>, addLastFavorite: AddLastFavorite) {
  return {
    insert: (donation: NewDonation) => insertDonation(db, donation),

    byPaymentIntent: (paymentIntentId: string) =>
      db
        .selectFrom('donations')
        .selectAll()
        .where('payment_intent_id', '=', paymentIntentId)
        .executeTakeFirst(),

    /** Runs `work` in one transaction with the helpers it needs to apply an event. */
    inTransaction<T>(work: (store: DonationStore) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => work(donationStore(trx, addLastFavorite)));
    },

    /** Succeeded payments of one kind, net of refunds. */
    async revenue(kind: DonationKind) {
      const row = await db
        .selectFrom('donations')
        .select((eb) => [
          eb.fn.countAll<number>().as('count'),
          eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('gross'),
          eb.fn.coalesce(eb.fn.sum<number>('refunded_cents'), eb.lit(0)).as('refunded'),
        ])
        .where('kind', '=', kind)
        .where('status', '=', 'succeeded')
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), cents: Number(row.gross) - Number(row.refunded) };
    },
  };
}

export type DonationStore = ReturnType<typeof donationStore>;

function donationStore(trx: Transaction<Schema>, addLastFavorite: AddLastFavorite) {
  return {
    /** Monthly donations' states, which subscription events keep true. */
    subscriptions: subscriptionStore(trx),

    /** Records an event id; false when it was recorded before (a replay). */
    async claimEvent(id: string, type: string, now: string): Promise<boolean> {
      const result = await trx
        .insertInto('stripe_events')
        .values({ id, type, processed_at: now })
        .onConflict((oc) => oc.column('id').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
    },

    byPaymentIntent: (paymentIntentId: string) =>
      trx
        .selectFrom('donations')
        .selectAll()
        .where('payment_intent_id', '=', paymentIntentId)
        .executeTakeFirst(),

    byInvoice: (invoiceId: string) =>
      trx.selectFrom('donations').selectAll().where('invoice_id', '=', invoiceId).executeTakeFirst(),

    /** The first payment of a subscription: who started it. */
    firstOfSubscription: (subscriptionId: string) =>
      trx
        .selectFrom('donations')
        .selectAll()
        .where('subscription_id', '=', subscriptionId)
        .orderBy('id')
        .limit(1)
        .executeTakeFirst(),

    insert: (donation: NewDonation) => insertDonation(trx, donation),

    /** Moves a payment to succeeded; false when it already was (so side effects run once). */
    async markSucceeded(id: number, now: string, ids: { paymentIntentId?: string | null } = {}) {
      const result = await trx
        .updateTable('donations')
        .set({
          status: 'succeeded',
          paid_at: now,
          updated_at: now,
          failure_message: null,
          ...(ids.paymentIntentId ? { payment_intent_id: ids.paymentIntentId } : {}),
        })
        .where('id', '=', id)
        .where('status', 'in', ['pending', 'failed'])
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** A declined attempt; the payment may still succeed with another card. */
    async markFailed(id: number, message: string | null, now: string) {
      await trx
        .updateTable('donations')
        .set({ status: 'failed', failure_message: message, updated_at: now })
        .where('id', '=', id)
        .where('status', 'in', ['pending', 'failed'])
        .execute();
    },

    async recordRefund(id: number, refundedCents: number, full: boolean, now: string) {
      await trx
        .updateTable('donations')
        .set({ refunded_cents: refundedCents, updated_at: now, ...(full ? { status: 'refunded' } : {}) })
        .where('id', '=', id)
        .where('status', 'in', ['succeeded', 'refunded'])
        .execute();
    },

    /** Marks the fiction sponsored and puts it on the sponsor's list (a favorite, last). */
    async applySponsorship(fictionId: number, userId: number | null, now: string) {
      await trx
        .updateTable('fictions')
        .set({ sponsored: true, updated_at: now })
        .where('id', '=', fictionId)
        .execute();
      if (userId !== null) await addLastFavorite(trx, userId, { fictionId, status: 'plan_to_read', now });
    },
  };
}
