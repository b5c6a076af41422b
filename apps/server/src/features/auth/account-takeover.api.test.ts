import { ACCOUNT_EMAIL_MESSAGES, MESSAGES, OAUTH_MESSAGES } from '@rrc/contract';
import { describe, expect, it } from 'vitest';
import { testAppForEach } from '../../../test/hooks.ts';
import { linkToken, mailCatcherForFile, messagesTo, nthMessageTo, SUBJECTS } from '../../../test/mail.ts';
import { call, createTestApp, registerUser, STRONG_PASSWORD } from '../../../test/test-app.ts';
import { mockProvider, PUBLIC_URL, signedIn } from '../oauth/oauth-flow.test-helpers.ts';

// The findings of the account review, each played as it happened and shown closed: an ADMIN_EMAILS address
// registered by someone else, an account pre-hijacked before its owner arrives through a provider, and the
// missing password reset. Mail goes through a real SMTP server on loopback, and links are read from it.

const provider = mockProvider();
const mail = mailCatcherForFile();
const t = testAppForEach(() =>
  createTestApp(provider.oidcEnv({ SMTP_URL: mail.smtpUrl, ADMIN_EMAILS: 'boss@example.com' })),
);

type Session = {
  token: string;
  user: { id: number; email: string; admin: boolean; email_verified: boolean };
};

