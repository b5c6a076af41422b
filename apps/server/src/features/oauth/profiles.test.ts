import { describe, expect, it } from 'vitest';
import { discordIdentity, githubIdentity, mergeOidcClaims, oidcIdentity, ProfileError } from './profiles.ts';
import { cookieValues, sameSecret, stateCookies } from './state-cookie.ts';

describe('provider profiles', () => {
  it('reads OpenID Connect claims', () => {
    expect(oidcIdentity({ sub: 'abc', email: 'a@example.com', email_verified: true, name: ' Ann ' })).toEqual(
      {
        providerUserId: 'abc',
        email: 'a@example.com',
        emailVerified: true,
        name: 'Ann',
      },
    );
    expect(
      oidcIdentity({ sub: 'abc', email: 'a@example.com', given_name: 'Ann', family_name: 'Lee' }),
    ).toEqual({
      providerUserId: 'abc',
      email: 'a@example.com',
      emailVerified: false,
      name: 'Ann Lee',
    });
    expect(oidcIdentity({ sub: 'abc', email_verified: true, preferred_username: 'ann' })).toMatchObject({
      email: null,
      emailVerified: false,
      name: 'ann',
    });
    expect(() => oidcIdentity({ email: 'a@example.com' })).toThrow(ProfileError);
    expect(() => oidcIdentity('nope')).toThrow(ProfileError);
  });

  it('merges id token and userinfo claims, refusing userinfo about someone else', () => {
    expect(
      mergeOidcClaims({ sub: 'a', email: 'x@example.com', email_verified: true }, { sub: 'a', name: 'N' }),
    ).toEqual({
      sub: 'a',
      email: 'x@example.com',
      email_verified: true,
      name: 'N',
    });
    // A different email from userinfo does not inherit the id token's verification.
    expect(
      mergeOidcClaims(
        { sub: 'a', email: 'x@example.com', email_verified: true },
        { sub: 'a', email: 'y@example.com' },
      ),
    ).toEqual({ sub: 'a', email: 'y@example.com' });
    expect(() => mergeOidcClaims({ sub: 'a' }, { sub: 'b' })).toThrow(ProfileError);
    expect(mergeOidcClaims(null, { sub: 'b' })).toEqual({ sub: 'b' });
  });

  it('takes the primary verified GitHub email, else another verified one, else the public one unverified', () => {
    const user = { id: 42, login: 'octo', name: null, email: 'public@example.com' };
    expect(
      githubIdentity(user, [
        { email: 'other@example.com', verified: true, primary: false },
        { email: 'main@example.com', verified: true, primary: true },
      ]),
    ).toEqual({ providerUserId: '42', email: 'main@example.com', emailVerified: true, name: 'octo' });
    expect(
      githubIdentity(user, [
        { email: 'main@example.com', verified: false, primary: true },
        { email: 'other@example.com', verified: true, primary: false },
      ]),
    ).toMatchObject({ email: 'other@example.com', emailVerified: true });
    expect(
      githubIdentity(user, [{ email: 'main@example.com', verified: false, primary: true }]),
    ).toMatchObject({
      email: 'public@example.com',
      emailVerified: false,
    });
    expect(githubIdentity({ ...user, email: null }, { message: 'Not Found' })).toMatchObject({
      email: null,
      emailVerified: false,
    });
    expect(() => githubIdentity({ login: 'x' }, [])).toThrow(ProfileError);
  });

  it('reads Discord users with their verified flag', () => {
    expect(
      discordIdentity({
        id: '80351110224678912',
        username: 'nelly',
        global_name: 'Nelly',
        email: 'n@example.com',
        verified: true,
      }),
    ).toEqual({
      providerUserId: '80351110224678912',
      email: 'n@example.com',
      emailVerified: true,
      name: 'Nelly',
    });
    expect(
      discordIdentity({ id: '1', username: 'nelly', email: 'n@example.com', verified: false }),
    ).toMatchObject({
      emailVerified: false,
      name: 'nelly',
    });
    expect(() => discordIdentity({ username: 'x' })).toThrow(ProfileError);
  });
});

describe('state cookie', () => {
  const clock = { now: new Date('2026-11-21T12:00:00Z') };
  const cookies = stateCookies({ jwtSecret: 'x'.repeat(40), secure: true, now: () => clock.now });

  it('round-trips, expires after ten minutes and rejects another key', async () => {
    const header = await cookies.issue({ provider: 'oidc', state: 's1', codeVerifier: 'v1', fictionId: 9 });
    expect(header).toMatch(/; Max-Age=600; Path=\/api\/oauth; HttpOnly; SameSite=Lax; Secure$/);
    const pair = header.split(';')[0] ?? '';
    expect(await cookies.read(`theme=dark; ${pair}`)).toEqual({
      provider: 'oidc',
      state: 's1',
      codeVerifier: 'v1',
      fictionId: 9,
    });
    const other = stateCookies({ jwtSecret: 'y'.repeat(40), secure: true, now: () => clock.now });
    expect(await other.read(pair)).toBeNull();
    clock.now = new Date(clock.now.getTime() + 10 * 60 * 1000 + 1000);
    expect(await cookies.read(pair)).toBeNull();
    expect(cookies.clear()).toMatch(/^rrc_oauth=; Max-Age=0;/);
  });

  it('parses cookie headers and compares secrets', () => {
    expect(cookieValues('a=1; rrc_oauth=x.y.z; rrc_oauth=q', 'rrc_oauth')).toEqual(['x.y.z', 'q']);
    expect(cookieValues(undefined, 'rrc_oauth')).toEqual([]);
    expect(cookieValues('rrc_oauth=', 'rrc_oauth')).toEqual([]);
    expect(sameSecret('abc', 'abc')).toBe(true);
    expect(sameSecret('abc', 'abd')).toBe(false);
    expect(sameSecret('abc', 'abcd')).toBe(false);
  });
});
