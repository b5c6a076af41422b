import { ACCOUNT_EMAIL_MESSAGES } from '@rrc/contract';
import { describe, expect, it } from 'vitest';
import { testAppForEach } from '../../../test/hooks.ts';
import { linkToken, mailCatcherForFile, nthMessageTo, SUBJECTS } from '../../../test/mail.ts';
import { call, createTestApp, registerUser, STRONG_PASSWORD } from '../../../test/test-app.ts';

// A verification link is opened by whoever reads the address's mail. Opened in the account's own session it
// proves the address; opened anywhere else, it hands the account to the reader of that mail, never to whoever
// set its password: every session ends and the reader chooses the password, which proves the address.

const PUBLIC_URL = 'http://rrc.test';
const mail = mailCatcherForFile();
const t = testAppForEach(() => createTestApp({ SMTP_URL: mail.smtpUrl, PUBLIC_URL }));

type Session = { token: string; user: { id: number; email: string; email_verified: boolean } };
type Answer = { success: boolean; error?: string; data?: Record<string, unknown> };

const post = (url: string, payload: object, token?: string) =>
  call<Answer>(t.app, { method: 'POST', url, payload, token });
const login = (email: string, password = STRONG_PASSWORD) =>
  call<{ data: Session }>(t.app, { method: 'POST', url: '/api/auth/login', payload: { email, password } });
const profile = (token: string) =>
  call<{ data: { user: Session['user'] & { pending_email: string | null } } }>(t.app, {
    method: 'GET',
    url: '/api/auth/profile',
    token,
  });
async function register(email: string, password: string): Promise<Session> {
  const response = await call<{ data: Session }>(t.app, {
    method: 'POST',
    url: '/api/auth/register',
    payload: { email, password },
  });
  expect(response.status).toBe(201);
  return response.body.data;
}
const verifyLink = async (query: Parameters<typeof nthMessageTo>[1]) =>
  linkToken(await nthMessageTo(mail, query), PUBLIC_URL, '/verify-email');
