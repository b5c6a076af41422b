import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Schema, SubscriptionsTable } from '../../db/schema.ts';

export type SubscriptionRow = Selectable<SubscriptionsTable>;

/** A subscription's state as Stripe told it at `syncedAt`. */
export interface SubscriptionRecord {
  id: string;
  /** Who started it; an account that no longer exists is stored as nobody. */
  userId: number | null;
  customerId: string;
  tier: string;
  status: string;
  amountCents: number;
  currency: string;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: string | null;
  canceledAt: string | null;
  endedAt: string | null;
  syncedAt: string;
}

type Db = Kysely<Schema> | Transaction<Schema>;

/**
 * Stores what Stripe said unless a newer answer is already stored: a state Stripe gave earlier, or one of a
 * subscription that has since ended (Stripe never starts an ended one again), changes nothing. The donor
 * who started it stays theirs. True when the row changed.
 */
async function saveSubscription(db: Db, record: SubscriptionRecord): Promise<boolean> {
  const result = await db
    .insertInto('subscriptions')
    .values({
      id: record.id,
      user_id:
        record.userId === null
          ? null
          : db.selectFrom('users').select('id').where('id', '=', record.userId).limit(1),
      customer_id: record.customerId,
      tier: record.tier,
      status: record.status,
      amount_cents: record.amountCents,
      currency: record.currency,
      cancel_at_period_end: record.cancelAtPeriodEnd,
      current_period_end: record.currentPeriodEnd,
      canceled_at: record.canceledAt,
      ended_at: record.endedAt,
      synced_at: record.syncedAt,
      created_at: record.syncedAt,
      updated_at: record.syncedAt,
    })
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet((eb) => ({
          user_id: eb.fn.coalesce('subscriptions.user_id', eb.ref('excluded.user_id')),
          status: eb.ref('excluded.status'),
          amount_cents: eb.ref('excluded.amount_cents'),
          currency: eb.ref('excluded.currency'),
          cancel_at_period_end: eb.ref('excluded.cancel_at_period_end'),
          current_period_end: eb.ref('excluded.current_period_end'),
          canceled_at: eb.ref('excluded.canceled_at'),
          ended_at: eb.ref('excluded.ended_at'),
          synced_at: eb.ref('excluded.synced_at'),
          updated_at: eb.ref('excluded.updated_at'),
        }))
        .where((eb) =>
          eb.and([
            eb('subscriptions.synced_at', '<=', eb.ref('excluded.synced_at')),
            eb.or([
              eb('subscriptions.status', 'not in', ['canceled', 'incomplete_expired']),
              eb('excluded.status', 'in', ['canceled', 'incomplete_expired']),
            ]),
          ]),
        ),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** Monthly donations. Reads for a donor always name the donor, so nobody reaches another's. */
export function subscriptionsRepository(db: Kysely<Schema>) {
  return {
    save: (record: SubscriptionRecord) => saveSubscription(db, record),

    /** The donor's subscriptions, newest first. */
    ofUser: (userId: number, limit: number) =>
      db
        .selectFrom('subscriptions')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),

    /** One of the donor's subscriptions; undefined when it is someone else's or unknown. */
    oneOfUser: (userId: number, id: string) =>
      db
        .selectFrom('subscriptions')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst(),
  };
}

export type SubscriptionsRepository = ReturnType<typeof subscriptionsRepository>;

/** The writes a webhook makes inside its transaction. */
export function subscriptionStore(trx: Transaction<Schema>) {
  return {
    save: (record: SubscriptionRecord) => saveSubscription(trx, record),
    exists: async (id: string) =>
      (await trx.selectFrom('subscriptions').select('id').where('id', '=', id).executeTakeFirst()) !==
      undefined,
  };
}
