import { setTimeout as sleep } from 'node:timers/promises';
import {
  EMAILS_PER_READER_PER_DAY,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_RETENTION_DAYS,
  WEBHOOK_TESTS_PER_MINUTE,
} from '@rrc/contract';
import { tooManyRequests } from '../../errors.ts';
import { oneLine, type TaskLog } from '../../lib/background-tasks.ts';
import { type LimiterStore, memoryLimiterStore } from '../../lib/limiter-store.ts';
import type { Mailer, MailMessage } from '../../mail/mailer.ts';
import type { Metrics } from '../../metrics.ts';
import { type DeliveriesRepository, pendingTestKey } from './deliveries.repository.ts';
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
import type { Resolve } from './webhook-address.ts';
import { callWebhook } from './webhook-call.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Waits after each failed try: 8 tries over about a day, then the delivery is given up. */
export const RETRY_DELAYS_MS = [MINUTE, 5 * MINUTE, 15 * MINUTE, HOUR, 3 * HOUR, 6 * HOUR, 12 * HOUR];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
const LOCK_MS = 5 * MINUTE;
const WEBHOOK_TIMEOUT_MS = 10_000;
/** Webhook calls under way at once in a process, and of one reader (each webhook has one at most). */
export const WEBHOOK_SLOTS = 4;
const WEBHOOK_SLOTS_PER_READER = 2;
/** Emails being sent at once in a process (one at most per reader). */
export const MAIL_SLOTS = 2;
/** How long stopping waits for the deliveries under way before it stops them. */
export const STOP_GRACE_MS = 5_000;

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
  /** Resolves a webhook's host (the system's DNS unless told otherwise). */
  resolve?: Resolve;
  /** Where test calls are counted (every instance together on PostgreSQL); this process's memory if not given. */
  limits?: LimiterStore;
  /** Counts each delivery tried by channel and outcome (the process's metrics). */
  metrics?: Pick<Metrics, 'delivered'>;
  /** How long a claimed delivery's lease lasts (5 minutes), renewed every `renewMs` (a third) while it sends. */
  leaseMs?: number;
  renewMs?: number;
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

/** A delivery stopped half way because the process is stopping: it stays queued for the next start. */
class Stopped extends Error {}

/** Waits for `work`, or throws `Stopped` as soon as `signal` aborts (the work itself may still finish). */
function unlessStopped<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new Stopped());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new Stopped());
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

type Outcome = 'sent' | 'failed' | 'stopped';

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
 *
 * Deliveries go out side by side, fairly: at most WEBHOOK_SLOTS webhook calls and MAIL_SLOTS emails at once,
 * one call at a time per webhook (and two per reader), one email at a time per reader. A receiver that does
 * not answer holds one slot until its timeout and delays only its own calls; after a failure its other
 * deliveries wait for its next try, and a webhook failing for a whole day of tries is switched off.
 */
