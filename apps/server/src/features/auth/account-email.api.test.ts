import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { ACCOUNT_EMAIL_MESSAGES, MESSAGES } from '@rrc/contract';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { linkToken, mailCatcherForFile, nthMessageTo, SUBJECTS } from '../../../test/mail.ts';
import { call, createTestApp, registerUser, STRONG_PASSWORD, type TestApp } from '../../../test/test-app.ts';

// Email verification and the email change that waits for it, through a real SMTP server on loopback.

const PUBLIC_URL = 'http://rrc.test';
const mail = mailCatcherForFile();
let t: TestApp;

afterEach(async () => {
  await t?.close();
});

const withMail = (extra: Record<string, string> = {}) =>
  createTestApp({
    SMTP_URL: mail.smtpUrl,
    MAIL_FROM: 'RR Companion <hello@rrc.test>',
    PUBLIC_URL,
    ...extra,
  });

type UserAnswer = { id: number; email: string; email_verified: boolean; pending_email: string | null };
type Answer = { success: boolean; error?: string; data?: Record<string, unknown> };

const post = (url: string, payload?: object, token?: string) =>
  call<Answer>(t.app, { method: 'POST', url, token, ...(payload ? { payload } : {}) });
const profile = async (token: string) =>
  (await call<{ data: { user: UserAnswer } }>(t.app, { method: 'GET', url: '/api/auth/profile', token })).body
    .data.user;
const verifyLink = (message: Parameters<typeof linkToken>[0]) =>
  linkToken(message, PUBLIC_URL, '/verify-email');

describe('verifying the address of a new account', () => {
  it('mails a link in plain text and HTML from MAIL_FROM; opening it once proves the address', async () => {
    t = await withMail();
    const { token } = await registerUser(t.app, { email: 'new@example.com', name: 'Nia', verified: false });
    expect(await profile(token)).toMatchObject({ email_verified: false, pending_email: null });

    const message = await nthMessageTo(mail, 'new@example.com');
    expect(message).toMatchObject({
      from: 'hello@rrc.test',
      to: ['new@example.com'],
      subject: 'Confirm your email address for RR Companion',
    });
    expect(message.text).toMatch(/^Hi Nia,/);
    expect(message.text).toContain('24 hours');
    const link = verifyLink(message);
    expect(message.html).toContain(`href="${PUBLIC_URL}/verify-email?token=${link}"`);

    const verified = await post('/api/auth/verify-email', { token: link }, token);
    expect(verified.body).toEqual({ success: true, data: { email: 'new@example.com', status: 'verified' } });
    expect(await profile(token)).toMatchObject({ email_verified: true });

    const again = await post('/api/auth/verify-email', { token: link }, token);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ success: false, error: ACCOUNT_EMAIL_MESSAGES.verifyLinkInvalid });
  });

  it('keeps only a SHA-256 of the token', async () => {
    t = await withMail();
    await registerUser(t.app, { email: 'hashed@example.com', verified: false });
    const link = verifyLink(await nthMessageTo(mail, 'hashed@example.com'));
    const rows = await t.database.db.selectFrom('email_tokens').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toBe(createHash('sha256').update(link).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(link);
  });

  it('stops working after 24 hours, and a wrong or incomplete link says so', async () => {
    t = await withMail();
    const { token } = await registerUser(t.app, { email: 'late@example.com', verified: false });
    const link = verifyLink(await nthMessageTo(mail, 'late@example.com'));
    t.clock.advance(24 * 60 * 60 * 1000 + 1);
    const late = await post('/api/auth/verify-email', { token: link });
    expect(late.body).toEqual({ success: false, error: ACCOUNT_EMAIL_MESSAGES.verifyLinkInvalid });
    expect(await profile(token)).toMatchObject({ email_verified: false });
    const wrong = await post('/api/auth/verify-email', { token: `${link.slice(0, -2)}xx` });
    expect(wrong.body.error).toBe(ACCOUNT_EMAIL_MESSAGES.verifyLinkInvalid);
    for (const payload of [{}, { token: '' }, { token: 42 }]) {
      const incomplete = await post('/api/auth/verify-email', payload);
      expect(incomplete.status).toBe(400);
      expect(incomplete.body.error).toBe(ACCOUNT_EMAIL_MESSAGES.linkIncomplete);
    }
  });

  it('sends a new link on request, three an hour at most, and none once the address is proven', async () => {
    t = await withMail();
    const { token } = await registerUser(t.app, { email: 'again@example.com', verified: false });
    const visitor = await post('/api/auth/resend-verification');
    expect(visitor.status).toBe(401);
    for (const n of [2, 3]) {
      const resent = await post('/api/auth/resend-verification', undefined, token);
      expect(resent.body).toEqual({ success: true, data: { email: 'again@example.com' } });
      expect((await nthMessageTo(mail, 'again@example.com', n)).text).toContain('Here is a new link');
    }
    const held = await post('/api/auth/resend-verification', undefined, token);
    expect(held.status).toBe(429);
    expect(held.body.error).toBe(ACCOUNT_EMAIL_MESSAGES.tooManyEmails);
    expect(Number(held.headers['retry-after'])).toBe(3600);

    // Every link sent works until one is used.
    const second = verifyLink(await nthMessageTo(mail, 'again@example.com', 2));
    expect((await post('/api/auth/verify-email', { token: second }, token)).status).toBe(200);
    t.clock.advance(60 * 60 * 1000 + 1);
    const done = await post('/api/auth/resend-verification', undefined, token);
    expect(done.status).toBe(409);
    expect(done.body.error).toBe(ACCOUNT_EMAIL_MESSAGES.alreadyVerified);
  });
});

