import { type FakeRoyalRoad, startFakeRoyalRoad } from '@rrc/fakes/royalroad';
import { type FakeStripe, signatureHeader, startFakeStripe } from '@rrc/fakes/stripe';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeMail, linkToken, nthMessageTo, SUBJECTS, startFakeMail } from '../../test/mail.ts';
import { payMonthlyCoffee } from '../../test/stripe.ts';
import {
  call,
  createTestApp,
  registerUser,
  STRONG_PASSWORD,
  TEST_JWT_SECRET,
  type TestApp,
} from '../../test/test-app.ts';
import { unsubscribeToken } from '../features/notifications/signing.ts';

// Who may call what: every route of the OpenAPI document, called as a visitor, a reader, another reader
// (on the first reader's things) and an administrator, with a request that is valid in every other way.

const WEBHOOK_SECRET = 'whsec_authorization_matrix_secret';
/** Every optional feature on, so that every route is registered and none answers "not configured". */
const FULL_FEATURES = {
  STRIPE_SECRET_KEY: 'sk_test_authorization_matrix',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_authorization_matrix',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  // GitHub builds its authorization address locally: no provider needs to answer.
  OAUTH_GITHUB_CLIENT_ID: 'matrix-client',
  OAUTH_GITHUB_CLIENT_SECRET: 'matrix-client-secret',
  ADMIN_EMAILS: 'boss@example.com',
  AUTH_RATE_LIMIT: '1000',
  WEBHOOK_ALLOW_PRIVATE: 'true',
};

type Caller = 'visitor' | 'user' | 'other' | 'admin';
type Entry = { fictionId: number; entryId: number; royalroadId: number };
interface Fixtures {
  tokens: Record<Exclude<Caller, 'visitor'>, string>;
  /** The reader's list: a favorite, an entry that is not one (removable), one whose favorite mark is toggled. */
  favorite: Entry;
  plain: Entry;
  toggled: Entry;
  /** A stored fiction on the latest main Rising Stars list, in nobody's list. */
  ranked: { id: number; royalroadId: number };
  /** Royal Road ids of fictions each caller adds by link (a different one each, so none is a duplicate). */
  addable: Record<Caller, number>;
  /** Royal Road ids of fictions known from the lists only, so older than 6 hours: one for each caller to refresh. */
  stale: Record<Caller, number>;
  authorId: number;
  jobId: number;
  paymentIntentId: string;
  /** The reader's paid Monthly Coffee Pods (a Stripe subscription id). */
  subscriptionId: string;
  /** An account that is not an administrator: the admin route "revokes" it, changing nothing. */
  bystanderId: number;
  /** The reader's webhook, their private feed's file name and an unsubscribe token of the bystander. */
  webhookId: number;
  feedFile: string;
  unsubscribeToken: string;
  /** The shoutout the reader, the ranked fiction's verified claimant, marked on it. */
  authorEventId: number;
}
type Request = { url: string; payload?: unknown; headers?: Record<string, string> };
type Build = (f: Fixtures, who: Caller) => Request | Promise<Request>;
/** Route, then the expected status for: visitor, user, other user, admin; then the request. */
type Row = [route: string, visitor: number, user: number, other: number, admin: number, build: Build];

let registered = 0;
const fresh = () => `matrix${++registered}@example.com`;
const at =
  (url: string): Build =>
  () => ({ url });
const ask =
  (url: string, payload: unknown): Build =>
  () => ({ url, payload });

function signedEvent(who: Caller): Request {
  const payload = JSON.stringify({
    id: `evt_matrix_${who}`,
    object: 'event',
    type: 'customer.created',
    data: { object: { id: 'cus_matrix', object: 'customer' } },
  });
  return {
    url: '/api/stripe/webhook',
    payload,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signatureHeader(payload, WEBHOOK_SECRET),
    },
  };
}

