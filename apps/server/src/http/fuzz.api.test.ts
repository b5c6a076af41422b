import { DONATION_TYPES, READING_STATUSES } from '@rrc/contract';
import { type FakeRoyalRoad, startFakeRoyalRoad } from '@rrc/fakes/royalroad';
import { type FakeStripe, startFakeStripe } from '@rrc/fakes/stripe';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { SignJWT } from 'jose';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeMail, startFakeMail } from '../../test/mail.ts';
import { payMonthlyCoffee } from '../../test/stripe.ts';
import { call, createTestApp, registerUser, TEST_JWT_SECRET, type TestApp } from '../../test/test-app.ts';

// Random and hostile requests to every route of the OpenAPI document, as a visitor, a reader, an
// administrator (admin routes) and a caller with a forged or broken token. Whatever comes in:
// never a 5xx; a 4xx is always `{ success: false, error: "<message>" }` in JSON; a 2xx is `{ success: true, … }`
// (or the ZIP of a download); only the OAuth callback redirects; a protected route never answers a caller
// without a valid session, nor an admin route a reader; Object.prototype is never polluted; and a refused
// write leaves every table as it was. `FUZZ_SEED=<n>` and `FUZZ_RUNS=<n>` replay or widen a run.

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_121);
const RUNS = Number(process.env.FUZZ_RUNS ?? 30);

const FULL_FEATURES = {
  STRIPE_SECRET_KEY: 'sk_test_fuzz_suite_secret',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_fuzz_suite_publishable',
  STRIPE_WEBHOOK_SECRET: 'whsec_fuzz_suite_webhook_secret',
  OAUTH_GITHUB_CLIENT_ID: 'fuzz-client',
  OAUTH_GITHUB_CLIENT_SECRET: 'fuzz-client-secret',
  ADMIN_EMAILS: 'boss@example.com',
  // Failed sign-ins are limited per address; here every one of them should reach validation.
  AUTH_RATE_LIMIT: '1000000',
};

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Caller = 'visitor' | 'reader' | 'admin' | 'forged';
interface Operation {
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
  tags?: string[];
}
interface JsonSchema {
  properties?: Record<string, unknown>;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}
interface Route {
  key: string;
  method: Method;
  template: string;
  pathParams: string[];
  queryParams: string[];
  bodyFields: string[];
  protected: boolean;
  admin: boolean;
}
interface HostileRequest {
  caller: Caller;
  forgedAuthorization: string;
  params: string[];
  query: Array<[string, string]>;
  body: { text: string; contentType: string | null } | null;
}

// ---------------------------------------------------------------------------------------------------------
// The application under test, and the routes it documents (read at collection time: one test per route).

const royalroad: FakeRoyalRoad = await startFakeRoyalRoad();
const stripe: FakeStripe = await startFakeStripe();
// Mail goes to a real SMTP server, so that verification and password reset run as far as they can.
const mail: FakeMail = await startFakeMail();
const t: TestApp = await createTestApp(
  { ...FULL_FEATURES, ROYALROAD_BASE_URL: royalroad.url, STRIPE_API_URL: stripe.url, SMTP_URL: mail.smtpUrl },
  { genres: ['main'] },
);
afterAll(async () => {
  await t.close();
  await Promise.all([royalroad.close(), stripe.close(), mail.close()]);
});

const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
  paths: Record<string, Record<string, Operation>>;
};
const ROUTES: Route[] = Object.entries(document.paths).flatMap(([template, operations]) =>
  Object.entries(operations).map(([method, operation]) => {
    const parameters = operation.parameters ?? [];
    const schema = operation.requestBody?.content?.['application/json']?.schema;
    const branches = schema ? [schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])] : [];
    return {
      key: `${method.toUpperCase()} ${template}`,
      method: method.toUpperCase() as Method,
      template,
      pathParams: [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string),
      queryParams: parameters.filter((p) => p.in === 'query').map((p) => p.name),
      bodyFields: [...new Set(branches.flatMap((branch) => Object.keys(branch.properties ?? {})))],
      protected: (operation.security ?? []).length > 0,
      admin: (operation.tags ?? []).includes('admin'),
    };
  }),
);

// ---------------------------------------------------------------------------------------------------------
// Fixtures: a reader with a list, an administrator, a capture, a payment, and a set of forged tokens.