describe('links that do not work', () => {
  it('are limited per client address like failed sign-ins, while working links never are', async () => {
    t = await withMail({ AUTH_RATE_LIMIT: '3' });
    const open = (token: string, remoteAddress = '203.0.113.5') =>
      call<Answer>(t.app, {
        method: 'POST',
        url: '/api/auth/verify-email',
        payload: { token },
        remoteAddress,
      });
    for (let i = 0; i < 3; i++) expect((await open(`wrong-${i}`)).status).toBe(400);
    const held = await open('wrong-again');
    expect(held.status).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
    const reset = await call(t.app, {
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: 'wrong', password: 'Remembered-2026' },
      remoteAddress: '203.0.113.5',
    });
    expect(reset.status).toBe(429);

    // Another address opens its own links, as many as it has.
    for (let i = 0; i < 5; i++) {
      await registerUser(t.app, { email: `many${i}@example.com`, verified: false });
      const link = verifyLink(await nthMessageTo(mail, `many${i}@example.com`));
      expect((await open(link, '198.51.100.1')).status).toBe(200);
    }
  });
});

describe('changing the email address', () => {
  it('keeps the old address until the link mailed to the new one is opened, then moves', async () => {
    t = await withMail();
    const { token } = await registerUser(t.app, { email: 'old@example.com', name: 'Oli' });
    const change = await call<{ data: { user: UserAnswer } }>(t.app, {
      method: 'PUT',
      url: '/api/auth/profile',
      token,
      payload: { email: 'Fresh@Example.com', currentPassword: STRONG_PASSWORD },
    });
    expect(change.body.data.user).toMatchObject({
      email: 'old@example.com',
      email_verified: true,
      pending_email: 'fresh@example.com',
    });
    const message = await nthMessageTo(mail, { to: 'fresh@example.com', subject: SUBJECTS.verifyNew });
    expect(message.text).toContain('keeps its current address until you do');

    // Asking again sends the link for the new address.
    expect((await post('/api/auth/resend-verification', undefined, token)).body.data).toEqual({
      email: 'fresh@example.com',
    });
    await nthMessageTo(mail, 'fresh@example.com', 2);

    const moved = await post('/api/auth/verify-email', { token: verifyLink(message) }, token);
    expect(moved.body).toEqual({ success: true, data: { email: 'fresh@example.com', status: 'verified' } });
    expect(await profile(token)).toMatchObject({
      email: 'fresh@example.com',
      email_verified: true,
      pending_email: null,
    });
    const login = (email: string) =>
      call(t.app, { method: 'POST', url: '/api/auth/login', payload: { email, password: STRONG_PASSWORD } });
    expect((await login('fresh@example.com')).status).toBe(200);
    expect((await login('old@example.com')).status).toBe(401);
  });

  it('refuses an address another account proved; a link for an address given up since no longer works', async () => {
    t = await withMail();
    await registerUser(t.app, { email: 'taken@example.com' });
    const { token } = await registerUser(t.app, { email: 'me@example.com' });
    const put = (email: string) =>
      call<Answer>(t.app, {
        method: 'PUT',
        url: '/api/auth/profile',
        token,
        payload: { email, currentPassword: STRONG_PASSWORD },
      });
    const refused = await put('taken@example.com');
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(MESSAGES.emailTaken);

    expect((await put('first@example.com')).status).toBe(200);
    const first = verifyLink(await nthMessageTo(mail, 'first@example.com'));
    expect((await put('second@example.com')).status).toBe(200);
    const stale = await post('/api/auth/verify-email', { token: first });
    expect(stale.body.error).toBe(ACCOUNT_EMAIL_MESSAGES.verifyLinkInvalid);
    expect(await profile(token)).toMatchObject({
      email: 'me@example.com',
      pending_email: 'second@example.com',
    });
  });

  it('takes an address from an account that never proved it, ending that account’s sessions', async () => {
    t = await withMail();
    const squatter = await registerUser(t.app, { email: 'wanted@example.com', verified: false });
    const { token } = await registerUser(t.app, { email: 'owner@example.com' });
    await call(t.app, {
      method: 'PUT',
      url: '/api/auth/profile',
      token,
      payload: { email: 'wanted@example.com', currentPassword: STRONG_PASSWORD },
    });
    const message = await nthMessageTo(mail, { to: 'wanted@example.com', subject: SUBJECTS.verifyNew });
    expect((await post('/api/auth/verify-email', { token: verifyLink(message) }, token)).status).toBe(200);
    expect(await profile(token)).toMatchObject({ email: 'wanted@example.com', email_verified: true });
    const gone = await call(t.app, { method: 'GET', url: '/api/auth/profile', token: squatter.token });
    expect(gone.status).toBe(401);
  });
});