const verifiedAt = async (id: number) =>
  (
    await t.database.db
      .selectFrom('users')
      .select('email_verified_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).email_verified_at;

describe('a verification link opened without the account’s session', () => {
  it('ends the registrant’s sessions, proves nothing, and lets the address’s owner choose the password', async () => {
    const attacker = await register('victim@example.com', 'Attackers-pass1');
    const secondDevice = (await login('victim@example.com', 'Attackers-pass1')).body.data.token;
    const message = await nthMessageTo(mail, 'victim@example.com');
    expect(message.text).toContain(
      'If you did not create an account on RR Companion, you can ignore this email.',
    );
    expect(message.text).toContain('you will be asked to choose a new password');

    const opened = await post('/api/auth/verify-email', {
      token: linkToken(message, PUBLIC_URL, '/verify-email'),
    });
    expect(opened.status).toBe(200);
    expect(opened.body).toEqual({
      success: true,
      data: { email: 'victim@example.com', status: 'choose-password', resetToken: expect.any(String) },
    });
    for (const token of [attacker.token, secondDevice]) expect((await profile(token)).status).toBe(401);
    expect(await verifiedAt(attacker.user.id)).toBeNull();

    const chosen = await post('/api/auth/reset-password', {
      token: (opened.body.data as { resetToken: string }).resetToken,
      password: 'Owners-pass-2026',
    });
    expect(chosen.status).toBe(200);
    const owner = chosen.body.data as unknown as Session;
    expect(owner.user).toMatchObject({
      id: attacker.user.id,
      email: 'victim@example.com',
      email_verified: true,
    });
    expect((await profile(owner.token)).status).toBe(200);
    expect((await login('victim@example.com', 'Attackers-pass1')).status).toBe(401);
    expect((await login('victim@example.com', 'Owners-pass-2026')).status).toBe(200);
  });

  it('counts a session of another account as none: that account is left as it was', async () => {
    const registrant = await register('shared@example.com', 'Registrant-pass1');
    const bystander = await registerUser(t.app, { email: 'bystander@example.com' });
    const opened = await post(
      '/api/auth/verify-email',
      { token: await verifyLink('shared@example.com') },
      bystander.token,
    );
    expect(opened.body.data).toMatchObject({ status: 'choose-password', email: 'shared@example.com' });
    expect((await profile(registrant.token)).status).toBe(401);
    expect((await profile(bystander.token)).body.data.user).toMatchObject({
      email: 'bystander@example.com',
      email_verified: true,
    });
  });

  it('works once, and the password link it answers is a reset link: single use, for one hour', async () => {
    await register('once@example.com', 'Registrant-pass1');
    const link = await verifyLink('once@example.com');
    const opened = await post('/api/auth/verify-email', { token: link });
    const resetToken = (opened.body.data as { resetToken: string }).resetToken;
    const again = await post('/api/auth/verify-email', { token: link });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe(ACCOUNT_EMAIL_MESSAGES.verifyLinkInvalid);

    t.clock.advance(60 * 60 * 1000 + 1);
    const late = await post('/api/auth/reset-password', { token: resetToken, password: 'Owners-pass-2026' });
    expect(late.status).toBe(400);
    expect(late.body.error).toBe(ACCOUNT_EMAIL_MESSAGES.resetLinkInvalid);
    // Nothing was proven, and the password is still the registrant's.
    expect((await login('once@example.com', 'Registrant-pass1')).body.data.user.email_verified).toBe(false);
  });
});

describe('a verification link opened in the account’s own session', () => {
  it('proves the address as before, ending no session', async () => {
    const reader = await register('own@example.com', 'Readers-pass-2026');
    const phone = (await login('own@example.com', 'Readers-pass-2026')).body.data.token;
    const opened = await post(
      '/api/auth/verify-email',
      { token: await verifyLink('own@example.com') },
      reader.token,
    );
    expect(opened.body).toEqual({ success: true, data: { email: 'own@example.com', status: 'verified' } });
    expect((await profile(reader.token)).body.data.user.email_verified).toBe(true);
    expect((await profile(phone)).status).toBe(200);
  });
});

describe('a change of address the new address’s owner did not ask for', () => {
  it('moves only with a password the new address’s owner chose; the account’s sessions and old password end', async () => {
    const attacker = await registerUser(t.app, { email: 'mallory@example.com' });
    const asked = await call(t.app, {
      method: 'PUT',
      url: '/api/auth/profile',
      token: attacker.token,
      payload: { email: 'victim@example.com', currentPassword: STRONG_PASSWORD },
    });
    expect(asked.status).toBe(200);

    // The victim opens the link mailed to them, signed out.
    const opened = await post('/api/auth/verify-email', {
      token: await verifyLink({ to: 'victim@example.com', subject: SUBJECTS.verifyNew }),
    });
    expect(opened.body.data).toMatchObject({ status: 'choose-password', email: 'victim@example.com' });
    expect((await profile(attacker.token)).status).toBe(401);
    // Nothing moved yet.
    const before = await login('mallory@example.com');
    expect(before.body.data.user).toMatchObject({ email: 'mallory@example.com' });

    const chosen = await post('/api/auth/reset-password', {
      token: (opened.body.data as { resetToken: string }).resetToken,
      password: 'Victims-pass-2026',
    });
    expect(chosen.status).toBe(200);
    expect((chosen.body.data as unknown as Session).user).toMatchObject({
      id: attacker.user.id,
      email: 'victim@example.com',
      email_verified: true,
    });
    expect((await profile(before.body.data.token)).status).toBe(401);
    expect((await login('mallory@example.com')).status).toBe(401);
    expect((await login('victim@example.com')).status).toBe(401);
    expect((await login('victim@example.com', 'Victims-pass-2026')).status).toBe(200);
  });
});
