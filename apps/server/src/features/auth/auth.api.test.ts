import { MESSAGES } from '@rrc/contract';
import { describe, expect, it } from 'vitest';
import { testAppForEach } from '../../../test/hooks.ts';
import { call, createTestApp, registerUser, STRONG_PASSWORD } from '../../../test/test-app.ts';
import { usersRepository } from './users.repository.ts';

type Body = { success: boolean; error?: string; data?: { token: string; user: Record<string, unknown> } };

const t = testAppForEach(() => createTestApp({ ADMIN_EMAILS: 'boss@example.com' }));

const register = (payload: unknown) =>
  call<Body>(t.app, { method: 'POST', url: '/api/auth/register', payload: payload as object });
const login = (payload: unknown) =>
  call<Body>(t.app, { method: 'POST', url: '/api/auth/login', payload: payload as object });

describe('registration', () => {
  it('creates an account and answers the user and a working token', async () => {
    const response = await register({
      email: '  Reader@Example.COM ',
      password: STRONG_PASSWORD,
      name: 'Ada',
    });
    expect(response.status).toBe(201);
    expect(response.body.success).toBe(true);
    const { user, token } = response.body.data ?? { user: {}, token: '' };
    expect(user).toEqual({
      id: expect.any(Number),
      email: 'reader@example.com',
      name: 'Ada',
      admin: false,
      created_at: '2026-11-21T12:00:00.000Z',
      email_verified: false,
      pending_email: null,
    });
    const profile = await call<Body>(t.app, { method: 'GET', url: '/api/auth/profile', token });
    expect(profile.status).toBe(200);
    expect(profile.body).toEqual({ success: true, data: { user } });
  });

  it('stores an argon2id hash, never the password', async () => {
    await register({ email: 'hash@example.com', password: STRONG_PASSWORD });
    const record = await usersRepository(t.database.db).findByEmail('hash@example.com');
    expect(record?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(record?.passwordHash).not.toContain(STRONG_PASSWORD);
  });

  it('treats a blank name as no name', async () => {
    const response = await register({ email: 'noname@example.com', password: STRONG_PASSWORD, name: '   ' });
    expect(response.body.data?.user.name).toBeNull();
  });

  it.each([
    ['short', 'Ab1', 'Password needs at least 8 characters.'],
    ['no uppercase', 'readers4ever', 'Password needs an uppercase letter.'],
    ['no lowercase', 'READERS4EVER', 'Password needs a lowercase letter.'],
    ['no number', 'Readersforever', 'Password needs a number.'],
    ['several', 'abc', 'Password needs at least 8 characters, an uppercase letter and a number.'],
  ])('refuses a weak password (%s) naming what is missing', async (_case, password, message) => {
    const response = await register({ email: 'weak@example.com', password });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ success: false, error: message });
    expect(await usersRepository(t.database.db).findByEmail('weak@example.com')).toBeUndefined();
  });

  it('refuses a duplicate email, whatever its case, with 409', async () => {
    await register({ email: 'twice@example.com', password: STRONG_PASSWORD });
    const response = await register({ email: 'TWICE@example.com ', password: STRONG_PASSWORD });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ success: false, error: MESSAGES.emailTaken });
  });

  it.each([
    [{ password: STRONG_PASSWORD }, 'Email is required.'],
    [{ email: 'x@example.com' }, 'Password is required.'],
    [{ email: 'not-an-email', password: STRONG_PASSWORD }, 'Please enter a valid email address.'],
    [{ email: 42, password: STRONG_PASSWORD }, 'Email must be text.'],
    [
      { email: 'x@example.com', password: STRONG_PASSWORD, name: 'n'.repeat(101) },
      'Name must be at most 100 characters.',
    ],
  ])('refuses bad fields with a clear message: %j', async (payload, message) => {
    const response = await register(payload);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ success: false, error: message });
  });

  it('answers malformed JSON with 400 and a message, not a 500', async () => {
    const response = await call<Body>(t.app, {
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@example.com", "password": ',
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ success: false, error: MESSAGES.invalidJson });
  });

  it('answers a body that is not a JSON object with 400', async () => {
    const response = await call<Body>(t.app, {
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=a@example.com',
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ success: false, error: 'The request body must be a JSON object.' });
  });
});