const tokens = { reader: '', admin: '' };
let readerId = 0;
/** Things that exist, so that part of every request can be right and the hostile part reach the code behind. */
const real = {
  royalroadIds: [] as number[],
  fictionIds: [] as number[],
  entryIds: [] as number[],
  userIds: [] as number[],
  jobIds: [] as number[],
  authorIds: [] as number[],
  paymentIntentIds: [] as string[],
  clientSecrets: [] as string[],
  subscriptionIds: [] as string[],
};
let forgedAuthorizations: string[] = [];
let tables: string[] = [];
/**
 * Tables that count attempts rather than hold anyone's data: a refused request is meant to write there (a
 * failed sign-in or a link that does not work is counted against its address in `rate_limits` on PostgreSQL;
 * the Royal Road line's bookkeeping moves with every request).
 */
const BOOKKEEPING = new Set(['rate_limits', 'royalroad_pace', 'royalroad_waiting']);
let prototypeKeys: string[] = [];

beforeAll(async () => {
  const admin = await registerUser(t.app, { email: 'boss@example.com' });
  const reader = await registerUser(t.app, { email: 'reader@example.com' });
  tokens.admin = admin.token;
  tokens.reader = reader.token;
  readerId = reader.user.id;

  const trigger = await call<{ data: { jobId: number } }>(t.app, {
    method: 'POST',
    url: '/api/admin/trigger/rising-stars-scrape',
    token: admin.token,
  });
  expect(trigger.status).toBe(202);
  await t.services.runner.waitFor(trigger.body.data.jobId, 20_000);

  for (const fiction of royalroad.site.fictions().slice(0, 3)) {
    const added = await call<{ data: { fiction: { id: number }; userFictionId: number } }>(t.app, {
      method: 'POST',
      url: '/api/royalroad/add-fiction',
      token: reader.token,
      payload: { url: String(fiction.id) },
    });
    expect(added.status).toBe(201);
    real.royalroadIds.push(fiction.id);
    real.fictionIds.push(added.body.data.fiction.id);
    real.entryIds.push(added.body.data.userFictionId);
    real.authorIds.push(fiction.authorId);
  }
  const coffee = await call<{ data: { paymentIntentId: string; clientSecret: string } }>(t.app, {
    method: 'POST',
    url: '/api/stripe/create-coffee-payment',
    payload: { paymentType: 'basic' },
  });
  expect(coffee.status).toBe(200);
  real.paymentIntentIds.push(coffee.body.data.paymentIntentId);
  real.clientSecrets.push(coffee.body.data.clientSecret);
  // The reader's Monthly Coffee Pods, paid at the fake Stripe, so that managing it reaches Stripe.
  real.subscriptionIds.push((await payMonthlyCoffee(t, stripe.url, reader.token)).subscriptionId);
  // Two fictions known from the Rising Stars list only (never read from their page): a reader may refresh them.
  real.royalroadIds.push(...(royalroad.site.risingStars('main') ?? []).slice(0, 2));
  real.userIds.push(admin.user.id, reader.user.id);
  real.jobIds.push(trigger.body.data.jobId);
  // Sign-ins record when an account was last seen (at most hourly): do it now, not during the run.
  for (const token of [admin.token, reader.token]) {
    expect((await call(t.app, { method: 'GET', url: '/api/auth/profile', token })).status).toBe(200);
  }

  const key = new TextEncoder().encode(TEST_JWT_SECRET);
  const claims = { iss: 'rr-companion', aud: 'rr-companion-api' };
  const signed = (subject: string, extra: Record<string, unknown> = {}, secret = key) =>
    new SignJWT({ ...claims, ...extra })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(subject)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(secret);
  const unsigned = (payload: object) =>
    `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.`;
  forgedAuthorizations = [
    '',
    'Bearer',
    'Bearer ',
    'bearer null',
    'Bearer undefined',
    'Basic cmVhZGVyOnBhc3N3b3Jk',
    'Token abc',
    `Bearer ${tokens.reader}x`,
    `Bearer ${tokens.reader} ${tokens.admin}`,
    `Bearer ${tokens.admin.split('.').slice(0, 2).join('.')}.`,
    `Bearer ${'a'.repeat(8000)}`,
    `Bearer ${'eyJ'.repeat(3000)}`,
    `Bearer ${unsigned({ ...claims, sub: String(admin.user.id), ver: 0 })}`,
    `Bearer ${await signed(String(admin.user.id), { ver: 0 }, new TextEncoder().encode('another-secret-that-is-long-enough-to-sign'))}`,
    `Bearer ${await signed('__proto__')}`,
    `Bearer ${await signed('-1')}`,
    `Bearer ${await signed('1e3')}`,
    `Bearer ${await signed('99999999999999999999')}`,
    `Bearer ${await signed('2147483648')}`,
    `Bearer ${await signed(String(admin.user.id), { ver: 7 })}`,
    `Bearer ${await signed('999999')}`,
  ];

  tables = (await t.database.db.introspection.getTables())
    .map((table) => table.name)
    .filter((name) => !name.startsWith('kysely_') && !BOOKKEEPING.has(name));
  expect(tables).toEqual(expect.arrayContaining(['users', 'user_fictions', 'fictions', 'donations']));
  prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();
}, 60_000);

