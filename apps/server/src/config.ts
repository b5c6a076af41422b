import { z } from 'zod';
import { trustedProxies } from './trusted-proxies.ts';

const ROLES = ['web', 'worker', 'all'] as const;
export type Role = (typeof ROLES)[number];

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

const httpUrl = (name: string) =>
  z
    .string()
    .trim()
    .refine((value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'http:' || url.protocol === 'https:';
      } catch {
        return false;
      }
    }, `${name} must be an http(s) URL`)
    .transform((value) => value.replace(/\/+$/, ''));

const integer = (name: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `${name} must be a whole number`)
    .transform(Number)
    .refine((value) => value >= min && value <= max, `${name} must be between ${min} and ${max}`);

const onOff = (name: string) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .refine((value) => ['on', 'off', 'true', 'false', '1', '0'].includes(value), `${name} must be on or off`)
    .transform((value) => ['on', 'true', '1'].includes(value));

const databaseUrl = z
  .string()
  .trim()
  .refine(
    (value) => value.startsWith('sqlite:') || /^postgres(ql)?:\/\//.test(value),
    'DATABASE_URL must be sqlite:<path>, sqlite::memory: or postgres://…',
  );

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: integer('PORT', 0, 65535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  PUBLIC_URL: httpUrl('PUBLIC_URL').optional(),
  DATABASE_URL: databaseUrl.default('sqlite:./data/rrcompanion.db'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  JWT_SECRET: optionalText.refine(
    (value) => value === undefined || value.length >= 32,
    'JWT_SECRET must be at least 32 characters',
  ),
  JWT_EXPIRES_IN: z
    .string()
    .trim()
    .regex(/^\d+[smhd]$/, 'JWT_EXPIRES_IN must look like 7d, 12h, 30m or 3600s')
    .default('7d'),
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    ),
  AUTH_RATE_LIMIT: integer('AUTH_RATE_LIMIT', 1, 1_000_000).default(10),
  REGISTRATION_RATE_LIMIT: integer('REGISTRATION_RATE_LIMIT', 1, 1_000_000).default(20),
  ROYALROAD_BASE_URL: httpUrl('ROYALROAD_BASE_URL').default('https://www.royalroad.com'),
  SCRAPE_INTERVAL_MS: integer('SCRAPE_INTERVAL_MS', 0, 3_600_000).default(1000),
  SCHEDULER: onOff('SCHEDULER').default(true),
  ROLE: z.enum(ROLES, { error: `ROLE must be one of ${ROLES.join(', ')}` }).default('all'),
  TRUST_PROXY: z
    .string()
    .trim()
    .default('')
    .refine(
      (value) => trustedProxies(value) !== null,
      'TRUST_PROXY must be true, a number of proxies, or their addresses/CIDRs separated by commas',
    ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_API_URL: httpUrl('STRIPE_API_URL').optional(),
  CONTACT_EMAIL: optionalText.refine(
    (value) => value === undefined || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value),
    'CONTACT_EMAIL must be an email address',
  ),
  OAUTH_GOOGLE_CLIENT_ID: optionalText,
  OAUTH_GOOGLE_CLIENT_SECRET: optionalText,
  OAUTH_GITHUB_CLIENT_ID: optionalText,
  OAUTH_GITHUB_CLIENT_SECRET: optionalText,
  OAUTH_DISCORD_CLIENT_ID: optionalText,
  OAUTH_DISCORD_CLIENT_SECRET: optionalText,
  OAUTH_OIDC_ISSUER: httpUrl('OAUTH_OIDC_ISSUER').optional(),
  OAUTH_OIDC_CLIENT_ID: optionalText,
  OAUTH_OIDC_CLIENT_SECRET: optionalText,
  OAUTH_OIDC_NAME: optionalText,
  WEBHOOK_ALLOW_PRIVATE: onOff('WEBHOOK_ALLOW_PRIVATE').default(false),
  SMTP_URL: optionalText.refine((value) => value === undefined || smtpUrl(value), {
    message: 'SMTP_URL must look like smtp://user:password@host:587 or smtps://host:465',
  }),
  METRICS_TOKEN: optionalText.refine(
    (value) => value === undefined || /^[\x21-\x7e]{16,}$/.test(value),
    'METRICS_TOKEN must be at least 16 characters, without spaces',
  ),
  METRICS_PORT: integer('METRICS_PORT', 0, 65535).optional(),
  SHUTDOWN_DELAY_MS: integer('SHUTDOWN_DELAY_MS', 0, 600_000).optional(),
  SHUTDOWN_GRACE_MS: integer('SHUTDOWN_GRACE_MS', 0, 600_000).default(10_000),
  MAIL_FROM: optionalText.refine(
    (value) => value === undefined || /^(?:[^<>@]*<)?[^\s@<>]+@[^\s@<>]+(?:>)?$/.test(value),
    'MAIL_FROM must be an address, like RR Companion <no-reply@example.com>',
  ),
});

/** An SMTP server's address: smtp:// (STARTTLS when offered) or smtps:// (TLS from the start), with a host. */
function smtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
  } catch {
    return false;
  }
}