describe('sign-in', () => {
  it('signs in with the right password, case-insensitively on the email', async () => {
    await register({ email: 'mia@example.com', password: STRONG_PASSWORD });
    const response = await login({ email: ' MIA@example.com', password: STRONG_PASSWORD });
    expect(response.status).toBe(200);
    expect(response.body.data?.user.email).toBe('mia@example.com');
    expect(response.body.data?.token).toEqual(expect.any(String));
  });

  it('gives the same 401 for a wrong password and an unknown email', async () => {
    await register({ email: 'mia@example.com', password: STRONG_PASSWORD });
    const wrong = await login({ email: 'mia@example.com', password: 'Wrong-pass1' });
    const unknown = await login({ email: 'nobody@example.com', password: STRONG_PASSWORD });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ success: false, error: MESSAGES.invalidCredentials });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('refuses the eleventh quick failed attempt with 429', async () => {
    await register({ email: 'mia@example.com', password: STRONG_PASSWORD });
    for (let attempt = 1; attempt <= 10; attempt++) {
      const response = await login({ email: 'mia@example.com', password: 'Wrong-pass1' });
      expect(response.status).toBe(401);
    }
    const blocked = await login({ email: 'mia@example.com', password: STRONG_PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ success: false, error: MESSAGES.tooManyRequests });
  });

  it('does not let parallel guesses slip past the limit', async () => {
    await register({ email: 'mia@example.com', password: STRONG_PASSWORD });
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => login({ email: 'mia@example.com', password: 'Wrong-pass1' })),
    );
    const refused = answers.filter((answer) => answer.status === 429).length;
    expect(answers.filter((answer) => answer.status === 401).length).toBeLessThanOrEqual(10);
    expect(refused).toBeGreaterThanOrEqual(20);
  });

  it('does not count successful sign-ins against the limit', async () => {
    await register({ email: 'mia@example.com', password: STRONG_PASSWORD });
    for (let attempt = 1; attempt <= 15; attempt++) {
      const response = await login({ email: 'mia@example.com', password: STRONG_PASSWORD });
      expect(response.status).toBe(200);
    }
  });

  it('counts failed registrations too', async () => {
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect((await register({ email: `w${attempt}@example.com`, password: 'weak' })).status).toBe(400);
    }
    expect((await register({ email: 'fine@example.com', password: STRONG_PASSWORD })).status).toBe(429);
  });

  it('records when an account was last seen, at most once an hour', async () => {
    const { user } = await registerUser(t.app, { email: 'seen@example.com' });
    const users = usersRepository(t.database.db);
    const registeredAt = (await users.findById(user.id))?.lastSeenAt;
    expect(registeredAt).toBe('2026-11-21T12:00:00.000Z');

    t.clock.advance(30 * 60 * 1000);
    await login({ email: 'seen@example.com', password: STRONG_PASSWORD });
    expect((await users.findById(user.id))?.lastSeenAt).toBe(registeredAt);

    t.clock.advance(31 * 60 * 1000);
    await login({ email: 'seen@example.com', password: STRONG_PASSWORD });
    expect((await users.findById(user.id))?.lastSeenAt).toBe('2026-11-21T13:01:00.000Z');
  });
});