// ---------------------------------------------------------------------------------------------------------
// Hostile values.

/** Percent-encodes the UTF-8 bytes of `text` (a lone surrogate becomes U+FFFD, as the encoder makes it). */
function encode(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));
const anyText = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc
    .array(fc.oneof(loneSurrogate, fc.string({ maxLength: 3 })), { maxLength: 6 })
    .map((parts) => parts.join('')),
);
const NUMBER_TEXTS = [
  '0',
  '-0',
  '-1',
  '1',
  '1.5',
  '1e3',
  '1e308',
  '1e309',
  '-1e309',
  '5e-324',
  '0x1F',
  '0b1',
  '0o7',
  '1_000',
  '00001',
  '+1',
  'NaN',
  'Infinity',
  '-Infinity',
  '2147483647',
  '2147483648',
  '9007199254740993',
  '99999999999999999999',
  '9'.repeat(300),
];
const WORDS = [
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'reading',
  'plan_to_read',
  'main',
  'fantasy',
  'github',
  'oidc',
  'facebook',
  'basic',
  'monthly',
  'asc',
  'fiction',
  'pi_1',
  `pi_${'a'.repeat(300)}`,
  "1' OR '1'='1",
  '1; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '١٢٣',
  '１２３',
  '2026-11-21',
  '2026-02-30T25:61:00Z',
  '+275760-09-13T00:00:00.000Z',
  '-271821-04-20T00:00:00.000Z',
  '0000-01-01',
  '1,2,3',
  ',',
  '1,'.repeat(1500),
  'x'.repeat(5000),
];
const hostileText = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NUMBER_TEXTS, ...WORDS) },
  { weight: 2, arbitrary: anyText },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
);

const pick = <T>(values: readonly T[], fallback: T) =>
  fc.constantFrom(...(values.length ? values : [fallback]));
const ids = () =>
  pick(
    [
      ...real.royalroadIds,
      ...real.fictionIds,
      ...real.entryIds,
      ...real.userIds,
      ...real.jobIds,
      ...real.authorIds,
    ],
    1,
  );

