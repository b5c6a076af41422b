import { createHash } from 'node:crypto';
import {
  DEFAULT_WATCH_EVENTS,
  type DetectedEventKind,
  MAX_WEBHOOKS,
  NOTIFICATION_MESSAGES,
  type Notification,
  type NotificationSettings,
  type Watch,
  type WatchEvent,
  type Webhook,
} from '@rrc/contract';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { atomFeed } from './atom.ts';
import type { DeliveriesRepository } from './deliveries.repository.ts';
import { eventText, fictionPageUrl } from './event-text.ts';
import type { EventsRepository } from './events.repository.ts';
import type { NotificationsRepository } from './notifications.repository.ts';
import type { WatchRow } from './notifications.rows.ts';
import { newFeedToken, newWebhookSecret, readUnsubscribeToken } from './signing.ts';
import type { WatchesRepository } from './watches.repository.ts';
import { type AddressProblem, webhookAddressProblem } from './webhook-address.ts';

export interface NotificationsDeps {
  repositories: {
    watches: WatchesRepository;
    notifications: NotificationsRepository;
    deliveries: DeliveriesRepository;
    events: EventsRepository;
  };
  publicUrl: string;
  /** Signs unsubscribe links. */
  secret: string;
  emailAvailable: boolean;
  webhooks: { allowPrivate: boolean; httpsOnly: boolean };
  /** Queues a webhook's test call (the delivery service sends it). */
  queueWebhookTest: (userId: number, webhookId: number) => Promise<void>;
  now: () => Date;
}

type Channels = { app: boolean; email: boolean; webhooks: boolean };

const toWatch = (row: WatchRow): Watch => ({
  royalroad_id: row.royalroad_id,
  fiction_id: row.fiction_id,
  title: row.title,
  events: row.events as WatchEvent[],
  channels: { app: row.app, email: row.email, webhooks: row.webhooks },
  default: row.isDefault,
});

const toWebhook = (row: {
  id: number;
  url: string;
  kind: string;
  enabled: boolean;
  disabled_reason: string | null;
  created_at: string;
}): Webhook => ({
  id: row.id,
  url: row.url,
  kind: row.kind as Webhook['kind'],
  enabled: row.enabled,
  disabled_reason: row.disabled_reason,
  created_at: row.created_at,
});

const FEED_ENTRIES = 50;
/** A feed with no entries yet says it was last updated then. */
const FEED_EPOCH = '2026-01-01T00:00:00.000Z';

/** The changes to an account after which whoever held it before may still hold its other doors. */
export type AccountChange = 'password-reset' | 'email-change';

const PAUSE_REASONS: Record<AccountChange, string> = {
  'password-reset': NOTIFICATION_MESSAGES.webhookPausedPasswordReset,
  'email-change': NOTIFICATION_MESSAGES.webhookPausedEmailChange,
};

const ADDRESS_MESSAGES: Record<Exclude<AddressProblem, null>, string> = {
  scheme: 'url must be an http(s) address.',
  https: NOTIFICATION_MESSAGES.webhookHttps,
  private: NOTIFICATION_MESSAGES.webhookPrivate,
  unresolvable: 'url names a host that cannot be found.',
};

