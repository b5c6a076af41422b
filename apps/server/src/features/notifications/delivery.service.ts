import { NOTIFICATION_RETENTION_DAYS } from '@rrc/contract';
import { oneLine, type TaskLog } from '../../lib/background-tasks.ts';
import { composeMail } from '../../mail/compose.ts';
import type { Mailer, MailMessage } from '../../mail/mailer.ts';
import { eventJson, eventText, eventTitle, eventUrl, fictionPageUrl } from './event-text.ts';
import type { EventRow, NotificationsRepository } from './notifications.repository.ts';
import { unsubscribeToken, webhookSignature } from './signing.ts';
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
  repository: NotificationsRepository;
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
  const { repository, mailer, publicUrl, now, log } = deps;
  const send = deps.fetch ?? fetch;
  const unsubscribeApi = (userId: number) =>
    `${publicUrl}/api/unsubscribe?${new URLSearchParams({ token: unsubscribeToken(deps.secret, userId) })}`;
  const unsubscribePage = (userId: number) =>
    `${publicUrl}/unsubscribe?${new URLSearchParams({ token: unsubscribeToken(deps.secret, userId) })}`;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let lastCleanup = 0;

  function withUnsubscribe(message: MailMessage, userId: number): MailMessage {
    return {
      ...message,
      headers: {
        'List-Unsubscribe': `<${unsubscribeApi(userId)}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    };
  }

  function alertMail(to: string, name: string | null, userId: number, event: EventRow): MailMessage {
    return withUnsubscribe(
      composeMail({
        to,
        subject: eventTitle(event),
        greeting: name ? `Hi ${name},` : 'Hi,',
        intro: [`${eventText(event)}.`],
        action: {
          label: event.kind === 'chapter_released' ? 'Read the chapter' : 'See the fiction',
          url: eventUrl(publicUrl, event),
        },
        outro: [
          `You get this email because you watch ${event.title} on RR Companion with email alerts on. Choose your alerts at ${publicUrl}/notifications/settings.`,
          `Stop alert emails: ${unsubscribePage(userId)}`,
        ],
      }),
      userId,
    );
  }

  async function reader(userId: number) {
    const found = await repository.reader(userId);
    if (!found?.verified) throw new DeliveryError('The email address is not verified.', { retry: false });
    const settings = await repository.settings(userId);
    return { ...found, settings };
  }

  async function deliverEmail(delivery: { user_id: number; notification_id: number | null }) {
    const to = await reader(delivery.user_id);
    if (!to.settings.emailEnabled) throw new DeliveryError('Alert emails were turned off.', { retry: false });
    const event = delivery.notification_id
      ? await repository.notificationEvent(delivery.notification_id)
      : undefined;
    if (!event) throw new DeliveryError('The notification no longer exists.', { retry: false });
    if (!mailer.enabled) throw new DeliveryError('No SMTP server is configured.', { retry: true });
    await sendMail(alertMail(to.email, to.name, delivery.user_id, event));
  }

  async function deliverDigest(delivery: { user_id: number; payload: Record<string, unknown> }) {
    const to = await reader(delivery.user_id);
    if (!to.settings.digestEnabled || !to.settings.emailEnabled)
      throw new DeliveryError('The digest was turned off.', { retry: false });
    const lines = (delivery.payload.lines ?? {}) as Record<string, string[]>;
    const section = (heading: string, items: string[] | undefined) =>
      items && items.length > 0 ? [heading, ...items.map((item) => `• ${item}`)].join('\n') : null;
    const intro = [
      section('New chapters:', lines.chapters),
      section('Rising Stars:', lines.moves),
      section('Milestones:', lines.milestones),
    ].filter((part): part is string => part !== null);
    const message = composeMail({
      to: to.email,
      subject: String(delivery.payload.subject ?? 'Your RR Companion digest'),
      greeting: to.name ? `Hi ${to.name},` : 'Hi,',
      intro: ['Here is what happened since your last digest.', ...intro],
      action: { label: 'See your notifications', url: `${publicUrl}/notifications` },
      outro: [`Stop alert emails: ${unsubscribePage(delivery.user_id)}`],
    });
    if (!mailer.enabled) throw new DeliveryError('No SMTP server is configured.', { retry: true });
    await sendMail(withUnsubscribe(message, delivery.user_id));
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

  function webhookBody(kind: string, body: ReturnType<typeof eventJson>) {
    if (kind !== 'discord') return JSON.stringify(body);
    return JSON.stringify({
      content: body.text,
      embeds: [
        {
          title: body.fiction.title,
          url: body.url,
          description: body.text,
          timestamp: body.occurred_at,
          fields: [
            { name: 'Event', value: body.type, inline: true },
            { name: 'Fiction', value: `[${body.fiction.title}](${body.fiction.url})`, inline: true },
          ],
        },
      ],
    });
  }

  async function deliverWebhook(delivery: {
    id: number;
    webhook_id: number | null;
    notification_id: number | null;
    payload: Record<string, unknown>;
  }) {
    const hook = delivery.webhook_id ? await repository.webhook(delivery.webhook_id) : undefined;
    if (!hook?.enabled) throw new DeliveryError('The webhook was switched off.', { retry: false });
    let body: ReturnType<typeof eventJson>;
    if (delivery.payload.test) {
      body = {
        id: `test_${delivery.id}`,
        type: 'test' as never,
        occurred_at: now().toISOString(),
        text: 'This is a test alert from RR Companion: your webhook works.',
        url: `${publicUrl}/notifications/settings`,
        fiction: { royalroad_id: 0, title: 'RR Companion', url: publicUrl },
        data: {},
      };
    } else {
      const event = delivery.notification_id
        ? await repository.notificationEvent(delivery.notification_id)
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

  async function deliverOne(delivery: Awaited<ReturnType<typeof repository.claimDue>>[number]) {
    const attempts = delivery.attempts + 1;
    const at = now();
    try {
      if (delivery.channel === 'email') await deliverEmail(delivery);
      else if (delivery.channel === 'digest') await deliverDigest(delivery);
      else await deliverWebhook(delivery);
      await repository.finishDelivery(delivery.id, { status: 'sent', attempts, now: at.toISOString() });
      return true;
    } catch (error) {
      const failure =
        error instanceof DeliveryError ? error : new DeliveryError(oneLine(error), { retry: true });
      const context = { delivery: delivery.id, channel: delivery.channel, attempts, reason: failure.message };
      if (failure.disableWebhook && delivery.webhook_id)
        await repository.disableWebhook(delivery.webhook_id, 'The receiver answered 410 Gone.');
      if (failure.retry && attempts < MAX_ATTEMPTS) {
        const wait = RETRY_DELAYS_MS[attempts - 1] ?? HOUR;
        await repository.finishDelivery(delivery.id, {
          status: 'queued',
          attempts,
          error: failure.message,
          nextAttemptAt: new Date(at.getTime() + wait).toISOString(),
          now: at.toISOString(),
        });
        log.warn(context, 'delivery failed, trying again later');
      } else {
        await repository.finishDelivery(delivery.id, {
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
      const batch = await repository.claimDue(
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

  function digestLines(
    events: EventRow[],
    list: { fictionId: number; favorite: boolean }[],
    watched: { fictionId: number; events: string[] }[],
  ) {
    const favorites = new Set(list.filter((entry) => entry.favorite).map((entry) => entry.fictionId));
    const watching = new Map(watched.map((entry) => [entry.fictionId, new Set(entry.events)]));
    const lines = { chapters: [] as string[], moves: [] as string[], milestones: [] as string[] };
    for (const event of events) {
      if (event.kind === 'chapter_released')
        lines.chapters.push(
          `${event.title} — ${String(event.data.chapter_title)}: ${eventUrl(publicUrl, event)}`,
        );
      else if (event.kind === 'followers_milestone') lines.milestones.push(`${eventText(event)}.`);
      else if (favorites.has(event.fiction_id) || watching.get(event.fiction_id)?.has(event.kind))
        lines.moves.push(`${eventText(event)}: ${fictionPageUrl(publicUrl, event.royalroad_id)}`);
    }
    return lines;
  }

  /**
   * Queues the digest of every reader whose hour it is in their time zone and who has not had one that local
   * day; nothing is sent when there is nothing to say. The delivery key (reader and local date) makes it once.
   */
  async function queueDigests(): Promise<number> {
    const at = now();
    let queued = 0;
    for (const reader of await repository.digestReaders()) {
      const local = localTime(at, reader.time_zone);
      if (local.hour !== reader.digest_hour) continue;
      if (
        reader.last_digest_at &&
        localTime(new Date(reader.last_digest_at), reader.time_zone).date === local.date
      )
        continue;
      const from = reader.last_digest_at ?? new Date(at.getTime() - 24 * HOUR).toISOString();
      const { list, watched } = await repository.digestFictions(reader.user_id);
      const ids = [
        ...new Set([...list.map((entry) => entry.fictionId), ...watched.map((entry) => entry.fictionId)]),
      ];
      const lines = digestLines(await repository.eventsBetween(ids, from, at.toISOString()), list, watched);
      const count = lines.chapters.length + lines.moves.length + lines.milestones.length;
      if (count > 0) {
        const subject =
          lines.chapters.length > 0
            ? `${lines.chapters.length} new chapter${lines.chapters.length === 1 ? '' : 's'} on your list`
            : 'Your RR Companion digest';
        if (
          await repository.enqueue({
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
      await repository.saveSettings(reader.user_id, { last_digest_at: at.toISOString() }, at.toISOString());
    }
    return queued;
  }

  /** In-app notifications older than the retention are forgotten (at most once an hour). */
  async function cleanup(): Promise<void> {
    const at = now().getTime();
    if (at - lastCleanup < HOUR) return;
    lastCleanup = at;
    const cutoff = new Date(at - NOTIFICATION_RETENTION_DAYS * 24 * HOUR).toISOString();
    await repository.deleteNotificationsBefore(cutoff);
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
      await repository.enqueue({
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
      const rows = await repository.health(new Date(now().getTime() - 24 * HOUR).toISOString());
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