// biome-ignore format: one line per route keeps the table readable
const MATRIX: Row[] = [
  ['GET /api/health', 200, 200, 200, 200, at('/api/health')],
  ['GET /api/health/live', 200, 200, 200, 200, at('/api/health/live')],
  ['GET /api/health/ready', 200, 200, 200, 200, at('/api/health/ready')],
  // Without METRICS_TOKEN (and with METRICS_PORT) the main port serves no metrics, to anyone.
  ['GET /metrics', 404, 404, 404, 404, at('/metrics')],
  ['POST /api/auth/register', 201, 201, 201, 201, () => ({ url: '/api/auth/register', payload: { email: fresh(), password: STRONG_PASSWORD } })],
  ['POST /api/auth/login', 200, 200, 200, 200, () => ({ url: '/api/auth/login', payload: { email: 'reader@example.com', password: STRONG_PASSWORD } })],
  ['GET /api/auth/profile', 401, 200, 200, 200, at('/api/auth/profile')],
  // Signing out ends sessions: each caller signs out of a session opened for it (everywhere: of a new account's),
  // so that its own token goes on working for the other rows.
  ['POST /api/auth/logout', 401, 200, 200, 200, (_f, who) => freshSession('/api/auth/logout', who, 'own')],
  ['POST /api/auth/logout-all', 401, 200, 200, 200, (_f, who) => freshSession('/api/auth/logout-all', who, 'new')],
  ['PUT /api/auth/profile', 401, 200, 200, 200, ask('/api/auth/profile', { name: 'Renamed' })],
  // Links mailed to a fresh account: whoever holds one may open it, signed in as anyone or not at all.
  ['POST /api/auth/verify-email', 200, 200, 200, 200, async () => ({ url: '/api/auth/verify-email', payload: { token: await mailedLink(SUBJECTS.verify) } })],
  // Each caller has asked to move to a new address, so there is one waiting to be proven.
  ['POST /api/auth/resend-verification', 401, 200, 200, 200, async (f, who) => ({ url: '/api/auth/resend-verification', ...(who === 'visitor' ? {} : await askToMove(f.tokens[who], who)) })],
  ['POST /api/auth/forgot-password', 200, 200, 200, 200, ask('/api/auth/forgot-password', { email: 'reader@example.com' })],
  ['POST /api/auth/reset-password', 200, 200, 200, 200, async () => ({ url: '/api/auth/reset-password', payload: { token: await mailedLink(SUBJECTS.reset), password: STRONG_PASSWORD } })],
  ['GET /api/oauth/providers', 200, 200, 200, 200, at('/api/oauth/providers')],
  ['GET /api/oauth/{provider}/initiate', 200, 200, 200, 200, at('/api/oauth/github/initiate')],
  ['GET /api/oauth/{provider}/callback', 302, 302, 302, 302, at('/api/oauth/github/callback?code=c&state=s')],
  // The exchange belongs to the browser that signed in (its cookie), not to a caller: without it, nobody.
  ['POST /api/oauth/exchange', 400, 400, 400, 400, ask('/api/oauth/exchange', { code: 'a-code-from-someone-else' })],
  ['GET /api/admin/statistics', 401, 403, 403, 200, at('/api/admin/statistics')],
  ['GET /api/admin/users', 401, 403, 403, 200, at('/api/admin/users')],
  ['PUT /api/admin/users/{id}/admin', 401, 403, 403, 200, (f) => ({ url: `/api/admin/users/${f.bystanderId}/admin`, payload: { admin: false } })],
  ['GET /api/config', 200, 200, 200, 200, at('/api/config')],
  ['POST /api/stripe/create-coffee-payment', 200, 200, 200, 200, ask('/api/stripe/create-coffee-payment', { paymentType: 'basic' })],
  ['POST /api/stripe/create-payment', 401, 200, 200, 200, (f) => ({ url: '/api/stripe/create-payment', payload: { fictionId: f.favorite.fictionId } })],
  // The reader's own coffee: its donor sees it; to anyone else (without its client secret) it does not exist.
  ['GET /api/stripe/payment-status', 404, 200, 404, 404, (f) => ({ url: `/api/stripe/payment-status?paymentIntentId=${f.paymentIntentId}` })],
  ['GET /api/stripe/subscriptions', 401, 200, 200, 200, at('/api/stripe/subscriptions')],
  // Only the donor reaches their monthly coffee; to anyone else it does not exist.
  ['POST /api/stripe/subscriptions/{subscriptionId}/cancel', 401, 200, 404, 404, (f) => ({ url: `/api/stripe/subscriptions/${f.subscriptionId}/cancel` })],
  ['POST /api/stripe/subscriptions/{subscriptionId}/resume', 401, 200, 404, 404, (f) => ({ url: `/api/stripe/subscriptions/${f.subscriptionId}/resume` })],
  ['POST /api/stripe/subscriptions/{subscriptionId}/portal', 401, 200, 404, 404, (f) => ({ url: `/api/stripe/subscriptions/${f.subscriptionId}/portal` })],
  ['GET /api/rising-stars', 200, 200, 200, 200, at('/api/rising-stars?genre=main')],
  ['GET /api/rising-stars/latest', 200, 200, 200, 200, at('/api/rising-stars/latest?genre=main')],
  ['GET /api/rising-stars/fiction/{fictionId}', 200, 200, 200, 200, (f) => ({ url: `/api/rising-stars/fiction/${f.ranked.id}` })],
  ['GET /api/rising-stars/fiction-date-range', 200, 200, 200, 200, (f) => ({ url: `/api/rising-stars/fiction-date-range?fictionId=${f.ranked.id}&genre=main` })],
  ['GET /api/rising-stars-main', 200, 200, 200, 200, at('/api/rising-stars-main')],
  ['GET /api/rising-stars/top', 200, 200, 200, 200, at('/api/rising-stars/top?limit=3')],
  ['GET /api/rising-stars-position/latest-scrape', 200, 200, 200, 200, at('/api/rising-stars-position/latest-scrape')],
  ['GET /api/rising-stars-position/{royalroadId}', 200, 200, 200, 200, (f) => ({ url: `/api/rising-stars-position/${f.ranked.royalroadId}` })],
  ['POST /api/admin/manual-scrape/{royalroadId}', 401, 403, 403, 202, (f) => ({ url: `/api/admin/manual-scrape/${f.ranked.royalroadId}` })],
  ['POST /api/admin/trigger/rising-stars-scrape', 401, 403, 403, 202, at('/api/admin/trigger/rising-stars-scrape')],
  ['GET /api/admin/jobs', 401, 403, 403, 200, at('/api/admin/jobs')],
  ['GET /api/admin/jobs/{id}', 401, 403, 403, 200, (f) => ({ url: `/api/admin/jobs/${f.jobId}` })],
  ['POST /api/fictions/{royalroadId}/refresh', 401, 200, 200, 200, (f, who) => ({ url: `/api/fictions/${f.stale[who]}/refresh` })],
  ['GET /api/fictions/{royalroadId}/refresh', 401, 200, 200, 200, (f) => ({ url: `/api/fictions/${f.ranked.royalroadId}/refresh` })],
  ['GET /api/fictions', 200, 200, 200, 200, at('/api/fictions?page=1&limit=5')],
  ['POST /api/fictions', 401, 200, 200, 200, (f) => ({ url: '/api/fictions', payload: { royalroadId: f.ranked.royalroadId } })],
  ['GET /api/fictions/search', 200, 200, 200, 200, at('/api/fictions/search?q=a&sort=gain7&minFollowers=0')],
  ['GET /api/fictions/movers', 200, 200, 200, 200, at('/api/fictions/movers?window=30d&genre=fantasy')],
  ['GET /api/fictions/top', 200, 200, 200, 200, at('/api/fictions/top')],
  ['GET /api/fictions/popular', 200, 200, 200, 200, at('/api/fictions/popular')],
  ['GET /api/fictions/popular-by-users', 200, 200, 200, 200, at('/api/fictions/popular-by-users')],
  ['GET /api/fictions/{royalroadId}', 200, 200, 200, 200, (f) => ({ url: `/api/fictions/${f.ranked.royalroadId}` })],
  ['GET /api/fictions/{royalroadId}/history', 200, 200, 200, 200, (f) => ({ url: `/api/fictions/${f.ranked.royalroadId}/history` })],
  ['GET /api/fictions/{royalroadId}/analytics', 200, 200, 200, 200, (f) => ({ url: `/api/fictions/${f.ranked.royalroadId}/analytics?range=30d` })],
  ['GET /api/fictions/{royalroadId}/projection', 200, 200, 200, 200, (f) => ({ url: `/api/fictions/${f.ranked.royalroadId}/projection` })],
  ['GET /api/fictions/{royalroadId}/events', 200, 200, 200, 200, (f) => ({ url: `/api/fictions/${f.ranked.royalroadId}/events` })],
  // The reader holds the verified claim on the ranked fiction and marked a shoutout on it; each caller asks for a
  // code of their own on the favorite (and gives it up again).
  ['GET /api/fictions/{royalroadId}/claim', 200, 200, 200, 200, (f) => ({ url: `/api/fictions/${f.ranked.royalroadId}/claim` })],
  ['POST /api/fictions/{royalroadId}/claim', 401, 201, 201, 201, (f) => ({ url: `/api/fictions/${f.favorite.royalroadId}/claim` })],
  ['POST /api/fictions/{royalroadId}/claim/check', 401, 200, 404, 404, (f) => ({ url: `/api/fictions/${f.ranked.royalroadId}/claim/check` })],
  ['DELETE /api/fictions/{royalroadId}/claim', 401, 200, 200, 200, (f) => ({ url: `/api/fictions/${f.favorite.royalroadId}/claim` })],
  ['GET /api/fictions/{royalroadId}/author-events', 200, 200, 200, 200, (f) => ({ url: `/api/fictions/${f.ranked.royalroadId}/author-events` })],
  ['POST /api/fictions/{royalroadId}/events', 401, 201, 403, 403, (f) => ({ url: `/api/fictions/${f.ranked.royalroadId}/events`, payload: { kind: 'ad', at: '2026-07-10T12:00:00Z' } })],
  ['PATCH /api/fictions/{royalroadId}/events/{eventId}', 401, 200, 403, 403, (f) => ({ url: `/api/fictions/${f.ranked.royalroadId}/events/${f.authorEventId}`, payload: { note: 'Changed' } })],
  ['DELETE /api/fictions/{royalroadId}/events/{eventId}', 401, 200, 403, 403, (f) => ({ url: `/api/fictions/${f.ranked.royalroadId}/events/${f.authorEventId}` })],
  ['GET /api/desk', 401, 200, 200, 200, at('/api/desk')],
  ['GET /api/desk/week', 401, 200, 200, 200, at('/api/desk/week')],
  ['GET /api/fictions/{royalroadId}/card.png', 200, 200, 200, 200, (f) => ({ url: `/api/fictions/${f.ranked.royalroadId}/card.png` })],
  ['GET /api/compare', 200, 200, 200, 200, (f) => ({ url: `/api/compare?ids=${f.ranked.royalroadId}&align=calendar` })],
  ['GET /api/fictions/{royalroadId}/export', 401, 200, 200, 200, (f) => ({ url: `/api/fictions/${f.ranked.royalroadId}/export` })],
  ['GET /api/userFictions/export', 401, 200, 200, 200, at('/api/userFictions/export')],
  ['POST /api/royalroad/add-fiction', 401, 201, 201, 201, (f, who) => ({ url: '/api/royalroad/add-fiction', payload: { url: String(f.addable[who]) } })],
  ['GET /api/royalroad/popular', 200, 200, 200, 200, at('/api/royalroad/popular')],
  ['GET /api/royalroad/user/{id}', 200, 200, 200, 200, (f) => ({ url: `/api/royalroad/user/${f.authorId}` })],
  ['GET /api/userFictions', 401, 200, 200, 200, at('/api/userFictions')],
  ['POST /api/userFictions', 401, 201, 201, 201, (f) => ({ url: '/api/userFictions', payload: { fiction_id: f.ranked.id, status: 'reading' } })],
  ['GET /api/userFictions/status/{status}', 401, 200, 200, 200, at('/api/userFictions/status/plan_to_read')],
  ['GET /api/userFictions/favorites', 401, 200, 200, 200, at('/api/userFictions/favorites')],
  ['GET /api/userFictions/all', 401, 200, 200, 200, at('/api/userFictions/all')],
  ['GET /api/userFictions/stats', 401, 200, 200, 200, at('/api/userFictions/stats')],
  // The reader's own order, sent by others: it is not the list of their favorites, so nothing moves.
  ['POST /api/userFictions/favorites/reorder', 401, 200, 400, 400, async (f) => ({ url: '/api/userFictions/favorites/reorder', payload: { fictionIds: await favoritesOf(f.tokens.user) } })],
  ['PUT /api/userFictions/{id}', 401, 200, 404, 404, (f) => ({ url: `/api/userFictions/${f.favorite.entryId}`, payload: { status: 'completed' } })],
  ['PUT /api/userFictions/{id}/progress', 401, 200, 404, 404, (f) => ({ url: `/api/userFictions/${f.favorite.entryId}/progress`, payload: { currentChapter: 2, totalChapters: 9 } })],
  ['DELETE /api/userFictions/{fictionId}', 401, 200, 404, 404, (f) => ({ url: `/api/userFictions/${f.plain.fictionId}` })],
  // The id is a fiction's, not an entry's: marking it puts it in the caller's own list.
  ['POST /api/userFictions/{fictionId}/favorite', 401, 200, 200, 200, (f) => ({ url: `/api/userFictions/${f.toggled.fictionId}/favorite` })],
  ['POST /api/stripe/webhook', 200, 200, 200, 200, (_f, who) => signedEvent(who)],
  ['GET /api/watches', 401, 200, 200, 200, at('/api/watches')],
  ['POST /api/watches', 401, 201, 201, 201, (f) => ({ url: '/api/watches', payload: { royalroad_id: f.ranked.royalroadId, events: ['rs_entered'], channels: { app: true, email: false, webhooks: false } } })],
  ['GET /api/watches/{royalroadId}', 401, 200, 404, 404, (f) => ({ url: `/api/watches/${f.favorite.royalroadId}` })],
  ['PUT /api/watches/{royalroadId}', 401, 200, 404, 404, (f) => ({ url: `/api/watches/${f.favorite.royalroadId}`, payload: { events: ['chapter_released'], channels: { app: true, email: true, webhooks: false } } })],
  ['DELETE /api/watches/{royalroadId}', 401, 200, 404, 404, (f) => ({ url: `/api/watches/${f.favorite.royalroadId}` })],
  ['GET /api/notifications', 401, 200, 200, 200, at('/api/notifications?unread=true&page=1&limit=10')],
  ['POST /api/notifications/read', 401, 200, 200, 200, ask('/api/notifications/read', { all: true })],
  ['GET /api/notification-settings', 401, 200, 200, 200, at('/api/notification-settings')],
  ['PUT /api/notification-settings', 401, 200, 200, 200, ask('/api/notification-settings', { digest_enabled: true, digest_hour: 7, time_zone: 'Europe/Paris' })],
  ['GET /api/webhooks', 401, 200, 200, 200, at('/api/webhooks')],
  ['POST /api/webhooks', 401, 201, 201, 201, ask('/api/webhooks', { url: 'http://127.0.0.1:9/hook', kind: 'discord' })],
  ['POST /api/webhooks/{id}/test', 401, 202, 404, 404, (f) => ({ url: `/api/webhooks/${f.webhookId}/test` })],
  ['PATCH /api/webhooks/{id}', 401, 200, 404, 404, (f) => ({ url: `/api/webhooks/${f.webhookId}`, payload: { enabled: true } })],
  ['DELETE /api/webhooks/{id}', 401, 200, 404, 404, (f) => ({ url: `/api/webhooks/${f.webhookId}` })],
  ['GET /api/unsubscribe', 200, 200, 200, 200, (f) => ({ url: `/api/unsubscribe?token=${f.unsubscribeToken}` })],
  ['POST /api/unsubscribe', 200, 200, 200, 200, (f) => ({ url: `/api/unsubscribe?token=${f.unsubscribeToken}` })],
  ['GET /api/admin/deliveries', 401, 403, 403, 200, at('/api/admin/deliveries')],
  ['GET /feeds/fictions/{file}', 200, 200, 200, 200, (f) => ({ url: `/feeds/fictions/${f.ranked.royalroadId}.atom` })],
  ['GET /feeds/me/{file}', 200, 200, 200, 200, (f) => ({ url: `/feeds/me/${f.feedFile}` })],
  // After the private feed was read with its first address.
  ['POST /api/notification-settings/feed-token', 401, 200, 200, 200, at('/api/notification-settings/feed-token')],
];

