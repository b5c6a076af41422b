import { z } from 'zod';
import { okEnvelope } from './envelope.ts';
import { DETECTED_EVENT_KINDS } from './fiction-events.ts';
import { httpAddressField } from './fields.ts';
import { idField } from './id-fields.ts';
import { pageQuery, pagination } from './pagination.ts';
import { WATCH_EVENTS, type WatchEvent } from './watch-events.ts';

export * from './watch-events.ts';

/** Follower counts that make a milestone. */
export const FOLLOWER_MILESTONES = [100, 250, 500, 1000, 2500, 5000, 10000, 25000, 50000, 100000] as const;

/** A fiction in a reader's list is watched for these, in the app only, until the reader says otherwise. */
export const DEFAULT_WATCH_EVENTS: readonly WatchEvent[] = ['chapter_released', 'rs_entered'];

export const MAX_WEBHOOKS = 5;
/** In-app notifications are kept this long. */
export const NOTIFICATION_RETENTION_DAYS = 90;
/** Alert emails per reader per day; past it, events wait for the digest. */
export const EMAILS_PER_READER_PER_DAY = 100;
/** Test calls a minute, per webhook and per reader. */
export const WEBHOOK_TESTS_PER_MINUTE = 5;

const channels = z.object({ app: z.boolean(), email: z.boolean(), webhooks: z.boolean() });

const watchEvents = z
  .array(z.enum(WATCH_EVENTS, { error: `events must hold only: ${WATCH_EVENTS.join(', ')}.` }), {
    error: 'events must be a list of event names.',
  })
  .max(WATCH_EVENTS.length, 'events names each event once.')
  .refine((events) => new Set(events).size === events.length, 'events names each event once.');

const channelsBody = z.object(
  {
    app: z.boolean({ error: 'channels.app must be true or false.' }),
    email: z.boolean({ error: 'channels.email must be true or false.' }),
    webhooks: z.boolean({ error: 'channels.webhooks must be true or false.' }),
  },
  { error: 'channels must be an object with app, email and webhooks.' },
);

export const watch = z.object({
  royalroad_id: z.number().int(),
  fiction_id: z.number().int(),
  title: z.string(),
  events: z.array(z.enum(WATCH_EVENTS)),
  channels,
  /** True for a fiction of the reader's list watched by default (no choice saved yet). */
  default: z.boolean(),
});
export type Watch = z.infer<typeof watch>;

export const watchBody = z.object({
  royalroad_id: idField('royalroad_id'),
  events: watchEvents,
  channels: channelsBody,
});
export const watchUpdateBody = watchBody.omit({ royalroad_id: true });

export const watchResponse = okEnvelope(watch);
export const watchListResponse = okEnvelope(z.array(watch));

export const notification = z.object({
  id: z.number().int(),
  /** What happened (a page change is one of its own kinds, watched together as `page_changed`). */
  kind: z.enum(DETECTED_EVENT_KINDS),
  /** One sentence saying what happened. */
  text: z.string(),
  fiction: z.object({ royalroad_id: z.number().int(), title: z.string() }),
  /** Where it happened: a chapter on Royal Road, else null. */
  url: z.string().nullable(),
  occurred_at: z.string(),
  created_at: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notification>;

export const notificationsQuery = pageQuery.extend({
  unread: z
    .enum(['true', 'false', '1', '0'], { error: 'unread must be true or false.' })
    .optional()
    .transform((value) => value === 'true' || value === '1'),
});

const notificationPage = z.object({
  notifications: z.array(notification),
  unread: z.number().int(),
  pagination,
});
export type NotificationPage = z.infer<typeof notificationPage>;
export const notificationPageResponse = okEnvelope(notificationPage);

export const markReadBody = z.union(
  [
    z.object({ all: z.literal(true, { error: 'all must be true.' }) }).strict(),
    z
      .object({
        ids: z
          .array(idField('ids'), { error: 'ids must be a list of notification ids.' })
          .min(1, 'ids must name at least one notification.')
          .max(500, 'ids may hold at most 500 ids.'),
      })
      .strict(),
  ],
  { error: 'Send {"ids": [...]} or {"all": true}.' },
);
export const markReadResponse = okEnvelope(z.object({ marked: z.number().int(), unread: z.number().int() }));

const timeZone = z
  .string({ error: 'time_zone must be a time zone name.' })
  .max(64, 'time_zone is too long.')
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      return zone.length > 0;
    } catch {
      return false;
    }
  }, 'time_zone must be a time zone name like Europe/Paris.');

