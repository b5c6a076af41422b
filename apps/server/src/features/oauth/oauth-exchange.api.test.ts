import { OAUTH_MESSAGES } from '@rrc/contract';
import { describe, expect, it } from 'vitest';
import { testAppForEach } from '../../../test/hooks.ts';
import { call, createSharedTestDatabase, createTestApp } from '../../../test/test-app.ts';
import { exchange, mockProvider, signedIn } from './oauth-flow.test-helpers.ts';

// A finished provider sign-in lands on /oauth/callback with a one-time code, never a session token: the
// page exchanges the code once, within a minute, from the browser that signed in.

const provider = mockProvider();

const t = testAppForEach(() => createTestApp(provider.oidcEnv()));
let people = 0;

function someone() {
  people += 1;
  return { sub: `exchange-${people}`, email: `exchange-${people}@example.com`, email_verified: true };
}

const refused = { success: false, error: OAUTH_MESSAGES.stateInvalid };

async function profileOf(token: string) {
  return call<{ data: { user: { email: string } } }>(t.app, {
    method: 'GET',
    url: '/api/auth/profile',
    token,
  });
}

describe('finishing a provider sign-in', () => {
  it('puts no session in the address: the code opens it once, and only with the cookie the callback set', async () => {
    const person = someone();
    const landed = await provider.signIn(t.app, person);
    expect(landed.location).toMatch(/^\/oauth\/callback\?code=[\w-]{43}$/);
    expect(landed.location).not.toMatch(/token|user|@/);
    const code = landed.url.searchParams.get('code') ?? '';

    const answer = await exchange(t.app, code, landed.cookie);
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    // The cookie is good for one exchange.
    expect(String(answer.headers['set-cookie'])).toMatch(/^rrc_oauth=; Max-Age=0;.*Path=\/api\/oauth/);
    expect(answer.body.data.user.email).toBe(person.email);
    expect((await profileOf(answer.body.data.token)).body.data.user.email).toBe(person.email);

    // Used twice: refused, even from the same browser.
    const again = await exchange(t.app, code, landed.cookie);
    expect(again.status).toBe(400);
    expect(again.body).toEqual(refused);
  });

  it('refuses a code sent from another browser (a link to /oauth/callback signs nobody into someone else’s account)', async () => {
    // Someone finishes a sign-in of their own and sends the link of the page to a victim.
    const attackerIdentity = someone();
    const attacker = await provider.signIn(t.app, attackerIdentity);
    const code = attacker.url.searchParams.get('code') ?? '';
    // The victim's browser has no cookie, or the cookie of a sign-in of its own.
    const victim = await provider.signIn(t.app, someone());
    for (const cookie of [undefined, victim.cookie, 'rrc_oauth=forged.cookie.value']) {
      const answer = await exchange(t.app, code, cookie);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual(refused);
      expect(answer.body).not.toHaveProperty('data');
    }
    // Those tries used nothing up: the browser that signed in still gets its session.
    expect((await signedIn(t.app, attacker)).user.email).toBe(attackerIdentity.email);
    expect((await signedIn(t.app, victim)).user.email).not.toBe(attackerIdentity.email);
  });

  it('refuses a code used after its minute', async () => {
    const landed = await provider.signIn(t.app, someone());
    t.clock.advance(61_000);
    const answer = await exchange(t.app, landed.url.searchParams.get('code') ?? '', landed.cookie);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(refused);
  });

  it('refuses the state cookie of a sign-in still under way in place of the exchange cookie', async () => {
    const landed = await provider.signIn(t.app, someone());
    const answer = await exchange(t.app, landed.url.searchParams.get('code') ?? '', landed.started.cookie);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(refused);
  });

  it('refuses a missing, empty or oversized code with 400 and a message', async () => {
    for (const [payload, error] of [
      [{}, 'code is required.'],
      [{ code: '' }, 'code is required.'],
      [{ code: 'x'.repeat(201) }, 'code is too long.'],
    ] as const) {
      const answer = await call(t.app, { method: 'POST', url: '/api/oauth/exchange', payload });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ success: false, error });
    }
  });

  it('lets any web process take the exchange, once: the codes are in the database', async () => {
    const shared = await createSharedTestDatabase();
    const first = await createTestApp(provider.oidcEnv({ DATABASE_URL: shared.url }));
    const second = await createTestApp(provider.oidcEnv({ DATABASE_URL: shared.url }));
    try {
      const person = someone();
      const landed = await provider.signIn(first.app, person);
      const code = landed.url.searchParams.get('code') ?? '';
      const taken = await exchange(second.app, code, landed.cookie);
      expect(taken.status).toBe(200);
      expect(taken.body.data.user.email).toBe(person.email);
      expect((await exchange(first.app, code, landed.cookie)).status).toBe(400);
    } finally {
      await first.close();
      await second.close();
      await shared.close();
    }
  });

  it('keeps only hashes of the code and the browser state, and clears out expired codes', async () => {
    const landed = await provider.signIn(t.app, someone());
    const code = landed.url.searchParams.get('code') ?? '';
    const rows = await t.database.db.selectFrom('oauth_exchange_codes').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(code);
    expect(JSON.stringify(rows)).not.toContain(landed.back.get('state') ?? 'no state');

    t.clock.advance(2 * 60_000);
    await provider.signIn(t.app, someone());
    expect(await t.database.db.selectFrom('oauth_exchange_codes').selectAll().execute()).toHaveLength(1);
  });
});