/** Callers in the order they call: the owner last, so that others meet the reader's things untouched. */
const CALLERS: Caller[] = ['visitor', 'other', 'admin', 'user'];
const COLUMN: Record<Caller, 1 | 2 | 3 | 4> = { visitor: 1, user: 2, other: 3, admin: 4 };

let royalroad: FakeRoyalRoad;
let stripe: FakeStripe;
let mail: FakeMail;
let t: TestApp;
let f: Fixtures;
let documented: string[];

/** Every method and path the router knows, read from its printed tree (`:a|:b` where two routes name a parameter differently). */
function routerRoutes(tree: string): string[] {
  const prefixes: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    prefixes.length = depth;
    const path = (prefixes[depth - 1] ?? '') + match[2];
    prefixes[depth] = path;
    for (const method of match[3]?.split(', ') ?? []) routes.push(`${method} ${path}`);
  }
  return routes;
}

/** A route with its parameters unnamed, so the router's `:id` and the document's `{id}` compare equal. */
const shape = (route: string) => route.replace(/:[^/]+/g, '{}').replace(/\{[^}]+\}/g, '{}');

/** The reader's webhook and private feed, and the bystander's unsubscribe link. */
async function alertFixtures(token: string, bystanderId: number) {
  const hook = await call<{ data: { id: number } }>(t.app, {
    method: 'POST',
    url: '/api/webhooks',
    token,
    payload: { url: 'http://127.0.0.1:9/hook', kind: 'json' },
  });
  expect(hook.status).toBe(201);
  const settings = await call<{ data: { feed_url: string } }>(t.app, {
    method: 'GET',
    url: '/api/notification-settings',
    token,
  });
  return {
    webhookId: hook.body.data.id,
    feedFile: settings.body.data.feed_url.split('/').pop() as string,
    unsubscribeToken: unsubscribeToken(TEST_JWT_SECRET, bystanderId),
  };
}