export const notificationSettings = z.object({
  email_enabled: z.boolean(),
  /** Whether this server can send email at all. */
  email_available: z.boolean(),
  /** The reader's address is verified (alert emails go only to verified addresses). */
  email_verified: z.boolean(),
  digest_enabled: z.boolean(),
  /** The author's weekly report by mail on Mondays (for the fictions they claimed). */
  author_report: z.boolean(),
  digest_hour: z.number().int(),
  time_zone: z.string(),
  /** The private Atom feed's address. */
  feed_url: z.string(),
  /** Emails and webhook calls given up after every try, newest first. */
  failed_deliveries: z.array(
    z.object({
      id: z.number().int(),
      channel: z.string(),
      target: z.string(),
      last_error: z.string().nullable(),
      attempts: z.number().int(),
      created_at: z.string(),
    }),
  ),
});
export type NotificationSettings = z.infer<typeof notificationSettings>;
export const notificationSettingsResponse = okEnvelope(notificationSettings);

export const notificationSettingsBody = z
  .object({
    email_enabled: z.boolean({ error: 'email_enabled must be true or false.' }),
    digest_enabled: z.boolean({ error: 'digest_enabled must be true or false.' }),
    author_report: z.boolean({ error: 'author_report must be true or false.' }),
    digest_hour: z
      .number({ error: 'digest_hour must be a number.' })
      .int('digest_hour must be a whole number.')
      .min(0, 'digest_hour must be from 0 to 23.')
      .max(23, 'digest_hour must be from 0 to 23.'),
    time_zone: timeZone,
  })
  .partial()
  .strict();

export const feedTokenResponse = okEnvelope(z.object({ feed_url: z.string() }));

export const WEBHOOK_KINDS = ['json', 'discord'] as const;

export const webhook = z.object({
  id: z.number().int(),
  url: z.string(),
  kind: z.enum(WEBHOOK_KINDS),
  enabled: z.boolean(),
  disabled_reason: z.string().nullable(),
  created_at: z.string(),
});
export type Webhook = z.infer<typeof webhook>;
export const webhookListResponse = okEnvelope(z.array(webhook));
/** The secret is shown once, when the webhook is made. */
export const webhookCreatedResponse = okEnvelope(webhook.extend({ secret: z.string() }));
export const webhookBody = z.object({
  url: httpAddressField('url'),
  kind: z.enum(WEBHOOK_KINDS, { error: 'kind must be json or discord.' }),
});
export const webhookTestResponse = okEnvelope(z.object({ queued: z.literal(true) }));
/** Turns a webhook back on (after a pause or a failure: its reason is cleared) or off. */
export const webhookUpdateBody = z
  .object(
    { enabled: z.boolean({ error: 'enabled must be true or false.' }) },
    { error: 'Send {"enabled": true} or {"enabled": false}.' },
  )
  .strict();
export const alertWebhookResponse = okEnvelope(webhook);

export const unsubscribeQuery = z.object({
  token: z.string({ error: 'token is missing.' }).min(1, 'token is missing.').max(200, 'token is too long.'),
});
export const unsubscribeResponse = okEnvelope(z.object({ email: z.string(), subscribed: z.boolean() }));

/** Per channel: waiting (never tried), failing (to be tried again), sent and given up in the last 24 hours. */
const deliveryHealth = z.object({
  channel: z.string(),
  queued: z.number().int(),
  failed: z.number().int(),
  sent: z.number().int(),
  given_up: z.number().int(),
});
export type DeliveryHealth = z.infer<typeof deliveryHealth>;
export const deliveryHealthResponse = okEnvelope(z.array(deliveryHealth));

export const NOTIFICATION_MESSAGES = {
  notWatched: 'You do not watch this fiction.',
  fictionUnknown: 'This fiction is not known yet: add it or open its page first.',
  tooManyWebhooks: `You can add at most ${MAX_WEBHOOKS} webhooks.`,
  webhookHttps: 'url must be an https address.',
  webhookPrivate: 'url must not point to a private or loopback address.',
  webhookTestsTooMany: `You can send at most ${WEBHOOK_TESTS_PER_MINUTE} test calls a minute. Please wait a moment and try again.`,
  unsubscribeInvalid: 'This unsubscribe link is not valid.',
  /** Why a webhook was paused after a change to its reader's account (shown beside it until turned back on). */
  webhookPausedPasswordReset:
    'Paused after your password was reset. Turn it back on if you added it yourself.',
  webhookPausedEmailChange:
    'Paused after your email address was changed. Turn it back on if you added it yourself.',
  webhookSwitchedOff: 'Switched off by you.',
} as const;
