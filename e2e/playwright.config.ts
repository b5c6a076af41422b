import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import {
  FAKE_MAIL_PORT,
  FAKE_MAIL_SMTP_PORT,
  FAKE_MAIL_SMTP_URL,
  FAKE_MAIL_URL,
} from './support/fake-mail.ts';
import { FAKE_STRIPE_PORT, FAKE_STRIPE_URL, STRIPE_TEST_KEYS } from './support/fake-stripe-keys.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PORT = Number(process.env.E2E_PORT ?? 3100);
const FAKE_ROYALROAD_PORT = Number(process.env.E2E_FAKE_ROYALROAD_PORT ?? 4110);
/** The local Royal Road stand-in the app scrapes during browser tests; specs steer it through /__fake/. */
export const FAKE_ROYALROAD_URL = `http://127.0.0.1:${FAKE_ROYALROAD_PORT}`;
const FAKE_OIDC_PORT = Number(process.env.E2E_FAKE_OIDC_PORT ?? 4130);
/** The local OpenID Connect provider ('Test Provider') that OAuth sign-in goes through in browser tests. */
export const FAKE_OIDC_URL = `http://127.0.0.1:${FAKE_OIDC_PORT}`;
export const ARTIFACTS = path.join(ROOT, 'e2e', '.artifacts');
/** The browser tests' server keeps its data here, its SQLite database in `E2E_DATABASE`. */
const E2E_DATA_DIR = path.join(ARTIFACTS, 'data');
export const E2E_DATABASE = path.join(E2E_DATA_DIR, 'e2e.db');

export default defineConfig({
  testDir: './specs',
  outputDir: path.join(ARTIFACTS, 'results'),
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Generous limits: the suite runs alongside the others in `npm test`, on machines that may be slow. A test
  // that passes takes what it takes; only a broken one waits for these.
  timeout: 60_000,
  expect: { timeout: 12_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // A trace films every test as it runs (screencast frames and DOM snapshots), which costs Chromium about as
    // much CPU as the pages themselves; E2E_TRACE=1 records them, kept for the tests that fail.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // Browse and Movers read the sample's gains, which end at the latest snapshot the site holds, and the
    // freshness checks read the sample's own last capture: they run before any other spec scrapes a fiction or
    // Rising Stars (and so moves that latest snapshot or capture to today).
    {
      name: 'sample-data',
      testMatch: /(discovery|freshness)\.spec\.ts/,
      use: { ...devices['Desktop Chrome'] },
    },
    {
      name: 'chromium',
      testIgnore: /(discovery|freshness)\.spec\.ts/,
      dependencies: ['sample-data'],
      use: { ...devices['Desktop Chrome'] },
    },
  ],
  webServer: [
    {
      command: `node packages/fakes/src/royalroad/cli.ts --port ${FAKE_ROYALROAD_PORT}`,
      cwd: ROOT,
      url: `${FAKE_ROYALROAD_URL}/__fake/requests`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: [
        'node packages/fakes/src/stripe/cli.ts',
        `--port ${FAKE_STRIPE_PORT}`,
        `--webhook-url http://127.0.0.1:${PORT}/api/stripe/webhook`,
        `--webhook-secret ${STRIPE_TEST_KEYS.webhookSecret}`,
        `--secret-key ${STRIPE_TEST_KEYS.secretKey}`,
        `--publishable-key ${STRIPE_TEST_KEYS.publishableKey}`,
      ].join(' '),
      cwd: ROOT,
      url: `${FAKE_STRIPE_URL}/__fake/requests`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `node packages/fakes/src/oidc/cli.ts --port ${FAKE_OIDC_PORT}`,
      cwd: ROOT,
      url: `${FAKE_OIDC_URL}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `node packages/fakes/src/mail/cli.ts --port ${FAKE_MAIL_PORT} --smtp-port ${FAKE_MAIL_SMTP_PORT}`,
      cwd: ROOT,
      url: `${FAKE_MAIL_URL}/messages`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: 'node e2e/support/server.ts',
      cwd: ROOT,
      url: `http://127.0.0.1:${PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        NODE_ENV: 'test',
        DATA_DIR: E2E_DATA_DIR,
        DATABASE_URL: `sqlite:${E2E_DATABASE}`,
        JWT_SECRET: 'e2e-secret-that-is-long-enough-for-signing-tokens',
        ADMIN_EMAILS: 'admin@example.com',
        SCHEDULER: 'off',
        AUTH_RATE_LIMIT: '1000',
        REGISTRATION_RATE_LIMIT: '100000',
        LOG_LEVEL: 'warn',
        ROYALROAD_BASE_URL: FAKE_ROYALROAD_URL,
        SCRAPE_INTERVAL_MS: '0',
        STRIPE_SECRET_KEY: STRIPE_TEST_KEYS.secretKey,
        STRIPE_PUBLISHABLE_KEY: STRIPE_TEST_KEYS.publishableKey,
        STRIPE_WEBHOOK_SECRET: STRIPE_TEST_KEYS.webhookSecret,
        STRIPE_API_URL: FAKE_STRIPE_URL,
        CONTACT_EMAIL: 'coffee@example.com',
        PUBLIC_URL: `http://127.0.0.1:${PORT}`,
        OAUTH_OIDC_ISSUER: FAKE_OIDC_URL,
        OAUTH_OIDC_CLIENT_ID: 'rr-companion-e2e',
        OAUTH_OIDC_CLIENT_SECRET: 'e2e-oidc-client-secret',
        OAUTH_OIDC_NAME: 'Test Provider',
        SMTP_URL: FAKE_MAIL_SMTP_URL,
        MAIL_FROM: 'RR Companion <hello@rrcompanion.test>',
        // Webhook tests call a receiver on this machine.
        WEBHOOK_ALLOW_PRIVATE: 'true',
      },
    },
  ],
});