/** A right value for a parameter or field of this name (the ids of things that exist, a known status…). */
function plausible(name: string): fc.Arbitrary<unknown> {
  switch (name) {
    case 'royalroadId':
      return pick(real.royalroadIds, 1);
    case 'fictionId':
    case 'fiction_id':
      return pick(real.fictionIds, 1);
    case 'fictionIds':
      return fc.subarray(real.fictionIds);
    case 'id':
      return ids();
    // Reading statuses in bodies; a search's statuses in the query.
    case 'status':
      return fc.constantFrom(...READING_STATUSES, 'ongoing', 'completed,hiatus');
    case 'provider':
      return fc.constantFrom('github', 'google', 'oidc');
    case 'url':
      return pick(real.royalroadIds, 1).map((id) => `https://www.royalroad.com/fiction/${id}`);
    case 'currentChapter':
    case 'totalChapters':
      return fc.nat(20);
    case 'paymentType':
      return fc.constantFrom(...DONATION_TYPES);
    case 'paymentIntentId':
      return pick(real.paymentIntentIds, 'pi_1');
    case 'client_secret':
      return pick(real.clientSecrets, 'pi_1_secret_1');
    // The one-time code of an OAuth sign-in: well-formed, but none that was issued to this caller.
    case 'code':
      return fc
        .uint8Array({ minLength: 32, maxLength: 32 })
        .map((bytes) => Buffer.from(bytes).toString('base64url'));
    case 'subscriptionId':
      return pick(real.subscriptionIds, 'sub_1');
    case 'admin':
      return fc.boolean();
    case 'email':
      return fc.constantFrom('reader@example.com', 'someone@example.com');
    // Never the reader's own password as the current one: a real password change would end the session.
    case 'password':
    case 'newPassword':
    case 'currentPassword':
      return fc.constantFrom('short', 'Another4password', '');
    case 'name':
    case 'q':
      return fc.string({ maxLength: 10 });
    case 'page':
    case 'limit':
      return fc.constantFrom(1, 2, 5);
    case 'genre':
      return fc.constantFrom('main', 'fantasy');
    case 'startDate':
    case 'endDate':
    case 'from':
    case 'to':
      return fc.constantFrom('2026-11-01', '2026-11-21T12:00:00.000Z', '2026-09-01T00:00:00Z');
    case 'job':
      return fc.constantFrom('fiction', 'rising-stars', 'all-fictions');
    case 'ids':
      return fc.subarray(real.royalroadIds, {
        minLength: 1,
        maxLength: Math.min(6, real.royalroadIds.length),
      });
    case 'range':
      return fc.constantFrom('7d', '30d', '90d', 'all');
    case 'align':
      return fc.constantFrom('launch', 'calendar');
    case 'order':
      return fc.constantFrom('asc', 'desc');
    case 'sort':
      return fc.constantFrom('created_at', 'relevance', 'gain7', 'gain30', 'updated');
    case 'window':
      return fc.constantFrom('1d', '7d', '30d');
    case 'tags':
      return fc.constantFrom('Fantasy', 'LitRPG,Magic', '');
    case 'genres':
      return fc.constantFrom('fantasy', 'sci_fi,romance');
    case 'type':
      return fc.constantFrom('original', 'fanfiction');
    case 'minFollowers':
    case 'maxFollowers':
    case 'minPages':
    case 'maxPages':
    case 'updatedWithinDays':
      return fc.constantFrom(1, 7, 100, 5000);
    case 'onRisingStars':
      return fc.constantFrom('true', 'false');
    // A mailed link's token: well-formed, but none that was ever sent.
    case 'token':
      return fc
        .uint8Array({ minLength: 32, maxLength: 32 })
        .map((bytes) => Buffer.from(bytes).toString('base64url'));
    case 'return_to':
      return fc.constantFrom('/sponsor/1', '/fiction/1/a_title?x=1#y', '//evil.example', '/login');
    default:
      return fc.string({ maxLength: 10 });
  }
}
/** A query or path value: right, or hostile, already encoded. */
const asText = (value: unknown) => (Array.isArray(value) ? value.join(',') : String(value));

/** A path segment, already encoded: including sequences that are not valid percent-encoding or UTF-8. */
const pathSegment = (name: string) =>
  fc.oneof(
    { weight: 4, arbitrary: plausible(name).map((value) => encode(asText(value))) },
    { weight: 4, arbitrary: hostileText.map(encode) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        '',
        '.',
        '..',
        '../..',
        '..%2F..%2Fetc%2Fpasswd',
        '%2e%2e',
        '%00',
        '1%00',
        '%',
        '%zz',
        '%E0%A4%A',
        '%ED%A0%80',
        '%C0%AF',
        '%FF',
        '%2F',
        '1;x=2',
        '1?',
        '1#',
        '9'.repeat(199),
        '9'.repeat(201),
        'a'.repeat(5000),
      ),
    },
  );