describe('verification emails to one address', () => {
  /** A signed-in account (its own address proven) that asks to move to `address`. */
  async function claimAddress(address: string) {
    const { token } = await registerUser(t.app);
    const change = await call<Answer>(t.app, {
      method: 'PUT',
      url: '/api/auth/profile',
      token,
      payload: { email: address, currentPassword: STRONG_PASSWORD },
    });
    expect(change.status, JSON.stringify(change.body)).toBe(200);
    return token;
  }

  it('are three an hour at most, whichever accounts ask: the fourth is not sent, a resend is refused', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    t = await createTestApp(
      { SMTP_URL: mail.smtpUrl, PUBLIC_URL },
      { logger: pino({ level: 'info' }, stream) },
    );
    // Four accounts each ask to move to the same inbox, written four ways.
    const tokens: string[] = [];
    for (const address of [
      'victim@example.com',
      'Victim@Example.com',
      'victim+1@example.com',
      'victim+2@example.com',
    ])
      tokens.push(await claimAddress(address));
    // A new account with that address stands, though its link is not sent either.
    const newcomer = await call<Answer>(t.app, {
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'victim+3@example.com', password: STRONG_PASSWORD },
    });
    expect(newcomer.status).toBe(201);
    await t.app.backgroundTasks.idle();
    const toVictim = () =>
      mail.messages().filter((message) => message.to.some((to) => to.startsWith('victim')));
    expect(toVictim()).toHaveLength(3);
    const held = lines
      .map((line) => JSON.parse(line))
      .filter((line) => line.msg === 'email not sent: hourly allowance of the address used');
    expect(held).toHaveLength(2);
    expect(held[0]).toMatchObject({ level: 40, purpose: 'verify-email', reason: 'email-change' });
    expect(held[1]).toMatchObject({ level: 40, purpose: 'verify-email', reason: 'new-account' });

    // The first account has mail of its own left, but the address has none.
    const refused = await post('/api/auth/resend-verification', undefined, tokens[0]);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe(ACCOUNT_EMAIL_MESSAGES.tooManyEmailsToAddress);
    expect(Number(refused.headers['retry-after'])).toBe(3600);
    // Another address is not held up.
    const other = await claimAddress('someone-else@example.com');
    await nthMessageTo(mail, 'someone-else@example.com');
    expect((await post('/api/auth/resend-verification', undefined, other)).status).toBe(200);

    t.clock.advance(60 * 60 * 1000 + 1);
    const later = await post('/api/auth/resend-verification', undefined, tokens[3]);
    expect(later.body).toEqual({ success: true, data: { email: 'victim+2@example.com' } });
    await nthMessageTo(mail, 'victim+2@example.com');
  });
});

