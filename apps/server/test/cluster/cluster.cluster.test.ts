import { GENRE_SLUGS } from '@rrc/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookReceiver, type WebhookReceiver } from '../webhook-receiver.ts';
import {
  type Cluster,
  call,
  clusterUnavailable,
  type Instance,
  type RecordedRequest,
  sleep,
  startCluster,
  until,
} from './cluster.ts';

// Three web instances (ROLE=web) and two workers (ROLE=worker, both scheduling) of the real server on one
// PostgreSQL database, behind HAProxy with deploy/haproxy.cfg, reading the fake Royal Road (which records when
// each request arrives). The site must behave as one: (a) limits are counted once for the whole site,
// (b) Royal Road is paced once for the whole site and a capture goes ahead of readers, (c) each scheduled run
// and each alert happens once, (d) a change through one instance is seen through every other at once, (e) a
// capture survives the kill -9 of its worker, (f) a rolling restart loses no request, (g) /metrics answers
// its token only and counts the traffic. "Through HAProxy" is whichever instance answers; "through webN" is
// that instance's own port.

const INTERVAL_MS = 150;
/**
 * Timer slack allowed when comparing arrival times at the fake: the fake stamps each arrival with Date.now()
 * (whole milliseconds) in another process than the one that waited, so two requests exactly one interval
 * apart may be stamped up to a couple of milliseconds closer.
 */
const SLACK_MS = 5;
const REGISTRATIONS_PER_HOUR = 5;
const FAILED_SIGN_INS = 10;
const METRICS_TOKEN = 'cluster-metrics-token-0123456789';
const ADMIN = 'admin@example.com';
const PASSWORD = 'Correct-Horse-Battery-42';
const ADDS = 100;
const LANES = 4;

const unavailable = await clusterUnavailable();
if (unavailable) console.warn(`!!!!! cluster test skipped: ${unavailable}`);

let cluster: Cluster;
let db: pg.Client;
let hook: WebhookReceiver;
const tokens = { admin: '', reader: '', lanes: [] as string[] };
let address = 0;
/** A client address of its own for each registration made to set the test up (TRUST_PROXY is 127.0.0.1). */
const nextAddress = () => ({ 'x-forwarded-for': `198.51.100.${++address}` });

async function register(base: string, email: string, headers: Record<string, string> = nextAddress()) {
  return call<{ data: { token: string } }>(base, 'POST', '/api/auth/register', {
    body: { email, password: PASSWORD },
    headers,
  });
}

/** Registers an account for the test's own use and answers its token. */
async function account(base: string, email: string): Promise<string> {
  const response = await register(base, email);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data.token;
}

async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await db.query<T>(text, values)).rows;
}

async function runOf(id: number) {
  return (
    await query<{
      status: string;
      attempts: number;
      started_ms: number;
      counts: string;
      error: string | null;
    }>(
      'select status, attempts, (extract(epoch from started_at) * 1000)::float8 as started_ms, counts, error from job_runs where id = $1',
      [id],
    )
  )[0];
}

async function finished(id: number, timeoutMs: number) {
  return until(
    `job run ${id}`,
    async () => {
      const run = await runOf(id);
      return run && !['queued', 'running'].includes(run.status) ? run : undefined;
    },
    timeoutMs,
    100,
  );
}

async function triggerCapture(): Promise<number> {
  const response = await call<{ data: { jobId: number } }>(
    cluster.url,
    'POST',
    '/api/admin/trigger/rising-stars-scrape',
    { token: tokens.admin },
  );
  expect(response.status).toBe(202);
  return response.body.data.jobId;
}

const isList = (request: RecordedRequest) => request.path.startsWith('/fictions/rising-stars');

/** Consecutive arrivals at the fake closer than the interval (less the slack). */
function tooClose(requests: RecordedRequest[]) {
  const close: string[] = [];
  for (let i = 1; i < requests.length; i++) {
    const gap = (requests[i]?.at ?? 0) - (requests[i - 1]?.at ?? 0);
    if (gap < INTERVAL_MS - SLACK_MS)
      close.push(`${requests[i - 1]?.path} → ${requests[i]?.path}: ${gap} ms`);
  }
  return close;
}

/** The ids of the main list of a capture, in rank order, as Royal Road ids. */
async function mainList(captureId: number): Promise<number[]> {
  const rows = await query<{ royalroad_id: number }>(
    `select f.royalroad_id from rising_star_entries e join fictions f on f.id = e.fiction_id
      where e.capture_id = $1 and e.genre = 'main' order by e.position`,
    [captureId],
  );
  return rows.map((row) => Number(row.royalroad_id));
}