/** Watches, the reader's notifications, their alert settings and webhooks, and unsubscribing. */
export function notificationsService(deps: NotificationsDeps) {
  const { repositories, now } = deps;
  const defaults = [...DEFAULT_WATCH_EVENTS];

  async function fictionOf(royalroadId: number) {
    const fiction = await repositories.watches.fictionByRoyalroadId(royalroadId);
    if (!fiction) throw notFound(NOTIFICATION_MESSAGES.fictionUnknown);
    return fiction;
  }

  async function watchOf(userId: number, royalroadId: number): Promise<Watch> {
    const fiction = await fictionOf(royalroadId);
    const row = await repositories.watches.watchOf(userId, fiction.id, defaults);
    if (!row) throw notFound(NOTIFICATION_MESSAGES.notWatched);
    return toWatch(row);
  }

  const feedUrl = (token: string) => `${deps.publicUrl}/feeds/me/${token}.atom`;
  const host = new URL(deps.publicUrl).hostname;
  /**
   * The private feed's Atom id: the same while its token stays, a new one with a new token, and neither the
   * token nor whose feed it is can be read from it (a feed reader may show or share it).
   */
  const readerFeedId = (token: string) =>
    `tag:${host},2026:feed-${createHash('sha256').update(`feed:${token}`).digest('base64url').slice(0, 22)}`;

  /** A new private feed address: the old one answers 404 from the next request on. */
  async function renewFeedToken(userId: number): Promise<string> {
    const token = newFeedToken();
    await repositories.notifications.saveSettings(userId, { feed_token: token }, now().toISOString());
    return token;
  }

  async function feedToken(userId: number): Promise<string> {
    const settings = await repositories.notifications.settings(userId);
    return settings.feedToken ?? renewFeedToken(userId);
  }

  async function settingsOf(userId: number): Promise<NotificationSettings> {
    const settings = await repositories.notifications.settings(userId);
    const reader = await repositories.notifications.reader(userId);
    const failed = await repositories.deliveries.givenUp(userId, 20);
    return {
      email_enabled: settings.emailEnabled,
      email_available: deps.emailAvailable,
      email_verified: reader?.verified ?? false,
      digest_enabled: settings.digestEnabled,
      author_report: settings.authorReport,
      digest_hour: settings.digestHour,
      time_zone: settings.timeZone,
      feed_url: feedUrl(await feedToken(userId)),
      failed_deliveries: failed.map((row) => ({
        id: row.id,
        channel: row.channel,
        target: row.url ?? reader?.email ?? '',
        last_error: row.last_error,
        attempts: row.attempts,
        created_at: row.created_at,
      })),
    };
  }

  return {
    async watches(userId: number): Promise<Watch[]> {
      return (await repositories.watches.watchesOfUser(userId, defaults)).map(toWatch);
    },

    watch: watchOf,

    /** Watches a fiction (or changes the watch); `existing` refuses (404) when the reader did not watch it. */
    async saveWatch(
      userId: number,
      royalroadId: number,
      choice: { events: WatchEvent[]; channels: Channels },
      options: { existing?: boolean } = {},
    ): Promise<Watch> {
      const fiction = await fictionOf(royalroadId);
      if (options.existing && !(await repositories.watches.watchOf(userId, fiction.id, defaults)))
        throw notFound(NOTIFICATION_MESSAGES.notWatched);
      await repositories.watches.saveWatch({
        userId,
        fictionId: fiction.id,
        events: choice.events,
        channels: choice.channels,
        now: now().toISOString(),
      });
      return watchOf(userId, royalroadId);
    },

    /** Forgets the reader's choice; a fiction of their list goes back to being watched by default. */
    async deleteWatch(userId: number, royalroadId: number): Promise<void> {
      const fiction = await fictionOf(royalroadId);
      if (!(await repositories.watches.deleteWatch(userId, fiction.id)))
        throw notFound(NOTIFICATION_MESSAGES.notWatched);
    },

    async notifications(
      userId: number,
      query: { unread: boolean; page: number; limit: number },
    ): Promise<{ notifications: Notification[]; unread: number; total: number }> {
      const { rows, total, unread } = await repositories.notifications.notificationPage(userId, query);
      return {
        notifications: rows.map((row) => ({
          id: row.notificationId,
          kind: row.event.kind as DetectedEventKind,
          text: eventText(row.event),
          fiction: { royalroad_id: row.event.royalroad_id, title: row.event.title },
          url: typeof row.event.data.chapter_url === 'string' ? row.event.data.chapter_url : null,
          occurred_at: row.event.occurred_at,
          created_at: row.createdAt,
          read: row.readAt !== null,
        })),
        unread,
        total,
      };
    },

    async markRead(userId: number, ids: number[] | 'all') {
      const marked = await repositories.notifications.markRead(userId, ids, now().toISOString());
      return { marked, unread: await repositories.notifications.unreadCount(userId) };
    },

    settings: settingsOf,

    /** A fiction's public feed: chapters, Rising Stars entries and exits, milestones. */
    async fictionFeed(royalroadId: number) {
      const fiction = await fictionOf(royalroadId);
      const selfUrl = `${deps.publicUrl}/feeds/fictions/${royalroadId}.atom`;
      return atomFeed({
        id: selfUrl,
        title: `${fiction.title} on RR Companion`,
        selfUrl,
        pageUrl: fictionPageUrl(deps.publicUrl, royalroadId),
        publicUrl: deps.publicUrl,
        events: await repositories.events.fictionEvents(fiction.id, FEED_ENTRIES),
        fallbackUpdated: FEED_EPOCH,
      });
    },

    /** A reader's private feed: every notification of their watches. */
    /**
     * A reader's private feed by its address (404 for an address that is not, or no longer, one): its
     * version, read with every request, and how to make the feed of that version.
     */
    async readerFeed(token: string) {
      const found = /^[A-Za-z0-9_-]{32}$/.test(token)
        ? await repositories.notifications.feedVersion(token, FEED_ENTRIES)
        : undefined;
      if (found === undefined) throw notFound();
      return {
        version: found.version,
        make: async () =>
          atomFeed({
            id: readerFeedId(token),
            title: 'Your RR Companion alerts',
            selfUrl: feedUrl(token),
            pageUrl: `${deps.publicUrl}/notifications`,
            publicUrl: deps.publicUrl,
            events: await repositories.events.userEvents(found.userId, FEED_ENTRIES),
            fallbackUpdated: FEED_EPOCH,
          }),
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
      },
    ): Promise<NotificationSettings> {
      await repositories.notifications.saveSettings(userId, values, now().toISOString());
      return settingsOf(userId);
    },

    /** A new private feed address; the old one stops working. */
    async regenerateFeedToken(userId: number): Promise<{ feed_url: string }> {
      return { feed_url: feedUrl(await renewFeedToken(userId)) };
    },

    /**
     * After a change that ends every session of an account (a password reset, a new email address), closes
     * the doors that work without one: the private feed gets a new address, and every webhook still on is
     * paused with the reason shown to the reader, who turns back on those they added themselves. Returns the
     * webhooks it paused.
     */
    async closeAccountDoors(
      userId: number,
      reason: AccountChange,
    ): Promise<{ pausedWebhooks: { id: number; url: string }[] }> {
      await renewFeedToken(userId);
      const paused = await repositories.notifications.pauseWebhooks(userId, PAUSE_REASONS[reason]);
      return { pausedWebhooks: paused.map((row) => ({ id: row.id, url: row.url })) };
    },

    async webhooks(userId: number): Promise<Webhook[]> {
      return (await repositories.deliveries.webhooks(userId)).map(toWebhook);
    },

    async addWebhook(userId: number, input: { url: string; kind: 'json' | 'discord' }) {
      const problem = await webhookAddressProblem(input.url, deps.webhooks);
      if (problem) throw badRequest(ADDRESS_MESSAGES[problem]);
      const secret = newWebhookSecret();
      const row = await repositories.deliveries.createWebhook({
        userId,
        url: input.url,
        kind: input.kind,
        secret,
        now: now().toISOString(),
        max: MAX_WEBHOOKS,
      });
      if (!row) throw conflict(NOTIFICATION_MESSAGES.tooManyWebhooks);
      return { ...toWebhook(row), secret };
    },

    /** The owner turns a webhook on (clearing why it was off: a pause or a failure) or off. */
    async switchWebhook(userId: number, id: number, enabled: boolean): Promise<Webhook> {
      const row = await repositories.notifications.switchWebhook(userId, id, {
        enabled,
        reason: enabled ? null : NOTIFICATION_MESSAGES.webhookSwitchedOff,
      });
      if (!row) throw notFound();
      return toWebhook(row);
    },

    async deleteWebhook(userId: number, id: number): Promise<void> {
      if (!(await repositories.deliveries.deleteWebhook(userId, id))) throw notFound();
    },

    async testWebhook(userId: number, id: number): Promise<void> {
      const hook = await repositories.deliveries.webhook(id);
      if (!hook || hook.user_id !== userId) throw notFound();
      await deps.queueWebhookTest(userId, id);
    },

    /** Who an unsubscribe link is for, and whether they still get alert emails. */
    async unsubscribeStatus(token: string) {
      const userId = readUnsubscribeToken(deps.secret, token);
      const reader = userId === null ? undefined : await repositories.notifications.reader(userId);
      if (!reader) throw badRequest(NOTIFICATION_MESSAGES.unsubscribeInvalid);
      const settings = await repositories.notifications.settings(reader.id);
      return { email: reader.email, subscribed: settings.emailEnabled || settings.digestEnabled };
    },

    /** Stops every alert email (alerts and digest) of the link's reader. */
    async unsubscribe(token: string) {
      const userId = readUnsubscribeToken(deps.secret, token);
      const reader = userId === null ? undefined : await repositories.notifications.reader(userId);
      if (!reader) throw badRequest(NOTIFICATION_MESSAGES.unsubscribeInvalid);
      await repositories.notifications.saveSettings(
        reader.id,
        { email_enabled: false, digest_enabled: false },
        now().toISOString(),
      );
      return { email: reader.email, subscribed: false };
    },

    feedUrl,
  };
}

export type NotificationsService = ReturnType<typeof notificationsService>;