describe('names in emails', () => {
  it('a name with a line break or another control character is refused, on registration and on a change', async () => {
    t = await withMail();
    const registration = await call<Answer>(t.app, {
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'crlf@example.com', password: STRONG_PASSWORD, name: 'Rita\r\nBcc: x@example.com' },
    });
    expect(registration.status).toBe(400);
    expect(registration.body).toEqual({ success: false, error: MESSAGES.nameControlCharacters });
    const { token } = await registerUser(t.app, { name: 'Rita' });
    for (const name of ['Rita\tSkeeter', 'Rita\u2028', '\u0085Rita']) {
      const change = await call<Answer>(t.app, {
        method: 'PUT',
        url: '/api/auth/profile',
        token,
        payload: { name },
      });
      expect(change.status).toBe(400);
      expect(change.body).toEqual({ success: false, error: MESSAGES.nameControlCharacters });
    }
    expect(await profile(token)).toMatchObject({ name: 'Rita' });
  });

  it('a name stored before is greeted without its control characters', async () => {
    t = await withMail();
    const { token } = await registerUser(t.app, { email: 'old-row@example.com', verified: false });
    await t.database.db
      .updateTable('users')
      .set({ name: 'Old\r\n\r\nYour account is locked\u2028\u001b\u0085' })
      .where('email', '=', 'old-row@example.com')
      .execute();
    expect((await post('/api/auth/resend-verification', undefined, token)).status).toBe(200);
    const message = await nthMessageTo(mail, 'old-row@example.com', 2);
    expect(message.text.split('\n')[0]).toBe('Hi OldYour account is locked,');
    expect(message.html).toContain('>Hi OldYour account is locked,</p>');
  });
});

describe('without an SMTP server', () => {
  it('still registers and signs in, says the links cannot be sent, and tells the web app', async () => {
    t = await createTestApp({ PUBLIC_URL });
    const { token } = await registerUser(t.app, { email: 'quiet@example.com', verified: false });
    expect(await profile(token)).toMatchObject({ email_verified: false });
    expect(await t.database.db.selectFrom('email_tokens').selectAll().execute()).toEqual([]);

    const resend = await post('/api/auth/resend-verification', undefined, token);
    expect(resend.status).toBe(503);
    expect(resend.body.error).toBe(ACCOUNT_EMAIL_MESSAGES.mailUnavailable);
    const forgot = await post('/api/auth/forgot-password', { email: 'quiet@example.com' });
    expect(forgot.status).toBe(503);
    expect(forgot.body.error).toBe(ACCOUNT_EMAIL_MESSAGES.resetUnavailable);
    // The same answer for an address nobody uses.
    expect((await post('/api/auth/forgot-password', { email: 'nobody@example.com' })).body).toEqual(
      forgot.body,
    );

    const config = await call<{ data: { email_enabled: boolean } }>(t.app, {
      method: 'GET',
      url: '/api/config',
    });
    expect(config.body.data.email_enabled).toBe(false);
    await t.close();
    t = await withMail();
    const on = await call<{ data: { email_enabled: boolean } }>(t.app, { method: 'GET', url: '/api/config' });
    expect(on.body.data.email_enabled).toBe(true);
  });
});

describe('when the mail server fails', () => {
  it('keeps the account, logs the failure with its context (never the link), and sends once asked again', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    t = await createTestApp(
      { SMTP_URL: mail.smtpUrl, PUBLIC_URL },
      { logger: pino({ level: 'info' }, stream) },
    );
    mail.refuse(true);
    const { token, user } = await registerUser(t.app, { email: 'unlucky@example.com', verified: false });
    await t.app.backgroundTasks.idle();
    expect(mail.messages()).toEqual([]);
    const failures = lines
      .map((line) => JSON.parse(line))
      .filter((line) => line.msg === 'mail could not be sent');
    expect(failures).toEqual([
      expect.objectContaining({
        level: 50,
        component: 'mail',
        purpose: 'verify-email',
        reason: expect.stringMatching(/451/),
        userId: user.id,
        attempt: 2,
      }),
    ]);
    const link = await t.database.db
      .selectFrom('email_tokens')
      .select('token_hash')
      .executeTakeFirstOrThrow();
    expect(lines.join('\n')).not.toContain(link.token_hash);
    expect(lines.join('\n')).not.toMatch(/token=/);

    // The account is there, and a second try gets through once the server is back.
    expect(await profile(token)).toMatchObject({ email: 'unlucky@example.com' });
    mail.refuse(false);
    expect((await post('/api/auth/resend-verification', undefined, token)).status).toBe(200);
    await nthMessageTo(mail, 'unlucky@example.com');
  });
});
