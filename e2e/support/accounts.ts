import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { mailTo, nthMail, SUBJECTS, tokenIn } from './fake-mail.ts';

export const PASSWORD = 'Readers4ever';
let counter = 0;

/** A unique email per call, so parallel tests never collide. */
export function uniqueEmail(prefix = 'reader'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@example.com`;
}

type Session = {
  token: string;
  user: { id: number; email: string; admin: boolean; email_verified: boolean };
};

/**
 * Creates an account through the API and returns its session. Its address is verified as its owner would,
 * by the link the app mailed to it (read from the mail catcher), unless `verified` is false; the session's user
 * is read after that.
 */
export async function createAccount(
  request: APIRequestContext,
  email = uniqueEmail(),
  name?: string,
  options: { verified?: boolean } = {},
): Promise<Session> {
  const response = await request.post('/api/auth/register', { data: { email, password: PASSWORD, name } });
  if (response.status() !== 201 && response.status() !== 409) {
    throw new Error(`registration failed: ${response.status()} ${await response.text()}`);
  }
  const session =
    response.status() === 409
      ? ((await (await request.post('/api/auth/login', { data: { email, password: PASSWORD } })).json())
          .data as Session)
      : ((await response.json()).data as Session);
  if (options.verified === false || session.user.email_verified) return session;
  await verifyAddress(request, email.toLowerCase(), session.token);
  return { ...session, user: await profileOf(request, session.token) };
}

async function profileOf(request: APIRequestContext, token: string): Promise<Session['user']> {
  const response = await request.get('/api/auth/profile', { headers: { authorization: `Bearer ${token}` } });
  return (await response.json()).data.user as Session['user'];
}

/**
 * Opens the latest verification link mailed to `email` in the account's own session (`token`): opened without
 * it, the link would ask for a new password instead. Another test may have opened it first, which is as good.
 */
export async function verifyAddress(request: APIRequestContext, email: string, token: string) {
  const sent = await nthMail(request, email, SUBJECTS.verify);
  const latest = (await mailTo(request, email, SUBJECTS.verify)).at(-1) ?? sent;
  await request.post('/api/auth/verify-email', {
    data: { token: tokenIn(latest, '/verify-email') },
    headers: { authorization: `Bearer ${token}` },
  });
  await expect
    .poll(async () => {
      const login = await request.post('/api/auth/login', { data: { email, password: PASSWORD } });
      return (await login.json()).data?.user?.email_verified;
    })
    .toBe(true);
}

/** Puts a session in the browser's storage the way the app keeps it, and dismisses the cookie banner. */
export async function signInWithStorage(page: Page, session: { token: string; user: unknown }) {
  await page.addInitScript(
    ([token, user]) => {
      window.localStorage.setItem('token', token as string);
      window.localStorage.setItem('user', JSON.stringify(user));
      window.localStorage.setItem('cookie-consent', 'accepted');
    },
    [session.token, session.user],
  );
}

export async function acceptCookies(page: Page) {
  await page.addInitScript(() => window.localStorage.setItem('cookie-consent', 'accepted'));
}