async function register(email: string, password = STRONG_PASSWORD) {
  const response = await call<{ data: Session }>(t.app, {
    method: 'POST',
    url: '/api/auth/register',
    payload: { email, password },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data;
}
const login = (email: string, password = STRONG_PASSWORD) =>
  call<{ data: Session }>(t.app, { method: 'POST', url: '/api/auth/login', payload: { email, password } });
const profile = (token: string) =>
  call<{ data: { user: Session['user'] & { pending_email: string | null } } }>(t.app, {
    method: 'GET',
    url: '/api/auth/profile',
    token,
  });
const post = (url: string, payload: object, token?: string) =>
  call<{ success: boolean; error?: string; data?: Record<string, unknown> }>(t.app, {
    method: 'POST',
    url,
    payload,
    token,
  });

describe('an ADMIN_EMAILS address registered by whoever comes first', () => {
  it('was an administrator at once; then once anyone opened the link; now only with a password its owner chose', async () => {
    const claimant = await register('boss@example.com', 'Claimants-pass1');
    expect(claimant.user).toMatchObject({ admin: false, email_verified: false });
    const statistics = (token: string) => call(t.app, { method: 'GET', url: '/api/admin/statistics', token });
    expect((await statistics(claimant.token)).status).toBe(403);
    expect((await profile(claimant.token)).body.data.user.admin).toBe(false);

    // Whoever reads boss@example.com's mail opens the link, without the claimant's session.
    const message = await nthMessageTo(mail, 'boss@example.com');
    const opened = await post('/api/auth/verify-email', {
      token: linkToken(message, PUBLIC_URL, '/verify-email'),
    });
    expect(opened.body).toEqual({
      success: true,
      data: { email: 'boss@example.com', status: 'choose-password', resetToken: expect.any(String) },
    });
    // The claimant's session ended before it ever became an administrator's.
    expect((await statistics(claimant.token)).status).toBe(401);
    expect((await profile(claimant.token)).status).toBe(401);
    // Signing in again with the password they set gets them no further until the owner chooses one.
    const again = (await login('boss@example.com', 'Claimants-pass1')).body.data;
    expect(again.user.admin).toBe(false);
    expect((await statistics(again.token)).status).toBe(403);

    // The owner chooses the password: now the address is proven, and theirs.
    const chosen = await post('/api/auth/reset-password', {
      token: (opened.body.data as { resetToken: string }).resetToken,
      password: 'Owners-pass-2026',
    });
    expect(chosen.status).toBe(200);
    const owner = chosen.body.data as Session;
    expect(owner.user).toMatchObject({ id: claimant.user.id, admin: true, email_verified: true });
    expect((await statistics(owner.token)).status).toBe(200);
    expect((await statistics(again.token)).status).toBe(401);
    expect((await login('boss@example.com', 'Claimants-pass1')).status).toBe(401);
  });

  it('does not keep the real owner out: a reset mailed to the address proves it and ends the squatter’s sessions', async () => {
    const squatter = await register('boss@example.com', 'Squatters-pass1');
    // The owner cannot register the address again…
    expect(
      (await post('/api/auth/register', { email: 'boss@example.com', password: STRONG_PASSWORD })).status,
    ).toBe(409);
    // …but can ask for a reset link, which only the address's owner receives.
    expect((await post('/api/auth/forgot-password', { email: 'boss@example.com' })).status).toBe(200);
    const reset = await nthMessageTo(mail, { to: 'boss@example.com', subject: SUBJECTS.reset });
    const owner = await post('/api/auth/reset-password', {
      token: linkToken(reset, PUBLIC_URL, '/reset-password'),
      password: 'Owners-pass-2026',
    });
    expect(owner.status).toBe(200);
    const ownerToken = (owner.body.data as { token: string }).token;
    expect((await profile(ownerToken)).body.data.user).toMatchObject({ admin: true, email_verified: true });
    expect((await profile(squatter.token)).status).toBe(401);
    expect((await login('boss@example.com', 'Squatters-pass1')).status).toBe(401);
    // The verification link the squatter's registration mailed changes nothing now: the address is the owner's.
    const first = await nthMessageTo(mail, { to: 'boss@example.com', subject: SUBJECTS.verify });
    await post('/api/auth/verify-email', { token: linkToken(first, PUBLIC_URL, '/verify-email') });
    expect((await profile(ownerToken)).body.data.user).toMatchObject({ id: squatter.user.id, admin: true });
    expect((await profile(squatter.token)).status).toBe(401);
  });
});

describe('account pre-hijacking through a provider that vouches for the email', () => {
  const victim = {
    sub: 'victim-at-provider',
    email: 'victim@example.com',
    email_verified: true,
    name: 'Vic',
  };

  it('once landed the victim in the attacker’s account; now the victim gets a new account of their own', async () => {
    const attacker = await register('victim@example.com', 'Attackers-pass1');
    const landed = await signedIn(t.app, await provider.signIn(t.app, victim));

    expect(landed.user.id).not.toBe(attacker.user.id);
    expect(landed.user).toMatchObject({ email: 'victim@example.com', email_verified: true, admin: false });
    // The attacker's account gave the address up: its password and its sessions reach nothing.
    expect((await login('victim@example.com', 'Attackers-pass1')).status).toBe(401);
    expect((await profile(attacker.token)).status).toBe(401);
    const released = await t.database.db
      .selectFrom('users')
      .select(['email', 'released_email'])
      .where('id', '=', attacker.user.id)
      .executeTakeFirstOrThrow();
    expect(released).toEqual({ email: `released:${attacker.user.id}`, released_email: 'victim@example.com' });
    // The link the attacker's registration mailed to the victim no longer verifies anything.
    const link = linkToken(await nthMessageTo(mail, 'victim@example.com'), PUBLIC_URL, '/verify-email');
    const stale = await post('/api/auth/verify-email', { token: link });
    expect(stale.body).toEqual({ success: false, error: ACCOUNT_EMAIL_MESSAGES.verifyLinkInvalid });
    // The victim's next sign-in lands in the same, own account.
    expect((await signedIn(t.app, await provider.signIn(t.app, victim))).user.id).toBe(landed.user.id);
    expect((await profile(landed.token)).status).toBe(200);
  });

  it('also when the attacker moves their own account to the victim’s address: the move waits for a proof that never comes', async () => {
    const attacker = await registerUser(t.app, { email: 'mallory@example.com' });
    const move = await call<{ data: { user: { email: string; pending_email: string } } }>(t.app, {
      method: 'PUT',
      url: '/api/auth/profile',
      token: attacker.token,
      payload: { email: 'victim@example.com', currentPassword: STRONG_PASSWORD },
    });
    expect(move.body.data.user).toMatchObject({
      email: 'mallory@example.com',
      pending_email: 'victim@example.com',
    });

    const landed = await signedIn(t.app, await provider.signIn(t.app, victim));
    expect(landed.user.id).not.toBe(attacker.user.id);
    expect(landed.user.email).toBe('victim@example.com');
    // Should the victim open the attacker's link after all, the address stays theirs.
    const link = linkToken(await nthMessageTo(mail, 'victim@example.com'), PUBLIC_URL, '/verify-email');
    const taken = await post('/api/auth/verify-email', { token: link });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe(ACCOUNT_EMAIL_MESSAGES.addressTaken);
    expect((await profile(attacker.token)).body.data.user.email).toBe('mallory@example.com');
  });

  it('links a provider to an account only when that account proved the address', async () => {
    const owner = await registerUser(t.app, { email: 'victim@example.com' });
    const landed = await signedIn(t.app, await provider.signIn(t.app, victim));
    expect(landed.user.id).toBe(owner.user.id);
  });

  it('sends someone the provider does not vouch for to their password, whoever holds the address', async () => {
    await register('victim@example.com');
    const refused = await provider.signIn(t.app, { ...victim, email_verified: false });
    expect(refused.url.pathname).toBe('/oauth/error');
    expect(refused.url.searchParams.get('error')).toBe(OAUTH_MESSAGES.emailNotVerified);
  });

  it('proves a provider account’s address when the provider vouches for it at a later sign-in', async () => {
    const first = await signedIn(t.app, await provider.signIn(t.app, { ...victim, email_verified: false }));
    expect((await profile(first.token)).body.data.user.email_verified).toBe(false);
    const later = await signedIn(t.app, await provider.signIn(t.app, victim));
    expect(later.user).toMatchObject({ id: first.user.id, email_verified: true });
  });

  it('a reset on an unproven account removes provider sign-ins someone attached before the owner proved the address', async () => {
    // The attacker makes the account through a provider that does not vouch for the address.
    const attacker = await signedIn(
      t.app,
      await provider.signIn(t.app, {
        sub: 'attacker-sub',
        email: 'victim@example.com',
        email_verified: false,
      }),
    );
    expect((await post('/api/auth/forgot-password', { email: 'victim@example.com' })).status).toBe(200);
    const reset = await nthMessageTo(mail, { to: 'victim@example.com', subject: SUBJECTS.reset });
    const owner = await post('/api/auth/reset-password', {
      token: linkToken(reset, PUBLIC_URL, '/reset-password'),
      password: 'Owners-pass-2026',
    });
    expect(owner.status).toBe(200);
    expect((await profile(attacker.token)).status).toBe(401);
    // The attacker's provider identity now leads to an account of its own, not to the owner's.
    const back = await provider.signIn(t.app, {
      sub: 'attacker-sub',
      email: 'victim@example.com',
      email_verified: false,
    });
    expect(back.url.searchParams.get('error')).toBe(OAUTH_MESSAGES.emailNotVerified);
    expect((await login('victim@example.com', 'Owners-pass-2026')).body.data.user.id).toBe(attacker.user.id);
  });
});

describe('a forgotten password', () => {
  it('had no way back; now a single-use link mailed for one hour sets a new one, ends other sessions and signs in', async () => {
    const reader = await registerUser(t.app, { email: 'forgetful@example.com' });
    const otherDevice = (await login('forgetful@example.com')).body.data.token;

    const asked = await post('/api/auth/forgot-password', { email: 'Forgetful@Example.com ' });
    expect(asked.body).toEqual({ success: true, data: { email: 'forgetful@example.com' } });
    const message = await nthMessageTo(mail, { to: 'forgetful@example.com', subject: SUBJECTS.reset });
    expect(message.subject).toBe('Choose a new password for RR Companion');
    expect(message.from).toBe('no-reply@app.test');
    expect(message.text).toContain('one hour');
    const token = linkToken(message, PUBLIC_URL, '/reset-password');
    expect(message.html).toContain(`${PUBLIC_URL}/reset-password?token=${token}`);

    // The policy holds, and a refused password leaves the link usable.
    const weak = await post('/api/auth/reset-password', { token, password: 'weakling' });
    expect(weak.body).toEqual({ success: false, error: 'Password needs an uppercase letter and a number.' });

    const reset = await post('/api/auth/reset-password', { token, password: 'Remembered-2026' });
    expect(reset.status).toBe(200);
    const session = reset.body.data as Session;
    expect(session.user).toMatchObject({
      id: reader.user.id,
      email: 'forgetful@example.com',
      email_verified: true,
    });
    expect((await profile(session.token)).status).toBe(200);
    for (const old of [reader.token, otherDevice]) expect((await profile(old)).status).toBe(401);
    expect((await login('forgetful@example.com')).status).toBe(401);
    expect((await login('forgetful@example.com', 'Remembered-2026')).status).toBe(200);

    const twice = await post('/api/auth/reset-password', { token, password: 'Another-2026-pass' });
    expect(twice.body).toEqual({ success: false, error: ACCOUNT_EMAIL_MESSAGES.resetLinkInvalid });
  });

  it('expires after an hour', async () => {
    await registerUser(t.app, { email: 'slow@example.com' });
    await post('/api/auth/forgot-password', { email: 'slow@example.com' });
    const message = await nthMessageTo(mail, { to: 'slow@example.com', subject: SUBJECTS.reset });
    const token = linkToken(message, PUBLIC_URL, '/reset-password');
    t.clock.advance(60 * 60 * 1000 + 1);
    const late = await post('/api/auth/reset-password', { token, password: 'Remembered-2026' });
    expect(late.status).toBe(400);
    expect(late.body.error).toBe(ACCOUNT_EMAIL_MESSAGES.resetLinkInvalid);
    expect((await login('slow@example.com')).status).toBe(200);
  });

  it('answers the same whether or not an account uses the address, and mails only an existing one', async () => {
    await registerUser(t.app, { email: 'known@example.com' });
    const known = await post('/api/auth/forgot-password', { email: 'known@example.com' });
    const unknown = await post('/api/auth/forgot-password', { email: 'unknown@example.com' });
    expect(known.status).toBe(unknown.status);
    expect(known.body).toEqual({ success: true, data: { email: 'known@example.com' } });
    expect(unknown.body).toEqual({ success: true, data: { email: 'unknown@example.com' } });
    await nthMessageTo(mail, { to: 'known@example.com', subject: SUBJECTS.reset });
    await t.app.backgroundTasks.idle();
    expect(messagesTo(mail, 'unknown@example.com')).toEqual([]);
  });

  it('answers before any mail goes out, so a slow mail server does not tell existing accounts apart', async () => {
    await registerUser(t.app, { email: 'known@example.com' });
    await t.app.backgroundTasks.idle();
    mail.slowDown(800);
    try {
      const timed = async (email: string) => {
        const started = performance.now();
        const response = await post('/api/auth/forgot-password', { email });
        expect(response.status).toBe(200);
        return performance.now() - started;
      };
      expect(await timed('known@example.com')).toBeLessThan(400);
      expect(await timed('unknown@example.com')).toBeLessThan(400);
      // The mail still arrives, after the answer.
      await nthMessageTo(mail, { to: 'known@example.com', subject: SUBJECTS.reset }, 1, 5_000);
    } finally {
      mail.slowDown(0);
    }
  });

  it('mails an account at most three links an hour, without saying so, and limits each address', async () => {
    await registerUser(t.app, { email: 'popular@example.com' });
    for (let i = 0; i < 5; i++) {
      const asked = await call(t.app, {
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: 'popular@example.com' },
        remoteAddress: `10.0.0.${i + 1}`,
      });
      expect(asked.body).toEqual({ success: true, data: { email: 'popular@example.com' } });
    }
    await t.app.backgroundTasks.idle();
    const resets = { to: 'popular@example.com', subject: SUBJECTS.reset };
    expect(messagesTo(mail, resets)).toHaveLength(3);
    t.clock.advance(60 * 60 * 1000 + 1);
    await post('/api/auth/forgot-password', { email: 'popular@example.com' });
    await nthMessageTo(mail, resets, 4);

    // One address asking about many accounts is held back after ten requests an hour.
    const answers = [];
    for (let i = 0; i < 10; i++) {
      answers.push(
        (
          await call(t.app, {
            method: 'POST',
            url: '/api/auth/forgot-password',
            payload: { email: `n${i}@example.com` },
            remoteAddress: '10.9.9.9',
          })
        ).status,
      );
    }
    expect(answers.every((status) => status === 200)).toBe(true);
    const held = await call(t.app, {
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'n10@example.com' },
      remoteAddress: '10.9.9.9',
    });
    expect(held.status).toBe(429);
    expect(held.body).toEqual({ success: false, error: MESSAGES.tooManyRequests });
  });
});
