import { NOTIFICATION_RETENTION_DAYS } from '@rrc/contract';
import { oneLine, type TaskLog } from '../../lib/background-tasks.ts';
import type { Mailer, MailMessage } from '../../mail/mailer.ts';
import type { DeliveriesRepository } from './deliveries.repository.ts';
import {
  alertMail,
  digestLines,
  digestMail,
  testWebhookBody,
  type WebhookBody,
  webhookBody,
} from './delivery-messages.ts';
import { eventJson } from './event-text.ts';
import type { EventsRepository } from './events.repository.ts';
import type { NotificationsRepository } from './notifications.repository.ts';
import { webhookSignature } from './signing.ts';
import { webhookAddressProblem } from './webhook-address.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Waits after each failed try: 8 tries over about a day, then the delivery is given up. */
export const RETRY_DELAYS_MS = [MINUTE, 5 * MINUTE, 15 * MINUTE, HOUR, 3 * HOUR, 6 * HOUR, 12 * HOUR];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
const LOCK_MS = 5 * MINUTE;
const BATCH = 20;
const WEBHOOK_TIMEOUT_MS = 10_000;

export interface DeliveryDeps {
  repositories: {
    notifications: NotificationsRepository;
    events: EventsRepository;
    deliveries: DeliveriesRepository;
  };
  mailer: Mailer;
  publicUrl: string;
  /** Signs unsubscribe links. */
  secret: string;
  webhooks: { allowPrivate: boolean; httpsOnly: boolean };
  log: TaskLog & { info?(details: Record<string, unknown>, message: string): void };
  now: () => Date;
  fetch?: typeof fetch;
}

/** A failure: `retry` when trying later may work (network, timeouts, 5xx), else the delivery is given up. */
class DeliveryError extends Error {
  readonly retry: boolean;
  readonly disableWebhook: boolean;
  constructor(message: string, options: { retry: boolean; disableWebhook?: boolean }) {
    super(message);
    this.retry = options.retry;
    this.disableWebhook = options.disableWebhook ?? false;
  }
}

/** The hour and date a time is in a time zone. */
export function localTime(at: Date, timeZone: string): { hour: number; date: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return { hour: Number(parts.hour), date: `${parts.year}-${parts.month}-${parts.day}` };
}

/**
 * The outbox: sends queued emails and webhook calls (in every process whose role includes the worker),
 * tries failed ones again with growing waits, gives up after MAX_ATTEMPTS; queues each reader's daily
 * digest at their hour; forgets old notifications.
 */