/** The reader claims a fiction (its code placed in its description) and marks a shoutout on it. */
async function claimedShoutout(token: string, royalroadId: number): Promise<number> {
  const claim = await call<{ data: { code: string } }>(t.app, {
    method: 'POST',
    url: `/api/fictions/${royalroadId}/claim`,
    token,
  });
  expect(claim.status, JSON.stringify(claim.body)).toBe(201);
  royalroad.site.setPage(royalroadId, { description: [`Written by me. ${claim.body.data.code}`] });
  const check = await call(t.app, { method: 'POST', url: `/api/fictions/${royalroadId}/claim/check`, token });
  expect(check.status, JSON.stringify(check.body)).toBe(200);
  const event = await call<{ data: { id: number } }>(t.app, {
    method: 'POST',
    url: `/api/fictions/${royalroadId}/events`,
    token,
    payload: { kind: 'shoutout', at: '2026-07-08T12:00:00Z', note: 'Swap with a friend' },
  });
  expect(event.status, JSON.stringify(event.body)).toBe(201);
  return event.body.data.id;
}

async function favoritesOf(token: string): Promise<number[]> {
  const response = await call<{ data: { userFictions: Array<{ fiction_id: number }> } }>(t.app, {
    method: 'GET',
    url: '/api/userFictions/favorites?limit=1000',
    token,
  });
  return response.body.data.userFictions.map((entry) => entry.fiction_id);
}

