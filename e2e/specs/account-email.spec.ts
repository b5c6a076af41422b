import { expect, test } from '@playwright/test';
import {
  acceptCookies,
  createAccount,
  PASSWORD,
  signInWithStorage,
  uniqueEmail,
} from '../support/accounts.ts';
import { linkIn, mailTo, nthMail, SUBJECTS } from '../support/fake-mail.ts';

// Email verification and password reset through the real server, with the mail read from the local SMTP
// catcher the server sends to, the way a reader reads their inbox.

test.describe('email verification', () => {
  test('a new reader is asked to confirm their address, can have the link sent again, and confirms by the link', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('verify');
    await acceptCookies(page);
    await page.goto('/register');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    const banner = page.getByRole('region', { name: 'Verify your email address' });
    await expect(banner).toContainText(`Please confirm your email address. We sent a link to ${email}`);
    await expect(page.getByText('Not verified yet')).toBeVisible();
    await nthMail(request, email, SUBJECTS.verify);
    await banner.getByRole('button', { name: 'Resend email' }).click();
    await expect(banner).toContainText(`We sent a new link to ${email}. It works for 24 hours.`);
    const second = await nthMail(request, email, SUBJECTS.verify, 2);

    // The reader opens the newest link from the email.
    await page.goto(linkIn(second, '/verify-email'));
    await expect(page.getByRole('heading', { name: 'Your email address is confirmed' })).toBeVisible();
    await expect(page).toHaveURL(/\/verify-email$/);
    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await expect(page.getByText('Verified', { exact: true })).toBeVisible();
    await expect(banner).toHaveCount(0);

    // A link works once.
    await page.goto(linkIn(second, '/verify-email'));
    await expect(page.getByRole('heading', { name: 'This link did not work' })).toBeVisible();
    await expect(page.getByText('This verification link has expired or was already used.')).toBeVisible();
  });

  test('a new address takes over only once the link mailed to it is opened', async ({ page, request }) => {
    const session = await createAccount(request, uniqueEmail('mover'), 'Mo Mover');
    const next = uniqueEmail('moved');
    await signInWithStorage(page, session);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Email', { exact: true }).fill(next);
    await page.getByLabel('Current password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(
      page.getByText(`We sent a link to ${next}: your email changes once you open it.`),
    ).toBeVisible();
    await expect(page.getByText(`Changing to ${next}.`)).toBeVisible();

    const message = await nthMail(request, next, SUBJECTS.verifyNew);
    await page.goto(linkIn(message, '/verify-email'));
    await expect(page.getByRole('heading', { name: 'Your email address is confirmed' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await expect(page.getByRole('definition').filter({ hasText: next })).toBeVisible();
    await expect(page.getByText(/Changing to/)).toHaveCount(0);
  });
});

test.describe('a verification link opened by the address’s owner', () => {
  test('in a browser without the account’s session, asks the owner to choose a password, then signs them in verified', async ({
    browser,
    request,
  }) => {
    // Someone registers the owner's address with a password of their own and keeps the session.
    const email = uniqueEmail('owner');
    const registered = await request.post('/api/auth/register', {
      data: { email, password: 'Somebody-else-1' },
    });
    expect(registered.status()).toBe(201);
    const theirs = (await registered.json()).data.token as string;
    const message = await nthMail(request, email, SUBJECTS.verify);
    expect(message.text).toContain(
      'If you did not create an account on RR Companion, you can ignore this email.',
    );

    // The owner opens the link from their inbox, in a browser of their own.
    const context = await browser.newContext();
    const page = await context.newPage();
    await acceptCookies(page);
    await page.goto(linkIn(message, '/verify-email'));
    await expect(
      page.getByRole('heading', { name: 'Choose a password to finish confirming your address' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/reset-password$/);
    const profileOf = (token: string) =>
      request.get('/api/auth/profile', { headers: { authorization: `Bearer ${token}` } });
    expect((await profileOf(theirs)).status()).toBe(401);

    await page.getByLabel('New password', { exact: true }).fill('Owners-pass-2026');
    await page.getByLabel('Repeat the new password').fill('Owners-pass-2026');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText(`Welcome, ${email}`)).toBeVisible();
    await expect(page.getByText('Verified', { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Verify your email address' })).toHaveCount(0);

    const before = await request.post('/api/auth/login', { data: { email, password: 'Somebody-else-1' } });
    expect(before.status()).toBe(401);
    await context.close();
  });
});

test.describe('a forgotten password', () => {
  test('"Forgot password?" mails a link that sets a new one and signs the reader in', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('forgetful');
    await createAccount(request, email, 'Fay Forgetful');
    await acceptCookies(page);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status')).toContainText(
      `If an account uses ${email}, a link to choose a new password is on its way.`,
    );

    const message = await nthMail(request, email, SUBJECTS.reset);
    const link = linkIn(message, '/reset-password');
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await expect(page).toHaveURL(/\/reset-password$/);
    await page.getByLabel('New password', { exact: true }).fill('Remembered-2026');
    await page.getByLabel('Repeat the new password').fill('Remembered-2026');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Welcome, Fay Forgetful')).toBeVisible();

    const old = await request.post('/api/auth/login', { data: { email, password: PASSWORD } });
    expect(old.status()).toBe(401);
    const fresh = await request.post('/api/auth/login', { data: { email, password: 'Remembered-2026' } });
    expect(fresh.status()).toBe(200);

    // The same link a second time offers a new one.
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('Another-2026-pass');
    await page.getByLabel('Repeat the new password').fill('Another-2026-pass');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'This password reset link has expired or was already used. Please ask for a new one.',
    );
    await expect(page.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  test('says the same for an address no account uses, and mails nothing', async ({ page, request }) => {
    const email = uniqueEmail('nobody');
    await acceptCookies(page);
    await page.goto('/forgot-password');
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status')).toContainText(
      `If an account uses ${email}, a link to choose a new password is on its way.`,
    );
    // A known address's link arrives within moments; give this one the same time.
    await page.waitForTimeout(1_000);
    expect(await mailTo(request, email, SUBJECTS.reset)).toEqual([]);
  });
});