export function deliveryService(deps: DeliveryDeps) {
  const { repositories, mailer, publicUrl, now, log } = deps;
  const { notifications, events, deliveries } = repositories;
  const links = { publicUrl, secret: deps.secret };
  const send = deps.fetch ?? fetch;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let lastCleanup = 0;

  async function reader(userId: number) {
    const found = await notifications.reader(userId);
    if (!found?.verified) throw new DeliveryError('The email address is not verified.', { retry: false });
    const settings = await notifications.settings(userId);
    return { ...found, settings };
  }

  async function deliverEmail(delivery: { user_id: number; notification_id: number | null }) {
    const to = await reader(delivery.user_id);
    if (!to.settings.emailEnabled) throw new DeliveryError('Alert emails were turned off.', { retry: false });
    const event = delivery.notification_id
      ? await events.notificationEvent(delivery.notification_id)
      : undefined;
    if (!event) throw new DeliveryError('The notification no longer exists.', { retry: false });
    if (!mailer.enabled) throw new DeliveryError('No SMTP server is configured.', { retry: true });
    await sendMail(alertMail(links, { email: to.email, name: to.name, userId: delivery.user_id }, event));
  }

  async function deliverDigest(delivery: { user_id: number; payload: Record<string, unknown> }) {
    const to = await reader(delivery.user_id);
    if (!to.settings.digestEnabled || !to.settings.emailEnabled)
      throw new DeliveryError('The digest was turned off.', { retry: false });
    if (!mailer.enabled) throw new DeliveryError('No SMTP server is configured.', { retry: true });
    await sendMail(
      digestMail(links, { email: to.email, name: to.name, userId: delivery.user_id }, delivery.payload),
    );
  }

  async function sendMail(message: MailMessage) {
    try {
      await mailer.sendNow(message);
    } catch (error) {
      const code = (error as { responseCode?: number }).responseCode;
      // 5xx from the mail server is a refusal of this message; anything else (down, 4xx) may pass later.
      throw new DeliveryError(oneLine(error), {
        retry: !(code && code >= 500 && code < 600 && code !== 554),
      });
    }
  }

  async function deliverWebhook(delivery: {
    id: number;
    webhook_id: number | null;
    notification_id: number | null;
    payload: Record<string, unknown>;
  }) {
    const hook = delivery.webhook_id ? await deliveries.webhook(delivery.webhook_id) : undefined;
    if (!hook?.enabled) throw new DeliveryError('The webhook was switched off.', { retry: false });
    let body: WebhookBody;
    if (delivery.payload.test) {
      body = testWebhookBody(publicUrl, delivery.id, now());
    } else {
      const event = delivery.notification_id
        ? await events.notificationEvent(delivery.notification_id)
        : undefined;
      if (!event) throw new DeliveryError('The notification no longer exists.', { retry: false });
      body = eventJson(publicUrl, event, `ntf_${delivery.notification_id}`);
    }
    const problem = await webhookAddressProblem(hook.url, deps.webhooks);
    if (problem)
      throw new DeliveryError(
        problem === 'unresolvable'
          ? 'The webhook host could not be resolved.'
          : 'The webhook address is not allowed (private or loopback address, or not https).',
        { retry: problem === 'unresolvable' },
      );
    const text = webhookBody(hook.kind, body);
    const unix = Math.floor(now().getTime() / 1000);
    let response: Response;
    try {
      response = await send(hook.url, {
        method: 'POST',
        redirect: 'manual',
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
        headers: {
          'content-type': 'application/json',
          'user-agent': 'RRCompanion-Webhooks',
          'RRC-Event-Id': body.id,
          'RRC-Signature': webhookSignature(hook.secret, unix, text),
        },
        body: text,
      });
      await response.body?.cancel();
    } catch (error) {
      throw new DeliveryError(oneLine(error), { retry: true });
    }
    if (response.ok) return;
    const status = `The webhook answered ${response.status}.`;
    if (response.status === 410) throw new DeliveryError(status, { retry: false, disableWebhook: true });
    if (response.status >= 500 || response.status === 429 || response.status === 408)
      throw new DeliveryError(status, { retry: true });
    throw new DeliveryError(status, { retry: false });
  }

  async function deliverOne(delivery: Awaited<ReturnType<typeof deliveries.claimDue>>[number]) {
    const attempts = delivery.attempts + 1;
    const at = now();
    try {
      if (delivery.channel === 'email') await deliverEmail(delivery);
      else if (delivery.channel === 'digest') await deliverDigest(delivery);
      else await deliverWebhook(delivery);
      await deliveries.finishDelivery(delivery.id, { status: 'sent', attempts, now: at.toISOString() });
      return true;
    } catch (error) {
      const failure =
        error instanceof DeliveryError ? error : new DeliveryError(oneLine(error), { retry: true });
      const context = { delivery: delivery.id, channel: delivery.channel, attempts, reason: failure.message };
      if (failure.disableWebhook && delivery.webhook_id)
        await deliveries.disableWebhook(delivery.webhook_id, 'The receiver answered 410 Gone.');
      if (failure.retry && attempts < MAX_ATTEMPTS) {
        const wait = RETRY_DELAYS_MS[attempts - 1] ?? HOUR;
        await deliveries.finishDelivery(delivery.id, {
          status: 'queued',
          attempts,
          error: failure.message,
          nextAttemptAt: new Date(at.getTime() + wait).toISOString(),
          now: at.toISOString(),
        });
        log.warn(context, 'delivery failed, trying again later');
      } else {
        await deliveries.finishDelivery(delivery.id, {
          status: 'given_up',
          attempts,
          error: failure.message,
          now: at.toISOString(),
        });
        log.error(context, 'delivery given up');
      }
      return false;
    }
  }

  /** Sends every delivery that is due (in batches), each by one process only. */
  async function deliverDue(): Promise<{ sent: number; failed: number }> {
    const counts = { sent: 0, failed: 0 };
    for (;;) {
      const at = now();
      const batch = await deliveries.claimDue(
        at.toISOString(),
        new Date(at.getTime() + LOCK_MS).toISOString(),
        BATCH,
      );
      for (const delivery of batch) {
        if (await deliverOne(delivery)) counts.sent++;
        else counts.failed++;
      }
      if (batch.length < BATCH) return counts;
    }
  }

  /**
   * Queues the digest of every reader whose hour it is in their time zone and who has not had one that local
   * day; nothing is sent when there is nothing to say. The delivery key (reader and local date) makes it once.
   */
  async function queueDigests(): Promise<number> {
    const at = now();
    let queued = 0;
    for (const reader of await notifications.digestReaders()) {
      const local = localTime(at, reader.time_zone);
      if (local.hour !== reader.digest_hour) continue;
      if (
        reader.last_digest_at &&
        localTime(new Date(reader.last_digest_at), reader.time_zone).date === local.date
      )
        continue;
      const from = reader.last_digest_at ?? new Date(at.getTime() - 24 * HOUR).toISOString();
      const { list, watched } = await notifications.digestFictions(reader.user_id);
      const ids = [
        ...new Set([...list.map((entry) => entry.fictionId), ...watched.map((entry) => entry.fictionId)]),
      ];
      const lines = digestLines(
        publicUrl,
        await events.eventsBetween(ids, from, at.toISOString()),
        list,
        watched,
      );
      const count = lines.chapters.length + lines.moves.length + lines.milestones.length;
      if (count > 0) {
        const subject =
          lines.chapters.length > 0
            ? `${lines.chapters.length} new chapter${lines.chapters.length === 1 ? '' : 's'} on your list`
            : 'Your RR Companion digest';
        if (
          await deliveries.enqueue({
            userId: reader.user_id,
            channel: 'digest',
            webhookId: null,
            key: `digest:${reader.user_id}:${local.date}`,
            payload: { subject, lines, date: local.date },
            now: at.toISOString(),
          })
        )
          queued++;
      }
      await notifications.saveSettings(
        reader.user_id,
        { last_digest_at: at.toISOString() },
        at.toISOString(),
      );
    }
    return queued;
  }

  /** In-app notifications older than the retention are forgotten (at most once an hour). */
  async function cleanup(): Promise<void> {
    const at = now().getTime();
    if (at - lastCleanup < HOUR) return;
    lastCleanup = at;
    const cutoff = new Date(at - NOTIFICATION_RETENTION_DAYS * 24 * HOUR).toISOString();
    await notifications.deleteNotificationsBefore(cutoff);
  }

  async function tick(): Promise<void> {
    await cleanup();
    await queueDigests();
    await deliverDue();
  }

  return {
    deliverDue,
    queueDigests,
    cleanup,
    tick,

    async queueWebhookTest(userId: number, webhookId: number): Promise<void> {
      const at = now().toISOString();
      await deliveries.enqueue({
        userId,
        channel: 'webhook',
        webhookId,
        key: `test:${webhookId}:${at}:${Math.random().toString(36).slice(2)}`,
        payload: { test: true },
        now: at,
      });
      // Sent at once when this process delivers; otherwise by the worker within seconds.
    },

    /**
     * Per channel: deliveries waiting (never tried), failing (tried, to be tried again), and sent or given up
     * in the last 24 hours.
     */
    async health() {
      const rows = await deliveries.health(new Date(now().getTime() - 24 * HOUR).toISOString());
      const channels = new Map<
        string,
        { channel: string; queued: number; failed: number; sent: number; given_up: number }
      >();
      for (const row of rows) {
        const entry = channels.get(row.channel) ?? {
          channel: row.channel,
          queued: 0,
          failed: 0,
          sent: 0,
          given_up: 0,
        };
        if (row.status === 'queued') entry[row.tried ? 'failed' : 'queued'] += row.count;
        else if (row.status === 'sent') entry.sent += row.count;
        else entry.given_up += row.count;
        channels.set(row.channel, entry);
      }
      return [...channels.values()].sort((a, b) => a.channel.localeCompare(b.channel));
    },

    /** Starts delivering every `intervalMs` (the worker role). */
    start(intervalMs = 5_000): void {
      if (timer) return;
      timer = setInterval(() => {
        if (running) return;
        running = tick()
          .catch((error: unknown) =>
            log.error({ task: 'deliveries', reason: oneLine(error) }, 'delivery round failed'),
          )
          .finally(() => {
            running = null;
          });
      }, intervalMs);
      timer.unref();
    },

    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}

export type DeliveryService = ReturnType<typeof deliveryService>;
