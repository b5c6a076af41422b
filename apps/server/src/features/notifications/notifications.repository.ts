import type { Kysely, Transaction } from 'kysely';
import type { DeliveryStatus, Schema } from '../../db/schema.ts';

type Db = Kysely<Schema> | Transaction<Schema>;

export interface WatchRow {
  user_id: number;
  fiction_id: number;
  royalroad_id: number;
  title: string;
  events: string[];
  app: boolean;
  email: boolean;
  webhooks: boolean;
  /** A fiction of the reader's list with no choice saved. */
  isDefault: boolean;
  created_at: string;
}

export interface NewEvent {
  fictionId: number;
  kind: string;
  key: string;
  data: Record<string, unknown>;
  occurredAt: string;
}

/** Who hears of an event and through which channels (decided by the service). */
export interface Recipient {
  userId: number;
  app: boolean;
  email: boolean;
  webhooks: boolean;
}

export interface EventRow {
  id: number;
  fiction_id: number;
  royalroad_id: number;
  title: string;
  kind: string;
  data: Record<string, unknown>;
  occurred_at: string;
}

const parseJson = (text: string): Record<string, unknown> => {
  const value: unknown = JSON.parse(text);
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
};

const eventColumns = [
  'fiction_events.id as id',
  'fiction_events.fiction_id as fiction_id',
  'fictions.royalroad_id as royalroad_id',
  'fictions.title as title',
  'fiction_events.kind as kind',
  'fiction_events.data as data',
  'fiction_events.occurred_at as occurred_at',
] as const;

function toEvent(row: {
  id: number;
  fiction_id: number;
  royalroad_id: number;
  title: string;
  kind: string;
  data: string;
  occurred_at: string;
}): EventRow {
  return { ...row, data: parseJson(row.data) };
}

