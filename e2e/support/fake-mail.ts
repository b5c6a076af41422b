// The local SMTP catcher of the browser tests: where it listens (imported by playwright.config.ts to start it
// and to give the app SMTP_URL), and helpers that read the messages the app sent, as a reader's inbox.
import { type APIRequestContext, expect } from '@playwright/test';
import type { CaughtMessage } from '@rrc/fakes/mail';

export const FAKE_MAIL_PORT = Number(process.env.E2E_FAKE_MAIL_PORT ?? 4140);
export const FAKE_MAIL_SMTP_PORT = FAKE_MAIL_PORT + 1;
/** The catcher's page and its JSON at /messages. */
export const FAKE_MAIL_URL = `http://127.0.0.1:${FAKE_MAIL_PORT}`;
/** The app's SMTP_URL. */
export const FAKE_MAIL_SMTP_URL = `smtp://127.0.0.1:${FAKE_MAIL_SMTP_PORT}`;

/** Subjects of the app's messages. */
export const SUBJECTS = {
  verify: 'Confirm your email address for RR Companion',
  verifyNew: 'Confirm your new email address for RR Companion',
  reset: 'Choose a new password for RR Companion',
} as const;

/** Every message to `address` with this subject so far, oldest first. */
export async function mailTo(request: APIRequestContext, address: string, subject: string) {
  const response = await request.get(`${FAKE_MAIL_URL}/messages?${new URLSearchParams({ to: address })}`);
  expect(response.ok()).toBe(true);
  const { messages } = (await response.json()) as { messages: CaughtMessage[] };
  return messages.filter((message) => message.subject === subject);
}

/** The `n`-th message (1-based) to `address` with this subject, waiting for it. */
export async function nthMail(request: APIRequestContext, address: string, subject: string, n = 1) {
  await expect
    .poll(async () => (await mailTo(request, address, subject)).length, { timeout: 10_000 })
    .toBeGreaterThanOrEqual(n);
  return (await mailTo(request, address, subject))[n - 1] as CaughtMessage;
}

/** The message's link to `path` (`/verify-email`, `/reset-password`), as the reader would click it. */
export function linkIn(message: CaughtMessage, path: string): string {
  const link = message.links.find((each) => new URL(each).pathname === path);
  if (!link) throw new Error(`no ${path} link in "${message.subject}": ${message.text}`);
  return link;
}

/** The token of the message's link to `path`. */
export function tokenIn(message: CaughtMessage, path: string): string {
  return new URL(linkIn(message, path)).searchParams.get('token') ?? '';
}
