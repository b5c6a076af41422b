import { setTimeout as sleep } from 'node:timers/promises';
import nodemailer from 'nodemailer';
import { type BackgroundTasks, oneLine, type TaskLog } from '../lib/background-tasks.ts';

/** One message: always a plain-text part and an HTML part. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe…). */
  headers?: Record<string, string>;
}

/** What a log line about a message says: why it was sent and for whom, never its text (it may hold a link). */
export type MailContext = Record<string, unknown> & { purpose: string };

export interface Mailer {
  /** False when no SMTP server is configured: nothing can be sent, and features that need mail say so. */
  readonly enabled: boolean;
  /**
   * Sends `message` after the current request has been answered; a failed attempt is tried once more, and a
   * message that still could not be sent is logged with `context`. False when it was not even queued.
   */
  send(message: MailMessage, context: MailContext): boolean;
  /** Sends now, once, and throws what went wrong: for callers that keep their own retries (the outbox). */
  sendNow(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  /** smtp://user:password@host:587 (STARTTLS when the server offers it) or smtps://host:465; none = no mail. */
  smtpUrl: string | undefined;
  from: string;
  tasks: BackgroundTasks;
  log: TaskLog;
  /** Wait before the second attempt. */
  retryDelayMs?: number;
}

const ATTEMPTS = 2;

/** Mail over SMTP with nodemailer. */
export function createMailer(options: MailerOptions): Mailer {
  const { smtpUrl, from, tasks, log } = options;
  if (!smtpUrl) {
    return {
      enabled: false,
      send(_message, context) {
        log.warn(context, 'mail not sent: no SMTP_URL is configured');
        return false;
      },
      async sendNow() {
        throw new Error('No SMTP_URL is configured.');
      },
      close() {},
    };
  }
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    // A mail server that does not answer must not hold a task for minutes.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  const retryDelayMs = options.retryDelayMs ?? 2_000;

  async function deliver(message: MailMessage, context: MailContext) {
    for (let attempt = 1; ; attempt++) {
      try {
        await transport.sendMail({ from, ...message });
        return;
      } catch (error) {
        const details = { ...context, attempt, reason: oneLine(error) };
        if (attempt >= ATTEMPTS) {
          log.error(details, 'mail could not be sent');
          return;
        }
        log.warn(details, 'mail not sent, trying again');
        await sleep(retryDelayMs);
      }
    }
  }

  return {
    enabled: true,
    send(message, context) {
      return tasks.run({ task: 'mail', ...context }, () => deliver(message, context));
    },
    async sendNow(message) {
      await transport.sendMail({ from, ...message });
    },
    close() {
      transport.close();
    },
  };
}