/** Watches, fiction events, notifications, settings, webhooks and the outbox of deliveries. */
export function notificationsRepository(db: Kysely<Schema>) {
  async function explicitWatches(q: Db, where: { userId?: number; fictionId?: number }) {
    let query = q
      .selectFrom('watches')
      .innerJoin('fictions', 'fictions.id', 'watches.fiction_id')
      .select([
        'watches.user_id as user_id',
        'watches.fiction_id as fiction_id',
        'fictions.royalroad_id as royalroad_id',
        'fictions.title as title',
        'watches.events as events',
        'watches.app as app',
        'watches.email as email',
        'watches.webhooks as webhooks',
        'watches.created_at as created_at',
      ]);
    if (where.userId !== undefined) query = query.where('watches.user_id', '=', where.userId);
    if (where.fictionId !== undefined) query = query.where('watches.fiction_id', '=', where.fictionId);
    const rows = await query.orderBy('watches.created_at', 'desc').orderBy('watches.id', 'desc').execute();
    return rows.map(
      (row): WatchRow => ({
        ...row,
        events: JSON.parse(row.events) as string[],
        app: Boolean(row.app),
        email: Boolean(row.email),
        webhooks: Boolean(row.webhooks),
        isDefault: false,
      }),
    );
  }

  /** Fictions of readers' lists with no watch saved: watched by default. */
  async function defaultWatches(q: Db, where: { userId?: number; fictionId?: number }, events: string[]) {
    let query = q
      .selectFrom('user_fictions')
      .innerJoin('fictions', 'fictions.id', 'user_fictions.fiction_id')
      .leftJoin('watches', (join) =>
        join
          .onRef('watches.user_id', '=', 'user_fictions.user_id')
          .onRef('watches.fiction_id', '=', 'user_fictions.fiction_id'),
      )
      .select([
        'user_fictions.user_id as user_id',
        'user_fictions.fiction_id as fiction_id',
        'fictions.royalroad_id as royalroad_id',
        'fictions.title as title',
        'user_fictions.created_at as created_at',
      ])
      .where('watches.id', 'is', null);
    if (where.userId !== undefined) query = query.where('user_fictions.user_id', '=', where.userId);
    if (where.fictionId !== undefined) query = query.where('user_fictions.fiction_id', '=', where.fictionId);
    const rows = await query.orderBy('user_fictions.created_at', 'desc').execute();
    return rows.map(
      (row): WatchRow => ({ ...row, events, app: true, email: false, webhooks: false, isDefault: true }),
    );
  }

  async function watchesOfFiction(q: Db, fictionId: number, defaultEvents: string[]): Promise<WatchRow[]> {
    return [
      ...(await explicitWatches(q, { fictionId })),
      ...(await defaultWatches(q, { fictionId }, defaultEvents)),
    ];
  }

  return {
    async fictionByRoyalroadId(royalroadId: number) {
      return db
        .selectFrom('fictions')
        .select(['id', 'royalroad_id', 'title'])
        .where('royalroad_id', '=', royalroadId)
        .executeTakeFirst();
    },

    async fictionById(id: number) {
      return db
        .selectFrom('fictions')
        .select(['id', 'royalroad_id', 'title'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async watchesOfUser(userId: number, defaultEvents: string[]): Promise<WatchRow[]> {
      return [
        ...(await explicitWatches(db, { userId })),
        ...(await defaultWatches(db, { userId }, defaultEvents)),
      ];
    },

    async watchOf(userId: number, fictionId: number, defaultEvents: string[]): Promise<WatchRow | undefined> {
      const [explicit] = await explicitWatches(db, { userId, fictionId });
      if (explicit) return explicit;
      const [implicit] = await defaultWatches(db, { userId, fictionId }, defaultEvents);
      return implicit;
    },

    async saveWatch(input: {
      userId: number;
      fictionId: number;
      events: string[];
      channels: { app: boolean; email: boolean; webhooks: boolean };
      now: string;
    }): Promise<void> {
      const values = {
        events: JSON.stringify(input.events),
        app: input.channels.app,
        email: input.channels.email,
        webhooks: input.channels.webhooks,
        updated_at: input.now,
      };
      await db
        .insertInto('watches')
        .values({ user_id: input.userId, fiction_id: input.fictionId, ...values, created_at: input.now })
        .onConflict((oc) => oc.columns(['user_id', 'fiction_id']).doUpdateSet(values))
        .execute();
    },

    async deleteWatch(userId: number, fictionId: number): Promise<boolean> {
      const result = await db
        .deleteFrom('watches')
        .where('user_id', '=', userId)
        .where('fiction_id', '=', fictionId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

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

    // ---- Notifications in the app ----

    async notificationPage(userId: number, query: { unread: boolean; page: number; limit: number }) {
      let base = db
        .selectFrom('notifications')
        .innerJoin('fiction_events', 'fiction_events.id', 'notifications.event_id')
        .innerJoin('fictions', 'fictions.id', 'fiction_events.fiction_id')
        .where('notifications.user_id', '=', userId)
        .where('notifications.in_app', '=', true);
      if (query.unread) base = base.where('notifications.read_at', 'is', null);
      const rows = await base
        .select([
          'notifications.id as notification_id',
          'notifications.read_at as read_at',
          'notifications.created_at as created_at',
          ...eventColumns,
        ])
        .orderBy('notifications.created_at', 'desc')
        .orderBy('notifications.id', 'desc')
        .limit(query.limit)
        .offset((query.page - 1) * query.limit)
        .execute();
      const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return {
        rows: rows.map((row) => ({
          notificationId: row.notification_id,
          readAt: row.read_at,
          createdAt: row.created_at,
          event: toEvent(row),
        })),
        total: Number(total.n),
      };
    },

    async unreadCount(userId: number): Promise<number> {
      const row = await db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('in_app', '=', true)
        .where('read_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async markRead(userId: number, ids: number[] | 'all', now: string): Promise<number> {
      let query = db
        .updateTable('notifications')
        .set({ read_at: now })
        .where('user_id', '=', userId)
        .where('read_at', 'is', null);
      if (ids !== 'all') query = query.where('id', 'in', ids);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async deleteNotificationsBefore(cutoff: string): Promise<number> {
      const result = await db.deleteFrom('notifications').where('created_at', '<', cutoff).executeTakeFirst();
      return Number(result.numDeletedRows);
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
        .orderBy('fiction_events.occurred_at', 'desc')
        .orderBy('fiction_events.id', 'desc')
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

    // ---- Readers and settings ----

    async reader(userId: number) {
      const row = await db
        .selectFrom('users')
        .select(['id', 'email', 'name', 'email_verified_at'])
        .where('id', '=', userId)
        .executeTakeFirst();
      return row
        ? { id: row.id, email: row.email, name: row.name, verified: row.email_verified_at !== null }
        : undefined;
    },

    async settings(userId: number) {
      const row = await db
        .selectFrom('notification_settings')
        .selectAll()
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return {
        emailEnabled: row ? Boolean(row.email_enabled) : true,
        digestEnabled: row ? Boolean(row.digest_enabled) : false,
        digestHour: row?.digest_hour ?? 8,
        timeZone: row?.time_zone ?? 'UTC',
        feedToken: row?.feed_token ?? null,
        lastDigestAt: row?.last_digest_at ?? null,
      };
    },

    async saveSettings(
      userId: number,
      values: {
        email_enabled?: boolean;
        digest_enabled?: boolean;
        digest_hour?: number;
        time_zone?: string;
        feed_token?: string;
        last_digest_at?: string;
      },
      now: string,
    ): Promise<void> {
      await db
        .insertInto('notification_settings')
        .values({ user_id: userId, ...values, updated_at: now })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...values, updated_at: now }))
        .execute();
    },

    async userByFeedToken(token: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('notification_settings')
        .select('user_id')
        .where('feed_token', '=', token)
        .executeTakeFirst();
      return row?.user_id;
    },

    async digestReaders() {
      return db
        .selectFrom('notification_settings')
        .innerJoin('users', 'users.id', 'notification_settings.user_id')
        .select([
          'notification_settings.user_id as user_id',
          'notification_settings.digest_hour as digest_hour',
          'notification_settings.time_zone as time_zone',
          'notification_settings.last_digest_at as last_digest_at',
        ])
        .where('notification_settings.digest_enabled', '=', true)
        .where('notification_settings.email_enabled', '=', true)
        .where('users.email_verified_at', 'is not', null)
        .execute();
    },

    /** Fictions a reader's digest speaks of: their list (favorites marked) and their watches. */
    async digestFictions(userId: number) {
      const list = await db
        .selectFrom('user_fictions')
        .select(['fiction_id', 'is_favorite'])
        .where('user_id', '=', userId)
        .execute();
      const watched = await db
        .selectFrom('watches')
        .select(['fiction_id', 'events'])
        .where('user_id', '=', userId)
        .execute();
      return {
        list: list.map((row) => ({ fictionId: row.fiction_id, favorite: Boolean(row.is_favorite) })),
        watched: watched.map((row) => ({
          fictionId: row.fiction_id,
          events: JSON.parse(row.events) as string[],
        })),
      };
    },

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

export type NotificationsRepository = ReturnType<typeof notificationsRepository>;
