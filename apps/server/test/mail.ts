// Reading the mail the app sent, from the SMTP catcher the browser tests and `npm run fake:mail` use.
import { type CaughtMessage, type FakeMail, startFakeMail } from '@rrc/fakes/mail';
import { fakeForFile } from './hooks.ts';

export { type CaughtMessage, type FakeMail, startFakeMail } from '@rrc/fakes/mail';

/**
 * A catcher for the test file: started before its tests, emptied and made well-behaved before each, stopped
 * after them. The returned object stands for it once started.
 */
export function mailCatcherForFile(): FakeMail {
  return fakeForFile(
    'the mail catcher',
    () => startFakeMail(),
    (mail) => {
      mail.clear();
      mail.refuse(false);
      mail.slowDown(0);
    },
  );
}

/** What a test looks for: messages to an address, perhaps only those whose subject has some words. */
export interface MailQuery {
  to: string;
  subject?: string;
}

/** Every message matching `query` so far, oldest first. */
export function messagesTo(mail: FakeMail, query: MailQuery | string): CaughtMessage[] {
  const { to, subject } = typeof query === 'string' ? { to: query, subject: undefined } : query;
  return mail
    .messages()
    .filter(
      (message) => message.to.includes(to.toLowerCase()) && (!subject || message.subject.includes(subject)),
    );
}

/** The `n`-th message (1-based) matching `query`, waiting for it. */
export function nthMessageTo(
  mail: FakeMail,
  query: MailQuery | string,
  n = 1,
  timeoutMs = 5_000,
): Promise<CaughtMessage> {
  return mail.waitForMessage((message) => messagesTo(mail, query)[n - 1] === message, timeoutMs);
}

/** Subjects of the app's messages, to tell them apart. */
export const SUBJECTS = {
  verify: 'Confirm your email address',
  verifyNew: 'Confirm your new email address',
  reset: 'Choose a new password',
} as const;

/** The token of the message's link to `path` (`/verify-email`, `/reset-password`) on `origin`. */
export function linkToken(message: CaughtMessage, origin: string, path: string): string {
  const link = message.links.find((each) => each.startsWith(`${origin}${path}?`));
  if (!link) throw new Error(`no ${path} link in: ${message.text}`);
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error(`the ${path} link has no token: ${link}`);
  return token;
}