describe('profile', () => {
  it('refuses a missing, forged or unknown token with 401', async () => {
    const missing = await call<Body>(t.app, { method: 'GET', url: '/api/auth/profile' });
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({ success: false, error: MESSAGES.signInRequired });
    const forged = await call<Body>(t.app, { method: 'GET', url: '/api/auth/profile', token: 'abc.def.ghi' });
    expect(forged.status).toBe(401);
    expect(forged.body.error).toBe(MESSAGES.sessionExpired);
  });

  it('is not limited by the failed sign-in counter', async () => {
    for (let attempt = 0; attempt < 12; attempt++) {
      expect((await call(t.app, { method: 'GET', url: '/api/auth/profile', token: 'bad' })).status).toBe(401);
    }
    const { token } = await registerUser(t.app);
    expect((await call(t.app, { method: 'GET', url: '/api/auth/profile', token })).status).toBe(200);
  });

  it('changes the name at once, and the email only once the new address is proven', async () => {
    const { token } = await registerUser(t.app, { email: 'old@example.com' });
    const response = await call<Body>(t.app, {
      method: 'PUT',
      url: '/api/auth/profile',
      token,
      payload: { name: 'New Name', email: 'New@Example.com', currentPassword: STRONG_PASSWORD },
    });
    expect(response.status).toBe(200);
    expect(response.body.data?.user).toMatchObject({
      name: 'New Name',
      email: 'old@example.com',
      email_verified: true,
      pending_email: 'new@example.com',
    });
    expect((await login({ email: 'new@example.com', password: STRONG_PASSWORD })).status).toBe(401);
    expect((await login({ email: 'old@example.com', password: STRONG_PASSWORD })).status).toBe(200);
    // An administrator vouches for the new address (as `npm run cli -- verify-email` does): the account moves.
    expect(
      await usersRepository(t.database.db).verifyAddress('new@example.com', '2026-11-21T12:05:00Z'),
    ).toBe('moved');
    expect((await login({ email: 'new@example.com', password: STRONG_PASSWORD })).status).toBe(200);
    expect((await login({ email: 'old@example.com', password: STRONG_PASSWORD })).status).toBe(401);
  });

  it('changes the email only with the current password, and never to an administrator address', async () => {
    const { token } = await registerUser(t.app, { email: 'mallory@example.com' });
    const put = (payload: object) =>
      call<Body>(t.app, { method: 'PUT', url: '/api/auth/profile', token, payload });
    const without = await put({ email: 'elsewhere@example.com' });
    expect(without.status).toBe(400);
    expect(without.body.error).toBe('Enter your current password to change your email.');
    const takeover = await put({ email: 'BOSS@example.com', currentPassword: STRONG_PASSWORD });
    expect(takeover.status).toBe(400);
    expect(takeover.body.error).toBe('That email address cannot be used for this account.');
    const profile = await call<{ data: { user: { email: string; admin: boolean } } }>(t.app, {
      method: 'GET',
      url: '/api/auth/profile',
      token,
    });
    expect(profile.body.data.user).toMatchObject({ email: 'mallory@example.com', admin: false });
  });

  it('refuses an email another account uses', async () => {
    await registerUser(t.app, { email: 'taken@example.com' });
    const { token } = await registerUser(t.app);
    const response = await call<Body>(t.app, {
      method: 'PUT',
      url: '/api/auth/profile',
      token,
      payload: { email: 'taken@example.com', currentPassword: STRONG_PASSWORD },
    });
    expect(response.status).toBe(409);
    expect(response.body.error).toBe(MESSAGES.emailTaken);
  });

  it('changes the password only with the current one', async () => {
    const { token, email } = await registerUser(t.app);
    const put = (payload: object) =>
      call<Body>(t.app, { method: 'PUT', url: '/api/auth/profile', token, payload });

    const without = await put({ newPassword: 'Another1pass' });
    expect(without.status).toBe(400);
    expect(without.body.error).toBe(MESSAGES.currentPasswordRequired);

    const wrong = await put({ newPassword: 'Another1pass', currentPassword: 'Nope-nope1' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe(MESSAGES.wrongCurrentPassword);

    const weak = await put({ newPassword: 'weak', currentPassword: STRONG_PASSWORD });
    expect(weak.status).toBe(400);
    expect(weak.body.error).toMatch(/^New password needs/);

    const changed = await call<{ data: { token?: string } }>(t.app, {
      method: 'PUT',
      url: '/api/auth/profile',
      token,
      payload: { newPassword: 'Another1pass', currentPassword: STRONG_PASSWORD },
    });
    expect(changed.status).toBe(200);
    // Every session from before the change ends; the answer carries this session's new token.
    expect((await call(t.app, { method: 'GET', url: '/api/auth/profile', token })).status).toBe(401);
    const fresh = changed.body.data.token as string;
    expect((await call(t.app, { method: 'GET', url: '/api/auth/profile', token: fresh })).status).toBe(200);
    expect((await login({ email, password: STRONG_PASSWORD })).status).toBe(401);
    expect((await login({ email, password: 'Another1pass' })).status).toBe(200);
  });
});

describe('administrators', () => {
  it('makes accounts named in ADMIN_EMAILS administrators once their address is proven', async () => {
    const { user, token } = await registerUser(t.app, { email: 'Boss@example.com' });
    // The registration's own answer comes before the owner opened the link.
    expect(user.admin).toBe(false);
    const profile = await call<{ data: { user: { admin: boolean; email_verified: boolean } } }>(t.app, {
      method: 'GET',
      url: '/api/auth/profile',
      token,
    });
    expect(profile.body.data.user).toMatchObject({ admin: true, email_verified: true });
  });

  it('makes an account an administrator when promoted', async () => {
    const { token, email } = await registerUser(t.app);
    expect(await usersRepository(t.database.db).setAdmin(email, true)).toBe(true);
    const profile = await call<{ data: { user: { admin: boolean } } }>(t.app, {
      method: 'GET',
      url: '/api/auth/profile',
      token,
    });
    expect(profile.body.data.user.admin).toBe(true);
  });
});
