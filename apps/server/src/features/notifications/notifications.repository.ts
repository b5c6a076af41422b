import type { Kysely } from 'kysely';
import { precompiled } from '../../db/precompiled.ts';
import type { Schema } from '../../db/schema.ts';
import { eventColumns, toEvent } from './notifications.rows.ts';

/**
 * In-app notifications (pages, unread, read, retention) and readers' alert settings: feed token, digest, and
 * their webhooks switched off and on.
 */
export function notificationsRepository(db: Kysely<Schema>) {
  const mine = (userId: number) =>
    db
      .selectFrom('notifications')
      .where('notifications.user_id', '=', userId)
      .where('notifications.in_app', '=', true);
  const counts = (userId: number) => ({
    all: mine(userId).select((eb) => eb.fn.countAll<number>().as('n')),
    unread: mine(userId)
      .where('notifications.read_at', 'is', null)
      .select((eb) => eb.fn.countAll<number>().as('n')),
  });
  // The bell asks for a page on every page the reader opens: compiled once for each of its two shapes.
  const page = (unread: boolean) =>
    precompiled(db, 3, (userId: number, limit: number, offset: number) => {
      const { all, unread: unreadCount } = counts(userId);
      let query = db
        .selectFrom('notifications')
        .innerJoin('fiction_events', 'fiction_events.id', 'notifications.event_id')
        .innerJoin('fictions', 'fictions.id', 'fiction_events.fiction_id')
        .where('notifications.user_id', '=', userId)
        .where('notifications.in_app', '=', true);
      if (unread) query = query.where('notifications.read_at', 'is', null);
      return query
        .select([
          'notifications.id as notification_id',
          'notifications.read_at as read_at',
          'notifications.created_at as created_at',
          ...eventColumns,
          all.as('all_count'),
          unreadCount.as('unread_count'),
        ])
        .orderBy('notifications.created_at', 'desc')
        .orderBy('notifications.id', 'desc')
        .limit(limit)
        .offset(offset);
    });
  const allPage = page(false);
  const unreadPage = page(true);
  // Past the last page there is no row to carry the counts.
  const pageCounts = (userId: number) => {
    const { all, unread } = counts(userId);
    return db.selectNoFrom([all.as('all_count'), unread.as('unread_count')]).execute();
  };

  return {
    /**
     * A page of a reader's in-app notifications, newest first, with how many there are and how many are
     * unread, in one statement: the counts ride on each row of the page (they read the notifications alone:
     * an event and its fiction go with them through the foreign keys). An empty first page means nothing to
     * count; only a page past the end asks for the counts on their own.
     */
    async notificationPage(userId: number, query: { unread: boolean; page: number; limit: number }) {
      const rows = await (query.unread ? unreadPage : allPage)(
        userId,
        query.limit,
        (query.page - 1) * query.limit,
      );
      const counts: { all_count: number | string | null; unread_count: number | string | null } =
        rows[0] ??
        (query.page === 1
          ? { all_count: 0, unread_count: 0 }
          : ((await pageCounts(userId))[0] ?? { all_count: 0, unread_count: 0 }));
      const unreadCount = Number(counts.unread_count);
      return {
        rows: rows.map((row) => ({
          notificationId: row.notification_id,
          readAt: row.read_at,
          createdAt: row.created_at,
          event: toEvent(row),
        })),
        total: query.unread ? unreadCount : Number(counts.all_count),
        unread: unreadCount,
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
        authorReport: row ? Boolean(row.author_report) : false,
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
        author_report?: boolean;
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

    /**
     * The reader behind a private feed address, with what their feed shows: when any fiction last changed (its
     * titles) and the ids of their newest `limit` notifications. Index lookups only; the feed's answer is made
     * again only when this changes.
     */
    async feedVersion(
      token: string,
      limit: number,
    ): Promise<{ userId: number; version: string } | undefined> {
      const owner = await db
        .selectFrom('notification_settings')
        .select((eb) => [
          'user_id',
          eb.selectFrom('fictions').select(eb.fn.max('updated_at').as('changed')).as('changed'),
        ])
        .where('feed_token', '=', token)
        .executeTakeFirst();
      if (!owner) return undefined;
      const newest = await db
        .selectFrom('notifications')
        .select('id')
        .where('user_id', '=', owner.user_id)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      // A timestamp column comes back as a Date from PostgreSQL and as text from SQLite.
      const changed: unknown = owner.changed;
      const stamp = changed instanceof Date ? changed.toISOString() : String(changed ?? '');
      return { userId: owner.user_id, version: `${stamp}|${newest.map((row) => row.id).join(',')}` };
    },

    // ---- Webhooks switched off and on for their reader ----

    /** Switches off every webhook of a reader that is on, saying why; returns those it switched off. */
    async pauseWebhooks(userId: number, reason: string) {
      return db
        .updateTable('webhooks')
        .set({ enabled: false, disabled_reason: reason })
        .where('user_id', '=', userId)
        .where('enabled', '=', true)
        .returning(['id', 'url'])
        .execute();
    },

    /** Turns one of a reader's webhooks on or off with its reason; undefined when the reader has no such one. */
    async switchWebhook(userId: number, id: number, change: { enabled: boolean; reason: string | null }) {
      const row = await db
        .updateTable('webhooks')
        .set({ enabled: change.enabled, disabled_reason: change.reason })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .returningAll()
        .executeTakeFirst();
      return row ? { ...row, enabled: Boolean(row.enabled) } : undefined;
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
  };
}

export type NotificationsRepository = ReturnType<typeof notificationsRepository>;
