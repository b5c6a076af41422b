// Reading the mail the app sent, from the SMTP catcher the browser tests and `npm run fake:mail` use.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type CaughtMessage, type FakeMail, startFakeMail } from '../../../e2e/fakes/mail/server.ts';

export { type CaughtMessage, type FakeMail, startFakeMail } from '../../../e2e/fakes/mail/server.ts';

/**
 * A catcher for the test file: started before its tests, emptied and made well-behaved before each, stopped
 * after them. The returned object stands for it once started.
 */
export function mailCatcherForFile(): FakeMail {
  let mail: FakeMail | undefined;
  const started = () => {
    if (!mail) throw new Error('the mail catcher starts before the tests');
    return mail;
  };
  beforeAll(async () => {
    mail = await startFakeMail();
  });
  beforeEach(() => {
    started().clear();
    started().refuse(false);
    started().slowDown(0);
  });
  afterAll(async () => {
    await mail?.close();
  });
  return {
    get smtpUrl() {
      return started().smtpUrl;
    },
    get url() {
      return started().url;
    },
    messages: () => started().messages(),
    waitForMessage: (match, timeoutMs) => started().waitForMessage(match, timeoutMs),
    refuse: (on) => started().refuse(on),
    slowDown: (ms) => started().slowDown(ms),
    clear: () => started().clear(),
    close: () => started().close(),
  };
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
