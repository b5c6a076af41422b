import type { APIRequestContext, Page } from '@playwright/test';

export const PASSWORD = 'Readers4ever';
let counter = 0;

/** A unique email per call, so parallel tests never collide. */
export function uniqueEmail(prefix = 'reader'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@example.com`;
}

/** Creates an account through the API and returns its session. */
export async function createAccount(request: APIRequestContext, email = uniqueEmail(), name?: string) {
  const response = await request.post('/api/auth/register', { data: { email, password: PASSWORD, name } });
  if (response.status() !== 201 && response.status() !== 409) {
    throw new Error(`registration failed: ${response.status()} ${await response.text()}`);
  }
  if (response.status() === 409) {
    const login = await request.post('/api/auth/login', { data: { email, password: PASSWORD } });
    return (await login.json()).data as {
      token: string;
      user: { id: number; email: string; admin: boolean };
    };
  }
  return (await response.json()).data as {
    token: string;
    user: { id: number; email: string; admin: boolean };
  };
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