const HOSTILE_KEYS = [
  '__proto__',
  '__proto__[polluted]',
  '__proto__.polluted',
  'constructor[prototype][polluted]',
  'constructor',
  'a[b][c]',
  'limit[]',
  'page[0]',
  '',
  '%00',
  'toString',
  'hasOwnProperty',
];
const hostileQueryValue = fc.oneof(
  { weight: 5, arbitrary: hostileText.map(encode) },
  { weight: 1, arbitrary: fc.constantFrom('%', '%zz', '%00', '%ED%A0%80', '%FF', '+', '&', '=', '') },
);
/** The route's own parameters, each right, hostile or absent; then perhaps repeated or foreign keys. */
const queryPairs = (route: Route): fc.Arbitrary<Array<[string, string]>> => {
  const own = fc
    .tuple(
      ...route.queryParams.map((name) =>
        fc.oneof(
          { weight: 2, arbitrary: fc.constant(null) },
          { weight: 3, arbitrary: plausible(name).map((value) => encode(asText(value))) },
          { weight: 2, arbitrary: hostileQueryValue },
        ),
      ),
    )
    .map((values) =>
      values.flatMap((value, i) =>
        value === null ? [] : [[route.queryParams[i], value] as [string, string]],
      ),
    );
  const foreign = fc.array(
    fc.tuple(
      fc.oneof(
        {
          weight: 2,
          arbitrary: route.queryParams.length ? fc.constantFrom(...route.queryParams) : fc.constant('q'),
        },
        { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_KEYS).map(encode) },
        { weight: 1, arbitrary: anyText.map(encode) },
      ),
      hostileQueryValue,
    ),
    { maxLength: 4 },
  );
  return fc.oneof(
    { weight: 3, arbitrary: own },
    { weight: 2, arbitrary: fc.tuple(own, foreign).map(([a, b]) => [...a, ...b]) },
  );
};

/** JSON values of every kind, nested a little, with hostile leaves. */
const { json: hostileJson } = fc.letrec<{ json: unknown }>((tie) => ({
  json: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(
      null,
      true,
      false,
      0,
      -0,
      -1,
      1.5,
      1e308,
      -1e308,
      5e-324,
      2 ** 31,
      2 ** 53 + 2,
      '',
      ' ',
      'NaN',
      '-0',
      '1e308',
      'Infinity',
      '\u0000',
      '\ud800',
      '\udfff',
      'a\u202eb',
      '\ufeff',
      'x'.repeat(70_000),
      'https://www.royalroad.com/fiction/1',
      'javascript:alert(1)',
      'reader@example.com',
      'basic',
      'reading',
    ),
    hostileText,
    fc.integer(),
    fc.double({ noNaN: true }),
    fc.array(tie('json'), { maxLength: 4 }),
    fc.dictionary(
      fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('status', 'admin', 'id', 'user_id')),
      tie('json'),
      {
        maxKeys: 4,
      },
    ),
  ),
}));

