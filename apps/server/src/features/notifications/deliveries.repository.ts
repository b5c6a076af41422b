import type { Kysely } from 'kysely';
import type { DeliveryStatus, Schema } from '../../db/schema.ts';
import { parseJson } from './notifications.rows.ts';

/** Readers' webhooks and the outbox of deliveries (enqueue, claim, finish, given up, health). */
export function deliveriesRepository(db: Kysely<Schema>) {
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
     * Takes up to `limit` deliveries that are due, each for `lockMs`: a delivery is taken by one process
     * only (the update of its lock decides), and one whose process died is taken again once the lock ends.
     */
    async claimDue(now: string, lockUntil: string, limit: number) {
      const due = await db
        .selectFrom('deliveries')
        .select('id')
        .where('status', '=', 'queued')
        .where('next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
        .orderBy('next_attempt_at')
        .limit(limit)
        .execute();
      const claimed = [];
      for (const { id } of due) {
        const result = await db
          .updateTable('deliveries')
          .set({ locked_until: lockUntil })
          .where('id', '=', id)
          .where('status', '=', 'queued')
          .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) continue;
        const row = await db
          .selectFrom('deliveries')
          .selectAll()
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        claimed.push({ ...row, payload: parseJson(row.payload) });
      }
      return claimed;
    },

    async finishDelivery(
      id: number,
      outcome: {
        status: DeliveryStatus;
        attempts: number;
        nextAttemptAt?: string;
        error?: string | null;
        now: string;
      },
    ): Promise<void> {
      await db
        .updateTable('deliveries')
        .set({
          status: outcome.status,
          attempts: outcome.attempts,
          locked_until: null,
          last_error: outcome.error ?? null,
          ...(outcome.nextAttemptAt ? { next_attempt_at: outcome.nextAttemptAt } : {}),
          ...(outcome.status === 'sent' ? { sent_at: outcome.now } : {}),
          ...(outcome.status === 'queued' ? {} : { finished_at: outcome.now }),
        })
        .where('id', '=', id)
        .execute();
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
