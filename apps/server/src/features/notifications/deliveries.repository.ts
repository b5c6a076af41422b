import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DeliveryStatus, Schema } from '../../db/schema.ts';
import { parseJson } from './notifications.rows.ts';

/** The key of a webhook's waiting test call: one at most. */
export const pendingTestKey = (webhookId: number) => `test:${webhookId}`;

/**
 * Readers' webhooks and the outbox of deliveries (enqueue, claim, finish, given up, health). A claimed delivery
 * carries a lease: this repository's process (`owner`) holds it until `locked_until`, renewing it while it
 * sends; once a dead process's lease lapses another takes the delivery over, and a process whose delivery was
 * taken over records nothing of it.
 */
export function deliveriesRepository(db: Kysely<Schema>, owner: string = randomUUID()) {
  return {
    // ---- Webhooks ----

    async webhooks(userId: number) {
      const rows = await db
        .selectFrom('webhooks')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
      return rows.map((row) => ({ ...row, enabled: Boolean(row.enabled) }));
    },

    async webhook(id: number) {
      const row = await db.selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? { ...row, enabled: Boolean(row.enabled) } : undefined;
    },

    /** Adds a webhook unless the reader has `max` already (checked in the same transaction). */
    createWebhook(input: {
      userId: number;
      url: string;
      kind: string;
      secret: string;
      now: string;
      max: number;
    }) {
      return db.transaction().execute(async (trx) => {
        const count = await trx
          .selectFrom('webhooks')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', input.userId)
          .executeTakeFirstOrThrow();
        if (Number(count.n) >= input.max) return null;
        const row = await trx
          .insertInto('webhooks')
          .values({
            user_id: input.userId,
            url: input.url,
            kind: input.kind,
            secret: input.secret,
            enabled: true,
            disabled_reason: null,
            created_at: input.now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        return { ...row, enabled: Boolean(row.enabled) };
      });
    },

    async deleteWebhook(userId: number, id: number): Promise<boolean> {
      const result = await db
        .deleteFrom('webhooks')
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async disableWebhook(id: number, reason: string): Promise<void> {
      await db
        .updateTable('webhooks')
        .set({ enabled: false, disabled_reason: reason })
        .where('id', '=', id)
        .execute();
    },

    // ---- The outbox ----

    async enqueue(input: {
      userId: number;
      channel: string;
      webhookId: number | null;
      key: string;
      payload: Record<string, unknown>;
      now: string;
    }): Promise<boolean> {
      const result = await db
        .insertInto('deliveries')
        .values({
          user_id: input.userId,
          channel: input.channel,
          webhook_id: input.webhookId,
          notification_id: null,
          delivery_key: input.key,
          payload: JSON.stringify(input.payload),
          status: 'queued',
          next_attempt_at: input.now,
          created_at: input.now,
        })
        .onConflict((oc) => oc.column('delivery_key').doNothing())
        .returning('id')
        .executeTakeFirst();
      return result !== undefined;
    },

    /**
     * A webhook's test call, queued once: while one is waiting (not yet sent or given up) another request
     * replaces it (its time is renewed) rather than queueing a second. Its key is renamed once it is finished.
     */
    async enqueueTest(input: { userId: number; webhookId: number; now: string }): Promise<void> {
      await db
        .insertInto('deliveries')
        .values({
          user_id: input.userId,
          channel: 'webhook',
          webhook_id: input.webhookId,
          notification_id: null,
          delivery_key: pendingTestKey(input.webhookId),
          payload: JSON.stringify({ test: true }),
          status: 'queued',
          next_attempt_at: input.now,
          created_at: input.now,
        })
        .onConflict((oc) => oc.column('delivery_key').doUpdateSet({ created_at: input.now }))
        .execute();
    },

    /**
     * Deliveries that are due and not locked, oldest first, leaving out what the caller is busy with: the
     * webhooks listed, the webhook calls or the mail of the readers listed, and a whole kind when asked.
     */
    async dueCandidates(
      now: string,
      limit: number,
      skip: {
        webhookIds: number[];
        webhookUsers: number[];
        mailUsers: number[];
        webhooks: boolean;
        mail: boolean;
      },
    ) {
      let query = db
        .selectFrom('deliveries')
        .select(['id', 'channel', 'user_id', 'webhook_id'])
        .where('status', '=', 'queued')
        .where('next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]));
      if (skip.webhooks) query = query.where('channel', '!=', 'webhook');
      if (skip.mail) query = query.where('channel', '=', 'webhook');
      if (skip.webhookIds.length > 0)
        query = query.where((eb) =>
          eb.or([eb('webhook_id', 'is', null), eb('webhook_id', 'not in', skip.webhookIds)]),
        );
      if (skip.webhookUsers.length > 0)
        query = query.where((eb) =>
          eb.or([eb('channel', '!=', 'webhook'), eb('user_id', 'not in', skip.webhookUsers)]),
        );
      if (skip.mailUsers.length > 0)
        query = query.where((eb) =>
          eb.or([eb('channel', '=', 'webhook'), eb('user_id', 'not in', skip.mailUsers)]),
        );
      return query.orderBy('next_attempt_at').orderBy('id').limit(limit).execute();
    },

    /**
     * Takes one delivery until `lockUntil`, unless another process took it first (the update of its lock
     * decides); one whose process died is taken again once the lock (its lease) ends.
     */
    async claim(id: number, now: string, lockUntil: string) {
      const result = await db
        .updateTable('deliveries')
        .set({ locked_until: lockUntil, lease_owner: owner })
        .where('id', '=', id)
        .where('status', '=', 'queued')
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return undefined;
      const row = await db
        .selectFrom('deliveries')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return { ...row, payload: parseJson(row.payload) };
    },

    /**
     * This process still holds the delivery: its lease runs on to `lockUntil`. False when it no longer does
     * (the lease lapsed and another process took it over): it must record nothing of it.
     */
    async renew(id: number, lockUntil: string): Promise<boolean> {
      const result = await db
        .updateTable('deliveries')
        .set({ locked_until: lockUntil })
        .where('id', '=', id)
        .where('status', '=', 'queued')
        .where('lease_owner', '=', owner)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Gives back a delivery stopped half way (the process is stopping): still queued, free for the next. */
    async release(id: number): Promise<void> {
      await db
        .updateTable('deliveries')
        .set({ locked_until: null, lease_owner: null })
        .where('id', '=', id)
        .where('lease_owner', '=', owner)
        .execute();
    },

    /** Moves a failing webhook's other waiting deliveries to its next try, so it is tried once per wait. */
    async postponeWebhook(webhookId: number, exceptId: number, until: string, now: string): Promise<void> {
      await db
        .updateTable('deliveries')
        .set({ next_attempt_at: until })
        .where('webhook_id', '=', webhookId)
        .where('id', '!=', exceptId)
        .where('status', '=', 'queued')
        .where('next_attempt_at', '<', until)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
        .execute();
    },

    async finishDelivery(
      id: number,
      outcome: {
        status: DeliveryStatus;
        attempts: number;
        nextAttemptAt?: string;
        error?: string | null;
        now: string;
        /** A new key (a finished test call gives up the key of the waiting one). */
        key?: string;
        /** The address an email was sent to. */
        recipient?: string;
      },
    ): Promise<void> {
      await db
        .updateTable('deliveries')
        .set({
          ...(outcome.key ? { delivery_key: outcome.key } : {}),
          ...(outcome.recipient ? { recipient: outcome.recipient } : {}),
          status: outcome.status,
          attempts: outcome.attempts,
          locked_until: null,
          lease_owner: null,
          last_error: outcome.error ?? null,
          ...(outcome.nextAttemptAt ? { next_attempt_at: outcome.nextAttemptAt } : {}),
          ...(outcome.status === 'sent' ? { sent_at: outcome.now } : {}),
          ...(outcome.status === 'queued' ? {} : { finished_at: outcome.now }),
        })
        .where('id', '=', id)
        // Taken over by another process meanwhile: that one's outcome stands.
        .where('lease_owner', '=', owner)
        .execute();
    },

    /** Alert emails sent to an address since a time, whichever account it belonged to. */
    async emailsSentTo(address: string, since: string): Promise<number> {
      const row = await db
        .selectFrom('deliveries')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('recipient', '=', address.toLowerCase())
        .where('sent_at', '>', since)
        .where('channel', '=', 'email')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async givenUp(userId: number, limit: number) {
      return db
        .selectFrom('deliveries')
        .leftJoin('webhooks', 'webhooks.id', 'deliveries.webhook_id')
        .select([
          'deliveries.id as id',
          'deliveries.channel as channel',
          'webhooks.url as url',
          'deliveries.last_error as last_error',
          'deliveries.attempts as attempts',
          'deliveries.created_at as created_at',
        ])
        .where('deliveries.user_id', '=', userId)
        .where('deliveries.status', '=', 'given_up')
        .orderBy('deliveries.created_at', 'desc')
        .limit(limit)
        .execute();
    },

    /** Deliveries waiting now, and those sent or given up since a time, by channel and status (admin). */
    async health(since: string) {
      const rows = await db
        .selectFrom('deliveries')
        .select((eb) => [
          'channel',
          'status',
          eb.case().when('attempts', '>', 0).then(1).else(0).end().as('tried'),
          eb.fn.countAll<number>().as('n'),
        ])
        .where((eb) => eb.or([eb('status', '=', 'queued'), eb('finished_at', '>=', since)]))
        .groupBy(['channel', 'status', 'tried'])
        .execute();
      return rows.map((row) => ({
        channel: row.channel,
        status: row.status,
        tried: Number(row.tried) === 1,
        count: Number(row.n),
      }));
    },
  };
}

export type DeliveriesRepository = ReturnType<typeof deliveriesRepository>;