const RAW_BODIES = [
  '',
  ' ',
  '{',
  '}',
  '{"a":}',
  '{"a":1}{"b":2}',
  "{'a':1}",
  'null',
  'true',
  '0',
  '"text"',
  '[]',
  'NaN',
  '\ufeff{}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"a":1e999}',
  '{"a":-1e999}',
  '{"a":-0}',
  '{"a":123456789012345678901234567890}',
  '{"__proto__":{"polluted":"yes"}}',
  '{"__proto__":{"admin":true},"admin":true}',
  '{"constructor":{"prototype":{"polluted":"yes"}}}',
  '[{"__proto__":{"polluted":"yes"}}]',
  '{"a":{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}}}',
];
const deepBody = fc
  .tuple(fc.integer({ min: 50, max: 50_000 }), fc.boolean(), fc.boolean())
  .map(([depth, objects, poisoned]) => {
    const inner = poisoned ? '{"__proto__":{"polluted":"yes"}}' : '1';
    return objects
      ? `${'{"a":'.repeat(depth)}${inner}${'}'.repeat(depth)}`
      : `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;
  });
/** An object with the route's own fields, each right, hostile or absent, perhaps with a poisoned key added. */
const shapedBody = (route: Route) =>
  fc
    .tuple(
      fc.tuple(
        ...(route.bodyFields.length ? route.bodyFields : ['url', 'id']).map((field) =>
          fc.oneof(
            { weight: 1, arbitrary: fc.constant(undefined) },
            { weight: 3, arbitrary: plausible(field) },
            { weight: 2, arbitrary: hostileJson },
          ),
        ),
      ),
      fc.constantFrom(
        '',
        '',
        ',"__proto__":{"polluted":"yes"}',
        ',"constructor":{"prototype":{"polluted":"yes"}}',
        ',"__proto__":{"admin":true}',
        ',"extra":1',
      ),
    )
    .map(([values, poison]) => {
      const fields = route.bodyFields.length ? route.bodyFields : ['url', 'id'];
      const body = JSON.stringify(Object.fromEntries(fields.map((field, i) => [field, values[i]])));
      return poison && body !== '{}' ? `${body.slice(0, -1)}${poison}}` : body;
    });

const CONTENT_TYPES = [
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/xml',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'application/vnd.api+json',
  'application/jsonx',
  'json',
  '*/*',
  ';',
];
const body = (route: Route) =>
  fc.oneof(
    { weight: 1, arbitrary: fc.constant(null) },
    {
      weight: 6,
      arbitrary: fc
        .tuple(
          fc.oneof(
            { weight: 4, arbitrary: shapedBody(route) },
            { weight: 2, arbitrary: hostileJson.map((value) => JSON.stringify(value) ?? 'null') },
            { weight: 2, arbitrary: fc.constantFrom(...RAW_BODIES) },
            { weight: 1, arbitrary: deepBody },
          ),
          fc.oneof(
            { weight: 6, arbitrary: fc.constant('application/json') },
            { weight: 1, arbitrary: fc.constant(null) },
            { weight: 2, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
          ),
        )
        .map(([text, contentType]) => ({ text, contentType })),
    },
  );

function hostileRequest(route: Route): fc.Arbitrary<HostileRequest> {
  const callers: Caller[] = route.admin
    ? ['visitor', 'reader', 'admin', 'forged']
    : ['visitor', 'reader', 'forged'];
  return fc.record({
    caller: fc.constantFrom(...callers),
    forgedAuthorization: fc.constantFrom(...forgedAuthorizations),
    params: route.pathParams.length ? fc.tuple(...route.pathParams.map(pathSegment)) : fc.constant([]),
    query: queryPairs(route),
    body: route.method === 'GET' ? fc.oneof(fc.constant(null), body(route)) : body(route),
  });
}

// ---------------------------------------------------------------------------------------------------------
// Sending, and what must hold of every answer.

function urlOf(route: Route, request: HostileRequest): string {
  let index = 0;
  const path = route.template.replace(/\{\w+\}/g, () => request.params[index++] ?? '');
  const query = request.query.map(([key, value]) => `${key}=${value}`).join('&');
  return query ? `${path}?${query}` : path;
}

function send(route: Route, request: HostileRequest, url = urlOf(route, request)) {
  const headers: Record<string, string> = {};
  if (request.caller === 'reader') headers.authorization = `Bearer ${tokens.reader}`;
  if (request.caller === 'admin') headers.authorization = `Bearer ${tokens.admin}`;
  if (request.caller === 'forged') headers.authorization = request.forgedAuthorization;
  const options: InjectOptions = { method: route.method, url, headers };
  if (request.body) {
    if (request.body.contentType !== null) headers['content-type'] = request.body.contentType;
    options.payload = request.body.text;
  }
  return t.app.inject(options);
}

/** Row counts of every table, and every row of the tables a reader's or an admin's writes change. */
async function snapshot() {
  const counts = await sql<Record<string, unknown>>`select ${sql.join(
    tables.map((table) => sql`(select count(*) from ${sql.table(table)}) as ${sql.ref(table)}`),
  )}`.execute(t.database.db);
  const rows = await Promise.all(
    (['users', 'user_fictions', 'donations', 'oauth_accounts'] as const).map((table) =>
      t.database.db.selectFrom(table).selectAll().orderBy('id').execute(),
    ),
  );
  return {
    counts: Object.fromEntries(Object.entries(counts.rows[0] ?? {}).map(([k, v]) => [k, Number(v)])),
    rows,
  };
}

/** Waits until no job is queued or running and no mail is under way, so that background work never overlaps a comparison. */
async function settle() {
  await t.app.backgroundTasks.idle();
  const deadline = Date.now() + 30_000;
  for (;;) {
    const busy = await t.database.db
      .selectFrom('job_runs')
      .select('id')
      .where('status', 'in', ['queued', 'running'])
      .execute();
    if (busy.length === 0) return;
    if (Date.now() > deadline) throw new Error(`jobs still running: ${busy.map((row) => row.id).join(', ')}`);
    for (const row of busy) await t.services.runner.waitFor(row.id, 5_000);
  }
}

const STACK_OR_SQL =
  /\n\s+at |node_modules|SQLITE_|syntax error|relation "|violates|Kysely|TypeError|RangeError/;

/** Everything wrong with one answer, as text (empty when it is right). */
function problemsWith(route: Route, caller: Caller, response: LightMyRequestResponse): string[] {
  const problems: string[] = [];
  const status = response.statusCode;
  const type = String(response.headers['content-type'] ?? '');
  if (status >= 500) problems.push(`answered ${status}`);
  if (status >= 300 && status < 400) {
    if (!route.key.endsWith('/callback')) problems.push(`redirected (${status})`);
    if (!String(response.headers.location).startsWith('/oauth/')) problems.push('redirected off the site');
  }
  if (status >= 400) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(response.body);
    } catch {
      parsed = undefined;
    }
    const envelope = parsed as { success?: unknown; error?: unknown } | undefined;
    if (!type.startsWith('application/json')) problems.push(`error answered as ${type || 'no content type'}`);
    if (
      !envelope ||
      typeof envelope !== 'object' ||
      Object.keys(envelope).sort().join() !== 'error,success' ||
      envelope.success !== false ||
      typeof envelope.error !== 'string' ||
      envelope.error.trim() === ''
    ) {
      problems.push(`not the error envelope: ${response.body.slice(0, 300)}`);
    } else if (STACK_OR_SQL.test(envelope.error)) {
      problems.push(`internals in the message: ${envelope.error.slice(0, 300)}`);
    }
  }
  if (status >= 200 && status < 300) {
    if (type.startsWith('application/json')) {
      if ((JSON.parse(response.body) as { success?: unknown }).success !== true)
        problems.push('2xx without success');
    } else if (
      !(route.key.endsWith('/export') && type === 'application/zip') &&
      !(route.key.endsWith('/card.png') && type === 'image/png') &&
      !(route.key.startsWith('GET /feeds/') && type.startsWith('application/atom+xml'))
    ) {
      problems.push(`2xx answered as ${type}`);
    }
  }
  if (status < 400 && route.protected && (caller === 'visitor' || caller === 'forged'))
    problems.push(`protected route answered ${status} without a session`);
  if (status < 400 && route.admin && caller !== 'admin')
    problems.push(`admin route answered ${status} to a ${caller}`);
  return problems;
}

function pollution(): string[] {
  const problems: string[] = [];
  const probe = {} as Record<string, unknown>;
  for (const key of ['polluted', 'admin', 'x', 'a', 'b', 'c']) {
    if (probe[key] !== undefined) problems.push(`Object.prototype.${key} is set`);
  }
  if (Object.getOwnPropertyNames(Object.prototype).sort().join() !== prototypeKeys.join())
    problems.push('Object.prototype gained properties');
  if (([] as unknown as Record<string, unknown>).polluted !== undefined)
    problems.push('Array.prototype is polluted');
  return problems;
}

async function exercise(route: Route, request: HostileRequest, url?: string) {
  const writes = route.method !== 'GET';
  const before = writes ? await snapshot() : null;
  const response = await send(route, request, url);
  const problems = [...problemsWith(route, request.caller, response), ...pollution()];
  const status = response.statusCode;
  const seen = statuses[route.key] ?? {};
  seen[status] = (seen[status] ?? 0) + 1;
  statuses[route.key] = seen;
  if (before && status >= 400) {
    const after = await snapshot();
    try {
      expect(after).toEqual(before);
    } catch {
      problems.push(`a refused write (${status}) changed the database`);
    }
  }
  if (status < 400) await settle();
  // An accepted admin change may have made the reader an administrator: undo it, or later runs would lie.
  if (status < 400 && route.key === 'PUT /api/admin/users/{id}/admin') {
    await call(t.app, {
      method: 'PUT',
      url: `/api/admin/users/${readerId}/admin`,
      token: tokens.admin,
      payload: { admin: false },
    });
  }
  return { response, problems };
}

/** How often each route answered each status: printed with FUZZ_STATS=1, to see how deep the inputs reach. */
const statuses: Record<string, Record<number, number>> = {};
afterAll(() => {
  if (process.env.FUZZ_STATS) console.log(JSON.stringify(statuses, null, 1));
});

function routeSeed(route: Route): number {
  let hash = SEED;
  for (const char of route.key) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

describe(`fuzzing every route (seed ${SEED}, ${RUNS} runs a route; FUZZ_SEED / FUZZ_RUNS to change)`, () => {
  it('reads every route from the OpenAPI document', () => {
    expect(ROUTES.length).toBeGreaterThanOrEqual(50);
    expect(ROUTES.filter((route) => route.protected).length).toBeGreaterThan(20);
    expect(ROUTES.filter((route) => route.admin).length).toBeGreaterThan(5);
  });

  it.each(ROUTES.map((route) => [route.key, route] as const))(
    '%s',
    async (_key, route) => {
      const seed = routeSeed(route);
      await fc.assert(
        fc.asyncProperty(hostileRequest(route), async (request) => {
          const { response, problems } = await exercise(route, request);
          if (problems.length > 0) {
            throw new Error(
              `${route.method} ${urlOf(route, request).slice(0, 300)} as ${request.caller} → ${response.statusCode}: ${problems.join('; ')}`,
            );
          }
        }),
        { seed, numRuns: RUNS, endOnFailure: true },
      );
    },
    120_000,
  );

  it.each(ROUTES.filter((route) => route.method !== 'GET').map((route) => [route.key, route] as const))(
    '%s refuses a body over 1 MB with 413 and changes nothing',
    async (_key, route) => {
      for (const caller of ['visitor', 'reader'] as const) {
        const huge = JSON.stringify({ [route.bodyFields[0] ?? 'url']: 'x'.repeat(1024 * 1024 + 10) });
        const request: HostileRequest = {
          caller,
          forgedAuthorization: '',
          params: route.pathParams.map((name) =>
            name === 'provider' ? 'github' : String(real.fictionIds[0]),
          ),
          query: [],
          body: { text: huge, contentType: 'application/json' },
        };
        const { response, problems } = await exercise(route, request);
        expect(problems).toEqual([]);
        expect(response.statusCode).toBe(413);
      }
    },
  );

  it('left Object.prototype and Array.prototype as they were after every run', () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(([] as unknown as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
  });
});

describe('answers the fuzzing once got wrong', () => {
  const get = (url: string, token?: string) => call(t.app, { method: 'GET', url, token });
  const refused = (error: string) => ({ success: false, error });

  it('a session token naming an account id beyond 32 bits is no session (was a 500 on PostgreSQL)', async () => {
    const token = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('2147483648')
      .setIssuer('rr-companion')
      .setAudience('rr-companion-api')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    for (const url of ['/api/auth/profile', '/api/userFictions/stats', '/api/admin/statistics']) {
      const response = await get(url, token);
      expect(response.status, url).toBe(401);
      expect(response.body, url).toEqual({ success: false, error: expect.stringMatching(/\w/) });
    }
  });

  it.each([
    // A week before the earliest date JavaScript knows is no date at all (was a 500 on both databases).
    ['endDate=-271821-04-20T00:00:00.000Z', 'endDate'],
    // Six-digit years: PostgreSQL refuses them (was a 500), SQLite compares them wrongly as text.
    ['startDate=%2B275760-09-13T00:00:00.000Z&endDate=%2B275760-09-13T00:00:00.000Z', 'startDate'],
    ['startDate=-000001-01-01&endDate=2026-11-21', 'startDate'],
    // PostgreSQL has no year 0 (was a 500).
    ['startDate=0000-01-01&endDate=0000-01-02', 'startDate'],
  ])('/api/rising-stars?%s is refused with 400', async (query, name) => {
    const response = await get(`/api/rising-stars?${query}`);
    expect(response.status).toBe(400);
    expect(response.body).toEqual(refused(`${name} must be a date between 1970 and 9999.`));
  });

  it.each([
    ['to=0000-01-01', 'to'],
    ['from=%2B275760-09-13T00:00:00.000Z', 'from'],
    ['from=2026-01-01&to=-271821-04-20T00:00:00.000Z', 'to'],
  ])('/api/fictions/:royalroadId/history?%s is refused with 400', async (query, name) => {
    const response = await get(`/api/fictions/${real.royalroadIds[0]}/history?${query}`);
    expect(response.status).toBe(400);
    expect(response.body).toEqual(refused(`${name} must be a date between 1970 and 9999.`));
  });

  it('dates within the years the database holds still work', async () => {
    for (const url of [
      '/api/rising-stars?startDate=2026-11-01&endDate=2026-11-21T12:00:00.000Z',
      '/api/rising-stars?endDate=1970-01-01',
      '/api/rising-stars?startDate=9999-12-25&endDate=9999-12-31T23:59:59.999Z',
      `/api/fictions/${real.royalroadIds[0]}/history?from=1970-01-01&to=9999-12-31`,
    ]) {
      const response = await get(url);
      expect(response.status, url).toBe(200);
    }
  });
});