const EMAILS: Record<Exclude<Caller, 'visitor'>, string> = {
  user: 'reader@example.com',
  other: 'other@example.com',
  admin: 'boss@example.com',
};

/** A request to `url` with a session opened just for it: a new one of the caller's account, or a new account's. */
async function freshSession(url: string, who: Caller, account: 'own' | 'new'): Promise<Request> {
  if (who === 'visitor') return { url };
  const opened = await call<{ data: { token: string } }>(
    t.app,
    account === 'own'
      ? { method: 'POST', url: '/api/auth/login', payload: { email: EMAILS[who], password: STRONG_PASSWORD } }
      : { method: 'POST', url: '/api/auth/register', payload: { email: fresh(), password: STRONG_PASSWORD } },
  );
  expect(opened.status).toBeLessThan(300);
  return { url, headers: { authorization: `Bearer ${opened.body.data.token}` } };
}

/** The token of a link mailed to a fresh account: its verification link, or a reset link it asked for. */
async function mailedLink(subject: string): Promise<string> {
  const email = fresh();
  const made = await call(t.app, {
    method: 'POST',
    url: '/api/auth/register',
    payload: { email, password: STRONG_PASSWORD },
  });
  expect(made.status).toBe(201);
  if (subject === SUBJECTS.reset) {
    const asked = await call(t.app, { method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    expect(asked.status).toBe(200);
  }
  const message = await nthMessageTo(mail, { to: email, subject });
  return linkToken(
    message,
    t.config.publicUrl,
    subject === SUBJECTS.reset ? '/reset-password' : '/verify-email',
  );
}

/** The caller asks to move to a new address (it waits to be proven); resolves to nothing more to send. */
async function askToMove(token: string, who: Caller): Promise<Record<string, never>> {
  const moved = await call(t.app, {
    method: 'PUT',
    url: '/api/auth/profile',
    token,
    payload: { email: `moving-${who}@example.com`, currentPassword: STRONG_PASSWORD },
  });
  expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  return {};
}

async function addByLink(token: string, royalroadId: number): Promise<Entry> {
  const response = await call<{ data: { fiction: { id: number }; userFictionId: number } }>(t.app, {
    method: 'POST',
    url: '/api/royalroad/add-fiction',
    token,
    payload: { url: String(royalroadId) },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return { fictionId: response.body.data.fiction.id, entryId: response.body.data.userFictionId, royalroadId };
}

beforeAll(async () => {
  [royalroad, stripe, mail] = await Promise.all([startFakeRoyalRoad(), startFakeStripe(), startFakeMail()]);
  t = await createTestApp(
    {
      ...FULL_FEATURES,
      ROYALROAD_BASE_URL: royalroad.url,
      STRIPE_API_URL: stripe.url,
      SMTP_URL: mail.smtpUrl,
    },
    { genres: ['main', 'fantasy'] },
  );
  const admin = await registerUser(t.app, { email: 'boss@example.com' });
  const reader = await registerUser(t.app, { email: 'reader@example.com' });
  const other = await registerUser(t.app, { email: 'other@example.com' });
  const bystander = await registerUser(t.app, { email: 'bystander@example.com' });

  // One Rising Stars capture: the lists, a job run, and stored fictions in nobody's list.
  const trigger = await call<{ data: { jobId: number } }>(t.app, {
    method: 'POST',
    url: '/api/admin/trigger/rising-stars-scrape',
    token: admin.token,
  });
  expect(trigger.status).toBe(202);
  const jobId = trigger.body.data.jobId;
  expect((await t.services.runner.waitFor(jobId, 20_000))?.status).toBe('succeeded');

  const onMain = new Set(royalroad.site.risingStars('main'));
  const [a, b, c, d, e, g, h] = royalroad.site
    .fictions()
    .filter((fiction) => !onMain.has(fiction.id))
    .map((fiction) => fiction.id);
  const favorite = await addByLink(reader.token, a as number);
  const plain = await addByLink(reader.token, b as number);
  const toggled = await addByLink(reader.token, c as number);
  // Added by link means a favorite; the removable entry must not be one.
  const unmark = await call(t.app, {
    method: 'POST',
    url: `/api/userFictions/${plain.fictionId}/favorite`,
    token: reader.token,
  });
  expect(unmark.status).toBe(200);

  const latest = await call<{ data: { entries: Array<{ id: number; royalroad_id: number }> } }>(t.app, {
    method: 'GET',
    url: '/api/rising-stars/latest?genre=main',
  });
  const top = latest.body.data.entries[0];
  if (!top) throw new Error('the capture holds no main list');

  const coffee = await call<{ data: { paymentIntentId: string } }>(t.app, {
    method: 'POST',
    url: '/api/stripe/create-coffee-payment',
    token: reader.token,
    payload: { paymentType: 'fancy' },
  });
  expect(coffee.status, JSON.stringify(coffee.body)).toBe(200);

  f = {
    tokens: { user: reader.token, other: other.token, admin: admin.token },
    favorite,
    plain,
    toggled,
    ranked: { id: top.id, royalroadId: top.royalroad_id },
    addable: { visitor: d as number, user: e as number, other: g as number, admin: h as number },
    stale: Object.fromEntries(
      CALLERS.map((who, index) => [who, royalroad.site.risingStars('main')?.[index + 1] as number]),
    ) as Record<Caller, number>,
    authorId: royalroad.site.fiction(a as number)?.authorId as number,
    jobId,
    paymentIntentId: coffee.body.data.paymentIntentId,
    subscriptionId: (await payMonthlyCoffee(t, stripe.url, reader.token)).subscriptionId,
    bystanderId: bystander.user.id,
    ...(await alertFixtures(reader.token, bystander.user.id)),
    authorEventId: await claimedShoutout(reader.token, top.royalroad_id),
  };

  const docs = await call<{ paths: Record<string, Record<string, unknown>> }>(t.app, {
    method: 'GET',
    url: '/api/docs/json',
  });
  expect(docs.status).toBe(200);
  documented = Object.entries(docs.body.paths).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
  );
}, 60_000);

afterAll(async () => {
  await t?.close();
  await Promise.all([royalroad?.close(), stripe?.close(), mail?.close()]);
});

describe('the authorization matrix', () => {
  it('names every route of the OpenAPI document once, and nothing else', () => {
    const listed = MATRIX.map(([route]) => route);
    expect(new Set(listed).size, 'a route is listed twice').toBe(listed.length);
    expect(
      documented.filter((route) => !listed.includes(route)),
      'routes missing from the matrix',
    ).toEqual([]);
    expect(
      listed.filter((route) => !documented.includes(route)),
      'listed routes not in the document',
    ).toEqual([]);
    expect(listed.length).toBeGreaterThanOrEqual(50);
  });

  it('the OpenAPI document hides no API route the router serves', () => {
    const served = routerRoutes(t.app.printRoutes({ commonPrefix: false }))
      .filter((route) => !route.startsWith('HEAD ') && !/^\S+ \/api\/docs(\/|\*|$)/.test(route))
      .map(shape);
    expect(served.length).toBeGreaterThanOrEqual(documented.length);
    const inDocument = new Set(documented.map(shape));
    expect(served.filter((route) => !inDocument.has(route))).toEqual([]);
  });

  it.each(MATRIX)('%s answers %i / %i / %i / %i (visitor / user / other user / admin)', async (...row) => {
    const [route, , , , , build] = row;
    const method = route.split(' ')[0] as InjectOptions['method'];
    const answers: Partial<Record<Caller, number>> = {};
    const expected: Partial<Record<Caller, number>> = {};
    for (const who of CALLERS) {
      const request = await build(f, who);
      const response = await call(t.app, {
        method,
        url: request.url,
        token: who === 'visitor' ? undefined : f.tokens[who],
        headers: request.headers,
        ...(request.payload === undefined ? {} : { payload: request.payload as object }),
      });
      answers[who] = response.status;
      expected[who] = row[COLUMN[who]];
      const type = String(response.headers['content-type'] ?? '');
      if (type.startsWith('application/json')) {
        const body = response.body as { success?: unknown; error?: unknown };
        expect(body.success, `${who}: ${JSON.stringify(body)}`).toBe(response.status < 400);
        if (response.status >= 400) expect(body.error).toEqual(expect.stringMatching(/\S/));
      } else if (type.startsWith('application/atom+xml')) {
        expect(String(response.body)).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
      } else if (response.status === 302) {
        expect(String(response.headers.location)).toMatch(/^\/oauth\/(callback|error)\?/);
      } else {
        expect(type, `${who} ${response.status}`).toBe(
          route.endsWith('/card.png') ? 'image/png' : 'application/zip',
        );
      }
    }
    expect(answers).toEqual(expected);
  });
});
