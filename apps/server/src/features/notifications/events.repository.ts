import type { Kysely, Transaction } from 'kysely';
import type { Schema } from '../../db/schema.ts';
import {
  type EventRow,
  eventColumns,
  type NewEvent,
  type Recipient,
  toEvent,
  type WatchRow,
} from './notifications.rows.ts';
import { watchesOfFiction } from './watches.repository.ts';

type Db = Kysely<Schema> | Transaction<Schema>;

/**
 * Fiction events: what the captures, snapshots and chapters say (to find them), recording one with its
 * notifications and queued deliveries, and reading them back (feeds, digests, a notification's event).
 */
export function eventsRepository(db: Kysely<Schema>) {
  return {
    // ---- What the captures say ----

    async capturedAt(captureId: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('rising_star_captures')
        .select('captured_at')
        .where('id', '=', captureId)
        .executeTakeFirst();
      return row?.captured_at;
    },

    /** The latest capture before this one that holds the list. */
    async previousCaptureWithList(captureId: number, genre: string, before: string) {
      const row = await db
        .selectFrom('rising_star_captures')
        .select(['rising_star_captures.id as id'])
        .where('rising_star_captures.id', '!=', captureId)
        .where('rising_star_captures.captured_at', '<=', before)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('rising_star_entries')
              .select('rising_star_entries.id')
              .whereRef('rising_star_entries.capture_id', '=', 'rising_star_captures.id')
              .where('rising_star_entries.genre', '=', genre),
          ),
        )
        .orderBy('rising_star_captures.captured_at', 'desc')
        .orderBy('rising_star_captures.id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.id;
    },

    async listEntries(captureId: number, genre: string) {
      const rows = await db
        .selectFrom('rising_star_entries')
        .select(['fiction_id', 'position'])
        .where('capture_id', '=', captureId)
        .where('genre', '=', genre)
        .execute();
      return new Map(rows.map((row) => [row.fiction_id, row.position]));
    },

    /** The best position of each fiction on a list in captures other than this one, up to a time. */
    async bestPositionsBefore(captureId: number, genre: string, before: string, fictionIds: number[]) {
      if (fictionIds.length === 0) return new Map<number, number>();
      const rows = await db
        .selectFrom('rising_star_entries')
        .innerJoin('rising_star_captures', 'rising_star_captures.id', 'rising_star_entries.capture_id')
        .select((eb) => [
          'rising_star_entries.fiction_id as fiction_id',
          eb.fn.min<number>('rising_star_entries.position').as('best'),
        ])
        .where('rising_star_entries.genre', '=', genre)
        .where('rising_star_entries.capture_id', '!=', captureId)
        .where('rising_star_captures.captured_at', '<=', before)
        .where('rising_star_entries.fiction_id', 'in', fictionIds)
        .groupBy('rising_star_entries.fiction_id')
        .execute();
      return new Map(rows.map((row) => [row.fiction_id, Number(row.best)]));
    },

    /** The two latest snapshots of a fiction, newest first. */
    async latestSnapshots(fictionId: number) {
      return db
        .selectFrom('fiction_snapshots')
        .select(['captured_at', 'followers'])
        .where('fiction_id', '=', fictionId)
        .orderBy('captured_at', 'desc')
        .limit(2)
        .execute();
    },

    /** The release times of a fiction's newest `limit` chapters, with the newest chapter's id, newest first. */
    async latestReleases(fictionId: number, limit: number) {
      return db
        .selectFrom('fiction_chapters')
        .select(['royalroad_chapter_id', 'published_at'])
        .where('fiction_id', '=', fictionId)
        .where('published_at', 'is not', null)
        .orderBy('published_at', 'desc')
        .limit(limit)
        .$narrowType<{ published_at: string }>()
        .execute();
    },

    async chaptersPublishedSince(fictionId: number, since: string) {
      return db
        .selectFrom('fiction_chapters')
        .select(['royalroad_chapter_id', 'title', 'published_at'])
        .where('fiction_id', '=', fictionId)
        .where('published_at', '>=', since)
        .orderBy('published_at')
        .execute();
    },

    /**
     * Stores an event once (its key decides) and, in the same transaction, the notifications of the
     * readers `recipients` chooses, once per reader, with their emails and webhook calls queued. Running
     * it again, or at once in another process, adds nothing.
     */
    recordEvent(
      event: NewEvent,
      recipients: (watches: WatchRow[]) => Recipient[],
      options: { defaultEvents: string[]; emailsPerDay: number; now: string },
    ): Promise<number> {
      return db.transaction().execute(async (trx) => {
        await trx
          .insertInto('fiction_events')
          .values({
            fiction_id: event.fictionId,
            kind: event.kind,
            event_key: event.key,
            data: JSON.stringify(event.data),
            occurred_at: event.occurredAt,
          })
          .onConflict((oc) => oc.columns(['fiction_id', 'event_key']).doNothing())
          .execute();
        const stored = await trx
          .selectFrom('fiction_events')
          .select(['id', 'occurred_at'])
          .where('fiction_id', '=', event.fictionId)
          .where('event_key', '=', event.key)
          .executeTakeFirstOrThrow();
        // Readers who started watching after the event do not hear of it.
        const watches = (await watchesOfFiction(trx, event.fictionId, options.defaultEvents)).filter(
          (watch) => watch.created_at <= stored.occurred_at,
        );
        let made = 0;
        for (const recipient of recipients(watches)) {
          const inserted = await trx
            .insertInto('notifications')
            .values({
              user_id: recipient.userId,
              event_id: stored.id,
              in_app: recipient.app,
              read_at: null,
              created_at: options.now,
            })
            .onConflict((oc) => oc.columns(['user_id', 'event_id']).doNothing())
            .returning('id')
            .executeTakeFirst();
          if (!inserted) continue;
          made++;
          const queue = (channel: string, key: string, webhookId: number | null) =>
            trx
              .insertInto('deliveries')
              .values({
                user_id: recipient.userId,
                channel,
                webhook_id: webhookId,
                notification_id: inserted.id,
                delivery_key: key,
                payload: '{}',
                status: 'queued',
                next_attempt_at: options.now,
                created_at: options.now,
              })
              .onConflict((oc) => oc.column('delivery_key').doNothing())
              .execute();
          if (recipient.email && (await emailAllowed(trx, recipient.userId, options))) {
            await queue('email', `email:n${inserted.id}`, null);
          }
          if (recipient.webhooks) {
            const hooks = await trx
              .selectFrom('webhooks')
              .select('id')
              .where('user_id', '=', recipient.userId)
              .where('enabled', '=', true)
              .execute();
            for (const hook of hooks) await queue('webhook', `webhook:${hook.id}:n${inserted.id}`, hook.id);
          }
        }
        return made;
      });
    },

    // ---- Feeds ----

    async fictionEvents(fictionId: number, limit: number): Promise<EventRow[]> {
      const rows = await db
        .selectFrom('fiction_events')
        .innerJoin('fictions', 'fictions.id', 'fiction_events.fiction_id')
        .select(eventColumns)
        .where('fiction_events.fiction_id', '=', fictionId)
        .where('fiction_events.kind', 'in', [
          'chapter_released',
          'rs_entered',
          'rs_left',
          'followers_milestone',
        ])
        .orderBy('fiction_events.occurred_at', 'desc')
        .orderBy('fiction_events.id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toEvent);
    },

    async userEvents(userId: number, limit: number): Promise<EventRow[]> {
      const rows = await db
        .selectFrom('notifications')
        .innerJoin('fiction_events', 'fiction_events.id', 'notifications.event_id')
        .innerJoin('fictions', 'fictions.id', 'fiction_events.fiction_id')
        .select(eventColumns)
        .where('notifications.user_id', '=', userId)
        // The order the reader was told in: the notifications' own index gives the newest without a sort.
        .orderBy('notifications.created_at', 'desc')
        .orderBy('notifications.id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toEvent);
    },

    /** Events of some fictions in a time window, oldest first (the digest). */
    async eventsBetween(fictionIds: number[], from: string, to: string): Promise<EventRow[]> {
      if (fictionIds.length === 0) return [];
      const rows = await db
        .selectFrom('fiction_events')
        .innerJoin('fictions', 'fictions.id', 'fiction_events.fiction_id')
        .select(eventColumns)
        .where('fiction_events.fiction_id', 'in', fictionIds)
        .where('fiction_events.occurred_at', '>', from)
        .where('fiction_events.occurred_at', '<=', to)
        .orderBy('fiction_events.occurred_at')
        .orderBy('fiction_events.id')
        .execute();
      return rows.map(toEvent);
    },

    async notificationEvent(notificationId: number): Promise<EventRow | undefined> {
      const row = await db
        .selectFrom('notifications')
        .innerJoin('fiction_events', 'fiction_events.id', 'notifications.event_id')
        .innerJoin('fictions', 'fictions.id', 'fiction_events.fiction_id')
        .select(eventColumns)
        .where('notifications.id', '=', notificationId)
        .executeTakeFirst();
      return row ? toEvent(row) : undefined;
    },
  };
}

async function emailAllowed(q: Db, userId: number, options: { emailsPerDay: number; now: string }) {
  const reader = await q
    .selectFrom('users')
    .leftJoin('notification_settings', 'notification_settings.user_id', 'users.id')
    .select(['users.email_verified_at as verified', 'notification_settings.email_enabled as enabled'])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!reader?.verified || (reader.enabled !== null && !reader.enabled)) return false;
  const since = new Date(Date.parse(options.now) - 24 * 60 * 60 * 1000).toISOString();
  const sent = await q
    .selectFrom('deliveries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('channel', '=', 'email')
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(sent.n) < options.emailsPerDay;
}

export type EventsRepository = ReturnType<typeof eventsRepository>;