export function deliveryService(deps: DeliveryDeps) {
  const { repositories, mailer, publicUrl, now, log } = deps;
  const { notifications, events, deliveries } = repositories;
  const links = { publicUrl, secret: deps.secret };
  const leaseMs = deps.leaseMs ?? LOCK_MS;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let lastCleanup = 0;
  let stopping = false;

  /** What this process is sending now, by delivery id. */
  const inFlight = new Map<
    number,
    {
      kind: 'mail' | 'webhook';
      userId: number;
      webhookId: number | null;
      stop: AbortController;
      done: Promise<void>;
    }
  >();
  /** The tallies of the `deliverDue` calls waiting, each counting what finishes while it waits. */
  const tallies = new Set<{ sent: number; failed: number }>();
  let filling: Promise<void> | null = null;
  let fillAgain = false;

  const limits = deps.limits ?? memoryLimiterStore();
  const testsPerWebhook = limits.limit({
    name: 'webhook-tests',
    limit: WEBHOOK_TESTS_PER_MINUTE,
    windowMs: MINUTE,
    now: () => now().getTime(),
  });
  const testsPerReader = limits.limit({
    name: 'webhook-tests-per-reader',
    limit: WEBHOOK_TESTS_PER_MINUTE,
    windowMs: MINUTE,
    now: () => now().getTime(),
  });

  async function reader(userId: number) {
    const found = await notifications.reader(userId);
    if (!found?.verified) throw new DeliveryError('The email address is not verified.', { retry: false });
    const settings = await notifications.settings(userId);
    return { ...found, settings };
  }

  /** Sends an alert email; answers the address it went to. */
  async function deliverEmail(
    delivery: { user_id: number; notification_id: number | null },
    signal: AbortSignal,
  ): Promise<string> {
    const to = await reader(delivery.user_id);
    if (!to.settings.emailEnabled) throw new DeliveryError('Alert emails were turned off.', { retry: false });
    const event = delivery.notification_id
      ? await events.notificationEvent(delivery.notification_id)
      : undefined;
    if (!event) throw new DeliveryError('The notification no longer exists.', { retry: false });
    if (!mailer.enabled) throw new DeliveryError('No SMTP server is configured.', { retry: true });
    // The limit per account is kept when alerts are queued; this one holds for the address, whoever has it.
    const since = new Date(now().getTime() - 24 * HOUR).toISOString();
    if ((await deliveries.emailsSentTo(to.email, since)) >= EMAILS_PER_READER_PER_DAY)
      throw new DeliveryError('The daily limit of alert emails to this address was reached.', {
        retry: false,
      });
    await sendMail(
      alertMail(links, { email: to.email, name: to.name, userId: delivery.user_id }, event),
      signal,
    );
    return to.email.toLowerCase();
  }

  async function deliverDigest(
    delivery: { user_id: number; payload: Record<string, unknown> },
    signal: AbortSignal,
  ) {
    const to = await reader(delivery.user_id);
    if (!to.settings.digestEnabled || !to.settings.emailEnabled)
      throw new DeliveryError('The digest was turned off.', { retry: false });
    if (!mailer.enabled) throw new DeliveryError('No SMTP server is configured.', { retry: true });
    await sendMail(
      digestMail(links, { email: to.email, name: to.name, userId: delivery.user_id }, delivery.payload),
      signal,
    );
  }

  async function sendMail(message: MailMessage, signal: AbortSignal) {
    try {
      await unlessStopped(mailer.sendNow(message), signal);
    } catch (error) {
      if (error instanceof Stopped) throw error;
      const code = (error as { responseCode?: number }).responseCode;
      // 5xx from the mail server is a refusal of this message; anything else (down, 4xx) may pass later.
      throw new DeliveryError(oneLine(error), {
        retry: !(code && code >= 500 && code < 600 && code !== 554),
      });
    }
  }

  async function deliverWebhook(
    delivery: {
      id: number;
      webhook_id: number | null;
      notification_id: number | null;
      payload: Record<string, unknown>;
    },
    stop: AbortSignal,
  ) {
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
    const text = webhookBody(hook.kind, body);
    const unix = Math.floor(now().getTime() / 1000);
    let call: Awaited<ReturnType<typeof callWebhook>>;
    try {
      // One DNS answer is checked and connected to: a name cannot pass the check and then lead elsewhere.
      call = await callWebhook(
        hook.url,
        { ...deps.webhooks, resolve: deps.resolve },
        {
          signal: AbortSignal.any([stop, AbortSignal.timeout(WEBHOOK_TIMEOUT_MS)]),
          headers: {
            'content-type': 'application/json',
            'user-agent': 'RRCompanion-Webhooks',
            'RRC-Event-Id': body.id,
            'RRC-Signature': webhookSignature(hook.secret, unix, text),
          },
          body: text,
        },
      );
    } catch (error) {
      if (stop.aborted) throw new Stopped();
      throw new DeliveryError(oneLine(error), { retry: true });
    }
    if (call.problem)
      throw new DeliveryError(
        call.problem === 'unresolvable'
          ? 'The webhook host could not be resolved.'
          : 'The webhook address is not allowed (private or loopback address, or not https).',
        { retry: call.problem === 'unresolvable' },
      );
    const { status } = call;
    if (status >= 200 && status < 300) return;
    const answered = `The webhook answered ${status}.`;
    if (status === 410) throw new DeliveryError(answered, { retry: false, disableWebhook: true });
    if (status >= 500 || status === 429 || status === 408) throw new DeliveryError(answered, { retry: true });
    throw new DeliveryError(answered, { retry: false });
  }

  type Claimed = NonNullable<Awaited<ReturnType<typeof deliveries.claim>>>;

  async function deliverOne(delivery: Claimed, stop: AbortSignal): Promise<Outcome> {
    const attempts = delivery.attempts + 1;
    const at = now();
    const test = delivery.channel === 'webhook' && delivery.payload.test === true;
    // A finished test call gives up the key of the waiting one, so the next request queues a new one.
    const key =
      test && delivery.webhook_id ? `${pendingTestKey(delivery.webhook_id)}:${delivery.id}` : undefined;
    const context = { delivery: delivery.id, channel: delivery.channel, attempts };
    try {
      let recipient: string | undefined;
      if (delivery.channel === 'email') recipient = await deliverEmail(delivery, stop);
      else if (delivery.channel === 'digest') await deliverDigest(delivery, stop);
      else await deliverWebhook(delivery, stop);
      await deliveries.finishDelivery(delivery.id, {
        status: 'sent',
        attempts,
        now: at.toISOString(),
        key,
        recipient,
      });
      return 'sent';
    } catch (error) {
      if (error instanceof Stopped) {
        // Not an attempt: the next start sends it (a webhook call with the same RRC-Event-Id).
        await deliveries.release(delivery.id);
        log.warn(context, 'delivery stopped by the shutdown, left queued for the next start');
        return 'stopped';
      }
      const failure =
        error instanceof DeliveryError ? error : new DeliveryError(oneLine(error), { retry: true });
      const reason = { ...context, reason: failure.message };
      // A test call is tried once: it says now whether the webhook works.
      const maxAttempts = test ? 1 : MAX_ATTEMPTS;
      if (failure.retry && attempts < maxAttempts) {
        const wait = RETRY_DELAYS_MS[attempts - 1] ?? HOUR;
        const next = new Date(at.getTime() + wait).toISOString();
        await deliveries.finishDelivery(delivery.id, {
          status: 'queued',
          attempts,
          error: failure.message,
          nextAttemptAt: next,
          now: at.toISOString(),
        });
        log.warn(reason, 'delivery failed, trying again later');
      } else {
        await deliveries.finishDelivery(delivery.id, {
          status: 'given_up',
          attempts,
          error: failure.message,
          now: at.toISOString(),
          key,
        });
        log.error(reason, 'delivery given up');
      }
      if (delivery.channel === 'webhook' && delivery.webhook_id) {
        if (failure.disableWebhook)
          await deliveries.disableWebhook(delivery.webhook_id, 'The receiver answered 410 Gone.');
        else if (failure.retry && !test && attempts >= MAX_ATTEMPTS)
          await deliveries.disableWebhook(
            delivery.webhook_id,
            `Switched off after failing for a day of tries: ${failure.message}`,
          );
        else if (failure.retry)
          // The receiver is failing: its other calls wait for its next try instead of each timing out.
          await deliveries.postponeWebhook(
            delivery.webhook_id,
            delivery.id,
            new Date(at.getTime() + (RETRY_DELAYS_MS[attempts - 1] ?? HOUR)).toISOString(),
            at.toISOString(),
          );
      }
      return 'failed';
    }
  }

  const isMail = (channel: string) => channel !== 'webhook';

  /** What may not start now: busy webhooks and readers, full kinds. Null when nothing may. */
  function busy() {
    const flights = [...inFlight.values()];
    const hooks = flights.filter((flight) => flight.kind === 'webhook');
    const mail = flights.filter((flight) => flight.kind === 'mail');
    const perReader = new Map<number, number>();
    for (const flight of hooks) perReader.set(flight.userId, (perReader.get(flight.userId) ?? 0) + 1);
    const skip = {
      webhookIds: hooks.map((flight) => flight.webhookId).filter((id): id is number => id !== null),
      webhookUsers: [...perReader].filter(([, count]) => count >= WEBHOOK_SLOTS_PER_READER).map(([id]) => id),
      mailUsers: mail.map((flight) => flight.userId),
      webhooks: hooks.length >= WEBHOOK_SLOTS,
      mail: mail.length >= MAIL_SLOTS,
    };
    return skip.webhooks && skip.mail ? null : skip;
  }

  function fits(row: { channel: string; user_id: number; webhook_id: number | null }) {
    const skip = busy();
    if (!skip) return false;
    if (isMail(row.channel)) return !skip.mail && !skip.mailUsers.includes(row.user_id);
    return (
      !skip.webhooks &&
      !skip.webhookUsers.includes(row.user_id) &&
      (row.webhook_id === null || !skip.webhookIds.includes(row.webhook_id))
    );
  }

  function launch(delivery: Claimed) {
    const stop = new AbortController();
    const flight = {
      kind: isMail(delivery.channel) ? ('mail' as const) : ('webhook' as const),
      userId: delivery.user_id,
      webhookId: delivery.webhook_id,
      stop,
      done: Promise.resolve(),
    };
    inFlight.set(delivery.id, flight);
    // The lease is renewed while the delivery is under way; one taken over meanwhile (this process was taken
    // for dead) is stopped, and its outcome is not recorded.
    const renewal = setInterval(
      () => {
        const until = new Date(now().getTime() + leaseMs).toISOString();
        deliveries
          .renew(delivery.id, until)
          .then((held) => {
            if (!held) stop.abort();
          })
          .catch((error: unknown) =>
            log.warn({ delivery: delivery.id, reason: oneLine(error) }, 'could not renew a delivery'),
          );
      },
      deps.renewMs ?? leaseMs / 3,
    );
    renewal.unref();
    flight.done = deliverOne(delivery, stop.signal)
      .then((outcome) => {
        deps.metrics?.delivered(delivery.channel, outcome);
        for (const tally of tallies)
          if (outcome === 'sent') tally.sent++;
          else if (outcome === 'failed') tally.failed++;
      })
      .catch((error: unknown) =>
        log.error({ delivery: delivery.id, reason: oneLine(error) }, 'delivery could not be recorded'),
      )
      .finally(() => {
        clearInterval(renewal);
        inFlight.delete(delivery.id);
        // A slot is free: take the next delivery that is due.
        fill().catch((error: unknown) =>
          log.error({ task: 'deliveries', reason: oneLine(error) }, 'taking deliveries failed'),
        );
      });
  }

  /** Takes due deliveries into the free slots, fairly (see above); one taking at a time. */
  function fill(): Promise<void> {
    if (stopping) return Promise.resolve();
    if (filling) {
      fillAgain = true;
      return filling;
    }
    filling = (async () => {
      try {
        do {
          fillAgain = false;
          await takeDue();
        } while (fillAgain && !stopping);
      } finally {
        filling = null;
      }
    })();
    return filling;
  }

  async function takeDue() {
    for (let round = 0; round < 50 && !stopping; round++) {
      const skip = busy();
      if (!skip) return;
      const at = now();
      const limit = 4 * (WEBHOOK_SLOTS + MAIL_SLOTS);
      const due = await deliveries.dueCandidates(at.toISOString(), limit, skip);
      let started = 0;
      for (const row of due) {
        if (stopping) return;
        if (!fits(row)) continue;
        const claimed = await deliveries.claim(
          row.id,
          at.toISOString(),
          new Date(at.getTime() + leaseMs).toISOString(),
        );
        if (!claimed) continue;
        launch(claimed);
        started++;
      }
      if (started === 0 && due.length < limit) return;
    }
  }

  /**
   * Sends every delivery that is due, each by one process only; resolves once nothing due is left to take
   * and what it started has finished, with what was sent and what failed meanwhile.
   */
  async function deliverDue(): Promise<{ sent: number; failed: number }> {
    const tally = { sent: 0, failed: 0 };
    tallies.add(tally);
    try {
      await fill();
      while (inFlight.size > 0 || filling) {
        await Promise.all([...[...inFlight.values()].map((flight) => flight.done), filling]);
      }
    } finally {
      tallies.delete(tally);
    }
    return tally;
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

  /** A round of the worker: housekeeping, digests, and due deliveries taken into free slots. */
  async function tick(): Promise<void> {
    await cleanup();
    await queueDigests();
    await fill();
  }

  return {
    deliverDue,
    queueDigests,
    cleanup,
    tick,

    /**
     * Queues a webhook's test call: at most WEBHOOK_TESTS_PER_MINUTE a minute per webhook and per reader
     * (429 past that, with Retry-After), and one waiting per webhook (a new request replaces it).
     */
    async queueWebhookTest(userId: number, webhookId: number): Promise<void> {
      const verdicts = [await testsPerReader.take(`${userId}`), await testsPerWebhook.take(`${webhookId}`)];
      for (const taken of verdicts)
        if (!taken.ok)
          throw tooManyRequests(
            NOTIFICATION_MESSAGES.webhookTestsTooMany,
            Math.max(1, Math.ceil(taken.retryAfterMs / 1000)),
          );
      await deliveries.enqueueTest({ userId, webhookId, now: now().toISOString() });
      // Sent at once when this process delivers; otherwise by the worker within seconds.
      if (timer)
        fill().catch((error: unknown) =>
          log.error({ task: 'deliveries', reason: oneLine(error) }, 'taking deliveries failed'),
        );
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

    /** Starts delivering at once and then every `intervalMs` (the worker role). */
    start(intervalMs = 5_000): void {
      if (timer) return;
      stopping = false;
      const round = () => {
        if (running) return;
        running = tick()
          .catch((error: unknown) =>
            log.error({ task: 'deliveries', reason: oneLine(error) }, 'delivery round failed'),
          )
          .finally(() => {
            running = null;
          });
      };
      timer = setInterval(round, intervalMs);
      timer.unref();
      round();
    },

    /**
     * Stops taking deliveries, waits up to `graceMs` for those under way, then stops them: each is left
     * queued and unlocked, and the next start sends it again (a webhook call with the same RRC-Event-Id, so
     * a receiver that got it already can drop it). Whatever was not taken stays in the outbox.
     */
    async stop(graceMs = STOP_GRACE_MS): Promise<void> {
      stopping = true;
      if (timer) clearInterval(timer);
      timer = null;
      await running;
      await filling?.catch(() => {});
      const pending = () => Promise.all([...inFlight.values()].map((flight) => flight.done));
      if (inFlight.size === 0) return;
      const late = new AbortController();
      const finished = await Promise.race([
        pending().then(() => true),
        sleep(graceMs, false, { signal: late.signal }).catch(() => false),
      ]);
      late.abort();
      if (finished) return;
      log.warn({ task: 'deliveries', underWay: inFlight.size }, 'stopping the deliveries still under way');
      for (const flight of inFlight.values()) flight.stop.abort();
      await pending();
    },
  };
}

export type DeliveryService = ReturnType<typeof deliveryService>;