type OAuthClient = { clientId: string; clientSecret: string };

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl: string;
  dataDir: string;
  /** Undefined until resolved: see `resolveJwtSecret`. */
  jwtSecret: string | undefined;
  jwtExpiresIn: string;
  adminEmails: string[];
  authRateLimit: number;
  /** Accounts that may be created per hour per address. */
  registrationRateLimit: number;
  royalroad: { baseUrl: string; intervalMs: number };
  scheduler: boolean;
  role: Role;
  logLevel: string;
  /**
   * Which proxies to believe for client addresses: none (false), the nearest N hops, or those at these
   * addresses/CIDRs. The client is the right-most address in X-Forwarded-For that is not a trusted proxy.
   */
  trustProxy: false | number | string[];
  stripe: { secretKey?: string; publishableKey?: string; webhookSecret?: string; apiUrl?: string };
  /** Where people write to us (shown to donors, e.g. to stop a monthly donation made without an account). */
  contactEmail: string | undefined;
  /** Outgoing mail: no SMTP server means no mail (features that need it say so). */
  mail: { smtpUrl: string | undefined; from: string };
  /** Webhooks may call loopback and private addresses, and plain http (self-hosting, tests). */
  webhookAllowPrivate: boolean;
  /**
   * Who may read /metrics: bearers of `token` on the main port, or anyone on a port of its own (`port`,
   * where the main port answers 404); with neither, nobody.
   */
  metrics: { token: string | undefined; port: number | undefined };
  /**
   * On SIGTERM: how long the process keeps serving while not ready (so a load balancer takes it out of
   * rotation), then how long it waits for requests in flight before closing their connections.
   */
  shutdown: { delayMs: number; graceMs: number };
  oauth: {
    google?: OAuthClient;
    github?: OAuthClient;
    discord?: OAuthClient;
    oidc?: OAuthClient & { issuer: string; name: string };
  };
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

function pair(id: string | undefined, secret: string | undefined): OAuthClient | undefined {
  return id && secret ? { clientId: id, clientSecret: secret } : undefined;
}

/** Reads every setting once; lists every bad variable together. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Blank variables count as unset, so `PORT=` falls back to the default.
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? 'environment');
        return issue.message.startsWith(name) ? issue.message : `${name}: ${issue.message}`;
      }),
    );
  }
  const e = parsed.data;
  const problems: string[] = [];
  const pairs: Array<[string, string | undefined, string | undefined]> = [
    ['OAUTH_GOOGLE', e.OAUTH_GOOGLE_CLIENT_ID, e.OAUTH_GOOGLE_CLIENT_SECRET],
    ['OAUTH_GITHUB', e.OAUTH_GITHUB_CLIENT_ID, e.OAUTH_GITHUB_CLIENT_SECRET],
    ['OAUTH_DISCORD', e.OAUTH_DISCORD_CLIENT_ID, e.OAUTH_DISCORD_CLIENT_SECRET],
  ];
  for (const [prefix, id, secret] of pairs) {
    if (Boolean(id) !== Boolean(secret))
      problems.push(`${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET must be set together`);
  }
  const oidcParts = [e.OAUTH_OIDC_ISSUER, e.OAUTH_OIDC_CLIENT_ID, e.OAUTH_OIDC_CLIENT_SECRET];
  if (oidcParts.some(Boolean) && !oidcParts.every(Boolean)) {
    problems.push(
      'OAUTH_OIDC_ISSUER, OAUTH_OIDC_CLIENT_ID and OAUTH_OIDC_CLIENT_SECRET must be set together',
    );
  }
  if (e.NODE_ENV === 'production' && !e.JWT_SECRET) {
    problems.push('JWT_SECRET is required when NODE_ENV=production');
  }
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT !== 0 && e.METRICS_PORT === e.PORT)
    problems.push('METRICS_PORT must differ from PORT (it is a second listener for /metrics alone)');
  if (problems.length > 0) throw new ConfigError(problems);

  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    jwtSecret: e.JWT_SECRET,
    jwtExpiresIn: e.JWT_EXPIRES_IN,
    adminEmails: e.ADMIN_EMAILS,
    authRateLimit: e.AUTH_RATE_LIMIT,
    registrationRateLimit: e.REGISTRATION_RATE_LIMIT,
    royalroad: { baseUrl: e.ROYALROAD_BASE_URL, intervalMs: e.SCRAPE_INTERVAL_MS },
    scheduler: e.SCHEDULER,
    role: e.ROLE,
    logLevel: e.LOG_LEVEL,
    trustProxy: trustedProxies(e.TRUST_PROXY) ?? false,
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      apiUrl: e.STRIPE_API_URL,
    },
    contactEmail: e.CONTACT_EMAIL,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? `RR Companion <no-reply@${new URL(e.PUBLIC_URL ?? 'http://localhost').hostname}>`,
    },
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT },
    shutdown: {
      // Behind a load balancer (production web instances) readiness must fail before the server closes;
      // a single process (ROLE=all) or a worker has no rotation to leave, and stops at once as before.
      delayMs: e.SHUTDOWN_DELAY_MS ?? (e.NODE_ENV === 'production' && e.ROLE === 'web' ? 5000 : 0),
      graceMs: e.SHUTDOWN_GRACE_MS,
    },
    oauth: {
      google: pair(e.OAUTH_GOOGLE_CLIENT_ID, e.OAUTH_GOOGLE_CLIENT_SECRET),
      github: pair(e.OAUTH_GITHUB_CLIENT_ID, e.OAUTH_GITHUB_CLIENT_SECRET),
      discord: pair(e.OAUTH_DISCORD_CLIENT_ID, e.OAUTH_DISCORD_CLIENT_SECRET),
      oidc:
        e.OAUTH_OIDC_ISSUER && e.OAUTH_OIDC_CLIENT_ID && e.OAUTH_OIDC_CLIENT_SECRET
          ? {
              issuer: e.OAUTH_OIDC_ISSUER,
              clientId: e.OAUTH_OIDC_CLIENT_ID,
              clientSecret: e.OAUTH_OIDC_CLIENT_SECRET,
              name: e.OAUTH_OIDC_NAME ?? 'OpenID Connect',
            }
          : undefined,
    },
  };
}
