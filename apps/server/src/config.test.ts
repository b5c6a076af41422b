import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('configuration', () => {
  it('starts with no variables at all, on SQLite under ./data', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:3000',
      databaseUrl: 'sqlite:./data/rrcompanion.db',
      adminEmails: [],
      authRateLimit: 10,
      royalroad: { baseUrl: 'https://www.royalroad.com', intervalMs: 1000 },
      scheduler: true,
      role: 'all',
      jwtSecret: undefined,
    });
  });

  it('derives the public URL from the port', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
  });

  it('lists every bad variable at once', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://db',
      ROLE: 'boss',
      SCHEDULER: 'maybe',
      ROYALROAD_BASE_URL: 'ftp://x',
      SCRAPE_INTERVAL_MS: '-5',
      JWT_SECRET: 'short',
    });
    expect(problems).toHaveLength(7);
    expect(problems.join('\n')).toMatch(/PORT/);
    expect(problems.join('\n')).toMatch(/DATABASE_URL/);
    expect(problems.join('\n')).toMatch(/ROLE/);
    expect(problems.join('\n')).toMatch(/SCHEDULER/);
    expect(problems.join('\n')).toMatch(/ROYALROAD_BASE_URL/);
    expect(problems.join('\n')).toMatch(/SCRAPE_INTERVAL_MS/);
    expect(problems.join('\n')).toMatch(/JWT_SECRET/);
  });

  it('takes a contact address for donors only when it is an email address', () => {
    expect(loadConfig({}).contactEmail).toBeUndefined();
    expect(loadConfig({ CONTACT_EMAIL: ' coffee@example.com ' }).contactEmail).toBe('coffee@example.com');
    expect(problemsOf({ CONTACT_EMAIL: 'coffee at example' })).toEqual([
      'CONTACT_EMAIL must be an email address',
    ]);
  });

  it('requires JWT_SECRET in production', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      'JWT_SECRET is required when NODE_ENV=production',
    ]);
    expect(problemsOf({ NODE_ENV: 'production', JWT_SECRET: 'p'.repeat(40) })).toEqual([]);
  });

  it('reads admin emails as a trimmed, lowercased list', () => {
    expect(loadConfig({ ADMIN_EMAILS: ' Boss@Example.com, ,ops@example.com ' }).adminEmails).toEqual([
      'boss@example.com',
      'ops@example.com',
    ]);
  });

  it('enables an OAuth provider only with both id and secret', () => {
    expect(problemsOf({ OAUTH_GITHUB_CLIENT_ID: 'id' })).toEqual([
      'OAUTH_GITHUB_CLIENT_ID and OAUTH_GITHUB_CLIENT_SECRET must be set together',
    ]);
    const config = loadConfig({
      OAUTH_OIDC_ISSUER: 'http://127.0.0.1:9000/',
      OAUTH_OIDC_CLIENT_ID: 'client',
      OAUTH_OIDC_CLIENT_SECRET: 'secret',
    });
    expect(config.oauth.oidc).toEqual({
      issuer: 'http://127.0.0.1:9000',
      clientId: 'client',
      clientSecret: 'secret',
      name: 'OpenID Connect',
    });
  });

  it('never believes every proxy: TRUST_PROXY=true is the one proxy in front, or a count, or addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,loopback,::1' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      'loopback',
      '::1',
    ]);
    for (const bad of ['yes', '10.0.0.300', '10.0.0.0/33', 'proxy.example.com', '10.0.0.1/8/8']) {
      expect(problemsOf({ TRUST_PROXY: bad }), bad).toEqual([
        'TRUST_PROXY must be true, a number of proxies, or their addresses/CIDRs separated by commas',
      ]);
    }
  });

  it('limits accounts made per address to 20 an hour unless told otherwise', () => {
    expect(loadConfig({}).registrationRateLimit).toBe(20);
    expect(loadConfig({ REGISTRATION_RATE_LIMIT: '500' }).registrationRateLimit).toBe(500);
    expect(problemsOf({ REGISTRATION_RATE_LIMIT: '0' })).toEqual([
      'REGISTRATION_RATE_LIMIT must be between 1 and 1000000',
    ]);
  });

  it('sends mail only with an SMTP server, from MAIL_FROM or a no-reply address of PUBLIC_URL', () => {
    expect(loadConfig({}).mail).toEqual({ smtpUrl: undefined, from: 'RR Companion <no-reply@localhost>' });
    expect(loadConfig({ PUBLIC_URL: 'https://rrcompanion.example' }).mail.from).toBe(
      'RR Companion <no-reply@rrcompanion.example>',
    );
    expect(
      loadConfig({ SMTP_URL: 'smtp://user:secret@mail.example:587', MAIL_FROM: 'Reading <hi@example.com>' })
        .mail,
    ).toEqual({ smtpUrl: 'smtp://user:secret@mail.example:587', from: 'Reading <hi@example.com>' });
    expect(loadConfig({ SMTP_URL: 'smtps://mail.example' }).mail.smtpUrl).toBe('smtps://mail.example');
    for (const bad of ['mail.example:587', 'http://mail.example', 'smtp://']) {
      expect(problemsOf({ SMTP_URL: bad }), bad).toEqual([
        'SMTP_URL must look like smtp://user:password@host:587 or smtps://host:465',
      ]);
    }
    expect(problemsOf({ MAIL_FROM: 'nobody' })).toEqual([
      'MAIL_FROM must be an address, like RR Companion <no-reply@example.com>',
    ]);
  });

  it('serves metrics only with METRICS_TOKEN or METRICS_PORT, and says what is wrong with them', () => {
    expect(loadConfig({}).metrics).toEqual({ token: undefined, port: undefined });
    expect(loadConfig({ METRICS_TOKEN: 'a-long-enough-token', METRICS_PORT: '9464' }).metrics).toEqual({
      token: 'a-long-enough-token',
      port: 9464,
    });
    expect(problemsOf({ METRICS_TOKEN: 'short' })).toEqual([
      'METRICS_TOKEN must be at least 16 characters, without spaces',
    ]);
    expect(problemsOf({ METRICS_TOKEN: 'a long token with spaces' })).toHaveLength(1);
    expect(problemsOf({ METRICS_PORT: 'nine' })).toEqual(['METRICS_PORT must be a whole number']);
    expect(problemsOf({ METRICS_PORT: '70000' })).toEqual(['METRICS_PORT must be between 0 and 65535']);
    expect(problemsOf({ PORT: '8080', METRICS_PORT: '8080' })).toEqual([
      'METRICS_PORT must differ from PORT (it is a second listener for /metrics alone)',
    ]);
  });

  it('drains behind a load balancer (production web instances) and stops at once otherwise', () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) };
    expect(loadConfig({ ...production, ROLE: 'web' }).shutdown).toEqual({ delayMs: 5000, graceMs: 10_000 });
    expect(loadConfig({ ...production, ROLE: 'all' }).shutdown.delayMs).toBe(0);
    expect(loadConfig({ ...production, ROLE: 'worker' }).shutdown.delayMs).toBe(0);
    expect(loadConfig({ ROLE: 'web' }).shutdown.delayMs).toBe(0);
    expect(
      loadConfig({ ROLE: 'all', SHUTDOWN_DELAY_MS: '2000', SHUTDOWN_GRACE_MS: '30000' }).shutdown,
    ).toEqual({ delayMs: 2000, graceMs: 30_000 });
    expect(problemsOf({ SHUTDOWN_GRACE_MS: '-1' })).toEqual(['SHUTDOWN_GRACE_MS must be a whole number']);
    expect(problemsOf({ SHUTDOWN_DELAY_MS: '700000' })).toEqual([
      'SHUTDOWN_DELAY_MS must be between 0 and 600000',
    ]);
  });

  it('treats blank variables as unset', () => {
    expect(loadConfig({ PORT: '', ADMIN_EMAILS: '' }).port).toBe(3000);
  });
});
