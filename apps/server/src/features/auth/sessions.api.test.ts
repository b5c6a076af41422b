import { MESSAGES } from '@rrc/contract';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { testAppForEach } from '../../../test/hooks.ts';
import {
  call,
  createTestApp,
  registerUser,
  STRONG_PASSWORD,
  TEST_JWT_SECRET,
} from '../../../test/test-app.ts';

// Signing out ends the session on the server: a copied token stops working at once, not a week later.

const t = testAppForEach(() => createTestApp());

type Answer = { success: boolean; error?: string; data?: { sessionsEnded: number } };

const profile = async (token: string) =>
  (await call(t.app, { method: 'GET', url: '/api/auth/profile', token })).status;
const post = (url: string, token?: string) => call<Answer>(t.app, { method: 'POST', url, token });
async function signIn(email: string): Promise<string> {
  const response = await call<{ data: { token: string } }>(t.app, {
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: STRONG_PASSWORD },
  });
  expect(response.status).toBe(200);
  return response.body.data.token;
}

describe('signing out', () => {
  it('ends the session it is sent with; the account’s other sessions go on', async () => {
    const { token, email } = await registerUser(t.app);
    const phone = await signIn(email);
    const copied = token;

    const out = await post('/api/auth/logout', token);
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: true, data: { sessionsEnded: 1 } });
    // Within the minute its signature check is remembered, too.
    expect(await profile(copied)).toBe(401);
    expect((await call(t.app, { method: 'GET', url: '/api/userFictions/stats', token: copied })).status).toBe(
      401,
    );
    expect(await profile(phone)).toBe(200);

    const again = await post('/api/auth/logout', token);
    expect(again.status).toBe(401);
    expect(again.body).toEqual({ success: false, error: MESSAGES.sessionExpired });
    const nobody = await post('/api/auth/logout');
    expect(nobody.status).toBe(401);
    expect(nobody.body).toEqual({ success: false, error: MESSAGES.signInRequired });
  });

  it('everywhere ends every session of the account, and no other account’s', async () => {
    const { token, email } = await registerUser(t.app);
    const others = [await signIn(email), await signIn(email)];
    const someoneElse = await registerUser(t.app);

    const out = await post('/api/auth/logout-all', others[0]);
    expect(out.body).toEqual({ success: true, data: { sessionsEnded: 3 } });
    for (const each of [token, ...others]) expect(await profile(each)).toBe(401);
    expect((await post('/api/auth/logout-all', token)).status).toBe(401);
    expect(await profile(someoneElse.token)).toBe(200);
    // Signing in again opens a new session.
    expect(await profile(await signIn(email))).toBe(200);
  });
});

describe('session tokens', () => {
  it('a validly signed token that names no session (as every token did before) opens nothing', async () => {
    const { user } = await registerUser(t.app);
    const old = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuer('rr-companion')
      .setAudience('rr-companion-api')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    const response = await call(t.app, { method: 'GET', url: '/api/auth/profile', token: old });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ success: false, error: MESSAGES.sessionExpired });
  });

  it('a session past its end opens nothing, and ended sessions do not pile up', async () => {
    const { token, user, email } = await registerUser(t.app);
    const sessions = () =>
      t.database.db
        .selectFrom('sessions')
        .select(['id', 'expires_at'])
        .where('user_id', '=', user.id)
        .execute();
    const [row] = await sessions();
    if (!row) throw new Error('registration opened no session');
    // A week from its start, the same as the token's own expiry.
    expect(Date.parse(row.expires_at) - Date.now()).toBeGreaterThan(7 * 24 * 3_600_000 - 60_000);
    await t.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', row.id)
      .execute();
    expect(await profile(token)).toBe(401);
    // The next sign-in (anyone's) clears it out.
    await signIn(email);
    expect((await sessions()).map((each) => each.id)).not.toContain(row.id);
    expect(await sessions()).toHaveLength(1);
  });

  it('a new password ends every session; the browser that chose it goes on in a new one', async () => {
    const { token, email } = await registerUser(t.app);
    const laptop = await signIn(email);
    const changed = await call<{ data: { token: string } }>(t.app, {
      method: 'PUT',
      url: '/api/auth/profile',
      token,
      payload: { currentPassword: STRONG_PASSWORD, newPassword: 'Another-pass-2026' },
    });
    expect(changed.status).toBe(200);
    for (const each of [token, laptop]) expect(await profile(each)).toBe(401);
    expect(await profile(changed.body.data.token)).toBe(200);
    const left = await t.database.db.selectFrom('sessions').selectAll().execute();
    expect(left).toHaveLength(1);
  });
});