let watched = 0;
let mainIds: number[] = [];

describe.skipIf(unavailable !== null)('several instances on one PostgreSQL database behind HAProxy', () => {
  beforeAll(async () => {
    hook = await startWebhookReceiver();
    cluster = await startCluster({
      webs: 3,
      workers: 2,
      intervalMs: INTERVAL_MS,
      // Smaller Rising Stars lists than Royal Road's (40 fictions over every list instead of some 230), so
      // that the daily refresh of every tracked fiction, which the schedulers start at once, is short.
      prepare: async (fake) => {
        const { ids } = await fake.control<{ ids: number[] }>('site/fictions', { count: 40 });
        await fake.control('site/rising-stars', { genre: 'main', ids: ids.slice(0, 25) });
        for (const [n, genre] of GENRE_SLUGS.filter((slug) => slug !== 'main').entries())
          await fake.control('site/rising-stars', {
            genre,
            ids: Array.from({ length: 10 }, (_, k) => ids[(n * 3 + k) % ids.length] as number),
          });
      },
      env: {
        ADMIN_EMAILS: ADMIN,
        REGISTRATION_RATE_LIMIT: String(REGISTRATIONS_PER_HOUR),
        AUTH_RATE_LIMIT: String(FAILED_SIGN_INS),
        METRICS_TOKEN,
        TRUST_PROXY: '127.0.0.1',
        WEBHOOK_ALLOW_PRIVATE: 'true',
        SHUTDOWN_DELAY_MS: '1500',
        SHUTDOWN_GRACE_MS: '5000',
      },
    });
    db = new pg.Client({ connectionString: cluster.databaseUrl });
    await db.connect();
    const [web1] = cluster.web as [Instance];
    tokens.admin = await account(web1.url, ADMIN);
    tokens.reader = await account(web1.url, 'reader@example.com');
    for (let lane = 0; lane < LANES; lane++)
      tokens.lanes.push(await account(web1.url, `lane${lane}@example.com`));
    expect(tokens.admin && tokens.reader && tokens.lanes.every(Boolean)).toBeTruthy();
    // Verified addresses: the administrator's rights (ADMIN_EMAILS) and the reader's webhooks need one.
    await query(`update users set email_verified_at = now()`);
  }, 180_000);

  afterAll(async () => {
    await db?.end().catch(() => undefined);
    await cluster?.stop();
    await hook?.close();
  }, 60_000);

  it('(a) the 11th failed sign-in of an address is refused whichever instance answers; so are registrations past the hourly limit', async () => {
    const statuses: number[] = [];
    for (let n = 0; n <= FAILED_SIGN_INS; n++) {
      const response = await call(cluster.url, 'POST', '/api/auth/login', {
        body: { email: ADMIN, password: 'not the password at all' },
      });
      statuses.push(response.status);
    }
    // Round robin over three instances: each saw three or four of these, and none alone reached ten.
    expect(statuses.slice(0, FAILED_SIGN_INS)).toEqual(Array(FAILED_SIGN_INS).fill(401));
    expect(statuses[FAILED_SIGN_INS]).toBe(429);
    for (const instance of cluster.web) {
      const direct = await call(instance.url, 'POST', '/api/auth/login', {
        body: { email: ADMIN, password: PASSWORD },
      });
      expect(direct.status, instance.name).toBe(429);
    }

    const registrations: number[] = [];
    // From another address than the failed sign-ins above, which that address is refused everything for.
    const newcomer = { 'x-forwarded-for': '203.0.113.50' };
    for (let n = 0; n <= REGISTRATIONS_PER_HOUR; n++)
      registrations.push((await register(cluster.url, `newcomer${n}@example.com`, newcomer)).status);
    expect(registrations.slice(0, REGISTRATIONS_PER_HOUR)).toEqual(Array(REGISTRATIONS_PER_HOUR).fill(201));
    expect(registrations[REGISTRATIONS_PER_HOUR]).toBe(429);
    for (const instance of cluster.web)
      expect(
        (await register(instance.url, `late-${instance.name}@example.com`, newcomer)).status,
        instance.name,
      ).toBe(429);
  });

  it('(c, first part) the catch-up runs both schedulers queued at start ran once each', async () => {
    // Both workers schedule: at start each tries to queue the missed run of every job.
    const scheduled = await until(
      'the catch-up runs',
      async () => {
        const rows = await query<{ id: number; job: string; scheduled_for: string; status: string }>(
          `select id, job, scheduled_for::text, status from job_runs where trigger in ('catch-up', 'schedule') order by id`,
        );
        return rows.length >= 2 && rows.every((row) => !['queued', 'running'].includes(row.status)) && rows;
      },
      60_000,
      200,
    );
    const keys = scheduled.map((row) => `${row.job} ${row.scheduled_for}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(scheduled.map((row) => row.job).sort()).toEqual(['all-fictions', 'rising-stars']);
    expect(scheduled.every((row) => row.status === 'succeeded')).toBe(true);
    const capture = await query<{ id: number }>(
      `select id from rising_star_captures where status = 'complete' order by id desc limit 1`,
    );
    mainIds = await mainList(Number(capture[0]?.id));
    expect(mainIds.length).toBeGreaterThan(20);
    watched = mainIds[19] as number;

    // The reader watches a fiction of the main list and is told of it by webhook.
    const webhook = await call(cluster.url, 'POST', '/api/webhooks', {
      token: tokens.reader,
      body: { url: hook.url, kind: 'json' },
    });
    expect(webhook.status).toBe(201);
    const watch = await call(cluster.url, 'POST', '/api/watches', {
      token: tokens.reader,
      body: {
        royalroad_id: watched,
        events: ['rs_entered', 'rs_left', 'rs_best', 'main_top10'],
        channels: { app: true, email: false, webhooks: true },
      },
    });
    expect(watch.status).toBe(201);
  }, 90_000);

  it(`(b) a capture plus ${ADDS} readers' adds over every instance: Royal Road sees no two requests closer than SCRAPE_INTERVAL_MS, and the capture waits for one request at most`, async () => {
    // The watched fiction leaves the main list (an alert for (c)).
    await cluster.fake.control('site/rising-stars', {
      genre: 'main',
      ids: mainIds.filter((id) => id !== watched),
    });
    const { ids } = await cluster.fake.control<{ ids: number[] }>('site/fictions', { count: ADDS });
    const answers: Array<{ id: number; status: number; instance: string }> = [];
    let next = 0;
    let captureId = 0;
    let stopped = false;
    const lanes = tokens.lanes.map(async (token) => {
      while (next < ids.length && !stopped) {
        const n = next++;
        const instance = cluster.web[n % cluster.web.length] as Instance;
        const id = ids[n] as number;
        const response = await call(instance.url, 'POST', '/api/fictions', {
          token,
          body: { royalroadId: id },
        });
        answers.push({ id, status: response.status, instance: instance.name });
      }
    });
    try {
      // The capture is asked for once the adds are flowing.
      await until('the first adds', () => answers.length >= 8, 60_000);
      captureId = await triggerCapture();
    } finally {
      stopped = captureId === 0;
      await Promise.all(lanes);
    }
    const run = await finished(captureId, 90_000);
    expect(run.status).toBe('succeeded');

    expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
    const requests = await cluster.fake.requests();
    expect(tooClose(requests)).toEqual([]);
    // Every add reached Royal Road (once), from whichever worker took it.
    const fictionPaths = new Set(ids.map((id) => `/fiction/${id}`));
    expect(requests.filter((request) => fictionPaths.has(request.path.split('?')[0] ?? '')).length).toBe(
      ADDS,
    );

    // The capture's lists went out one after the other, with no reader's request between them, and the first
    // waited for at most the one request under way when the run started.
    const started = run.started_ms;
    const after = requests.filter((request) => request.at >= started);
    const first = after.findIndex(isList);
    const lists = after.filter(isList);
    expect(lists.length).toBe(GENRE_SLUGS.length);
    const last = after.lastIndexOf(lists[lists.length - 1] as RecordedRequest);
    expect(after.slice(first, last + 1).filter((request) => !isList(request))).toEqual([]);
    expect(after.slice(0, first).length).toBeLessThanOrEqual(1);
    // Started → first list: one request under way and one interval, plus the run's own database writes.
    expect((after[first]?.at ?? 0) - started).toBeLessThanOrEqual(2 * INTERVAL_MS + 300);
  }, 150_000);

  it('(d) a favorites reorder through web1 is read back through web2 and web3 at once; a sign-out through web1 is refused by web2 and web3 at once', async () => {
    const [web1, web2, web3] = cluster.web as [Instance, Instance, Instance];
    const fictions = await query<{ id: number }>('select id from fictions order by id limit 4');
    for (const fiction of fictions) {
      const response = await call(web1.url, 'POST', `/api/userFictions/${fiction.id}/favorite`, {
        token: tokens.reader,
      });
      expect(response.status).toBe(200);
    }
    const order = async (instance: Instance) => {
      const response = await call<{ data: { userFictions: Array<{ fiction_id: number }> } }>(
        instance.url,
        'GET',
        '/api/userFictions/favorites?limit=100',
        { token: tokens.reader },
      );
      expect(response.status).toBe(200);
      return response.body.data.userFictions.map((entry) => entry.fiction_id);
    };
    // Every instance has read (and may keep) the list as it is.
    const before = await order(web1);
    expect(before).toHaveLength(4);
    expect(await order(web2)).toEqual(before);
    expect(await order(web3)).toEqual(before);
    const reversed = [...before].reverse();
    const reorder = await call(web1.url, 'POST', '/api/userFictions/favorites/reorder', {
      token: tokens.reader,
      body: { fictionIds: reversed },
    });
    expect(reorder.status).toBe(200);
    expect(await order(web2)).toEqual(reversed);
    expect(await order(web3)).toEqual(reversed);

    // A session every instance has seen (and may keep) ends through web1.
    const session = await account(web1.url, 'leaving@example.com');
    for (const instance of cluster.web)
      expect((await call(instance.url, 'GET', '/api/auth/profile', { token: session })).status).toBe(200);
    expect((await call(web1.url, 'POST', '/api/auth/logout', { token: session })).status).toBe(200);
    expect((await call(web2.url, 'GET', '/api/auth/profile', { token: session })).status).toBe(401);
    expect((await call(web3.url, 'GET', '/api/auth/profile', { token: session })).status).toBe(401);
  });

  let killedCapture = 0;
  let killed: Instance | undefined;

  it('(e, first part) the worker running a capture is killed (kill -9) in the middle of it', async () => {
    // The watched fiction comes back, first on the main list (more alerts for (c)).
    await cluster.fake.control('site/rising-stars', {
      genre: 'main',
      ids: [watched, ...mainIds.filter((id) => id !== watched).slice(0, 30)],
    });
    const before = (await cluster.fake.requests()).length;
    killedCapture = await triggerCapture();
    await until(
      'a few lists of the capture',
      async () => (await cluster.fake.requests()).slice(before).filter(isList).length >= 5,
      30_000,
    );
    killed = cluster.workers.find((worker) =>
      worker.output().includes(`rising-stars run ${killedCapture} started`),
    );
    expect(killed, 'the worker that started the capture').toBeDefined();
    killed?.proc?.child.kill('SIGKILL');
    await killed?.proc?.exited;
    expect((await runOf(killedCapture))?.status).toBe('running');
  });

  it('(f) a rolling restart of the three web instances under steady load loses no request; each leaves the rotation before it stops', async () => {
    const statuses: number[] = [];
    const errors: string[] = [];
    let loading = true;
    const paths = ['/api/health', '/api/fictions?limit=5', '/api/rising-stars/latest', '/api/config'];
    const load = Array.from({ length: 3 }, async (_, lane) => {
      let n = lane;
      while (loading) {
        const path = paths[n++ % paths.length] as string;
        try {
          const response = await fetch(`${cluster.url}${path}`, { redirect: 'manual' });
          await response.arrayBuffer();
          statuses.push(response.status);
          if (response.status >= 400) errors.push(`${path}: ${response.status}`);
        } catch (error) {
          errors.push(`${path}: ${String(error)}`);
        }
        await sleep(20);
      }
    });
    await sleep(500);
    for (const instance of cluster.web) {
      let notReadyAt = 0;
      let outOfRotationAt = 0;
      let watching = true;
      const readiness = (async () => {
        while (watching && !notReadyAt) {
          const response = await fetch(`${instance.url}/api/health/ready`).catch(() => null);
          if (response?.status === 503) notReadyAt = Date.now();
          await response?.arrayBuffer();
          await sleep(25);
        }
      })();
      const rotation = (async () => {
        while (watching && !outOfRotationAt) {
          const state = (await cluster.serverStates().catch(() => ({}) as Record<string, string>))[
            instance.name
          ];
          if (state?.startsWith('DOWN') || state?.startsWith('NOLB') || state?.startsWith('MAINT'))
            outOfRotationAt = Date.now();
          await sleep(50);
        }
      })();
      const exit = await instance.stop('SIGTERM');
      watching = false;
      await Promise.all([readiness, rotation]);
      expect(exit.code, `${instance.name}: ${instance.output().slice(-2000)}`).toBe(0);
      expect(notReadyAt, `${instance.name} answered 503 on readiness`).toBeGreaterThan(0);
      expect(notReadyAt).toBeLessThan(exit.at);
      expect(outOfRotationAt, `${instance.name} left HAProxy's rotation`).toBeGreaterThan(0);
      expect(outOfRotationAt).toBeLessThan(exit.at);
      await instance.start();
      await until(
        `${instance.name} back in the rotation`,
        async () => (await cluster.serverStates())[instance.name] === 'UP',
        10_000,
      );
    }
    loading = false;
    await Promise.all(load);
    expect(errors).toEqual([]);
    expect(statuses.length).toBeGreaterThan(50);
    expect(statuses.every((status) => status >= 200 && status < 400)).toBe(true);
  }, 120_000);

  it('(g) /metrics answers with the token and refuses without it; its counters move with the traffic', async () => {
    const [web1] = cluster.web as [Instance];
    expect((await call(web1.url, 'GET', '/metrics')).status).toBe(401);
    expect((await call(web1.url, 'GET', '/metrics', { token: 'not-the-metrics-token-at-all' })).status).toBe(
      401,
    );
    const requestsCounted = async () => {
      const response = await fetch(`${web1.url}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(response.status).toBe(200);
      const text = await response.text();
      return text
        .split('\n')
        .filter(
          (line) => line.startsWith('rrc_http_requests_total{') && line.includes('route="/api/health/live"'),
        )
        .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
    };
    const before = await requestsCounted();
    for (let n = 0; n < 12; n++) expect((await call(web1.url, 'GET', '/api/health/live')).status).toBe(200);
    expect((await requestsCounted()) - before).toBe(12);
  });

  it('(e) the other worker completes the capture after the lease lapses: no duplicate snapshot, no lost list', async () => {
    const run = await finished(killedCapture, 120_000);
    const alive = cluster.workers.find((worker) => worker !== killed);
    expect(run.status, `${run.error}\n${alive?.output().slice(-3000)}`).toBe('succeeded');
    expect(run.attempts).toBeGreaterThan(0);
    expect(alive?.output()).toContain(`rising-stars run ${killedCapture} started`);
    const captures = await query<{
      id: number;
      status: string;
      genres_total: number;
      genres_captured: number;
    }>('select id, status, genres_total, genres_captured from rising_star_captures where job_run_id = $1', [
      killedCapture,
    ]);
    expect(captures).toHaveLength(1);
    const capture = captures[0] as (typeof captures)[number];
    expect(capture.status).toBe('complete');
    expect(capture.genres_captured).toBe(GENRE_SLUGS.length);
    const entries = await query<{ genre: string; position: number; fiction_id: number }>(
      'select genre, position, fiction_id from rising_star_entries where capture_id = $1',
      [capture.id],
    );
    expect(new Set(entries.map((entry) => entry.genre)).size).toBe(GENRE_SLUGS.length);
    const positions = entries.map((entry) => `${entry.genre} #${entry.position}`);
    expect(positions.length - new Set(positions).size).toBe(0);
    const fictions = entries.map((entry) => `${entry.genre} ${entry.fiction_id}`);
    expect(fictions.length - new Set(fictions).size).toBe(0);
    // The pace held through the takeover too.
    expect(tooClose(await cluster.fake.requests())).toEqual([]);
  }, 150_000);

  it('(c) each alert reached the webhook exactly once, whichever worker sent it', async () => {
    const rows = await until(
      'the outbox to empty',
      async () => {
        const deliveries = await query<{ id: number; status: string }>(
          `select id, status from deliveries where channel = 'webhook'`,
        );
        return deliveries.length > 0 && deliveries.every((row) => row.status === 'sent') && deliveries;
      },
      60_000,
      200,
    );
    const ids = hook.calls.map((received) => String(received.headers['rrc-event-id']));
    expect(ids.length).toBeGreaterThanOrEqual(2);
    expect(ids.length - new Set(ids).size).toBe(0);
    expect(new Set(ids).size).toBe(rows.length);
    // And each scheduled run still once.
    const scheduled = await query<{ job: string; scheduled_for: string }>(
      `select job, scheduled_for::text from job_runs where scheduled_for is not null`,
    );
    const keys = scheduled.map((row) => `${row.job} ${row.scheduled_for}`);
    expect(keys.length - new Set(keys).size).toBe(0);
  }, 90_000);
});
