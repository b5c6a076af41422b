import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createSharedTestDatabase } from '../../../test/test-app.ts';
import type { Database } from '../../db/database.ts';

// The real server process with a backlog in its outbox: SIGTERM ends it within seconds (the calls under way
// get a grace period, then are stopped and left queued), and the next start sends the rest. Every delivery
// reaches the receiver; one answered is never sent again; one stopped half way is sent again with the same
// RRC-Event-Id, so the receiver can drop it.

const MAIN = fileURLToPath(new URL('../../main.ts', import.meta.url));
const SLOW_MS = 1_500;
const PER_WEBHOOK = 5;

let shared: Awaited<ReturnType<typeof createSharedTestDatabase>> | undefined;
let receiver: Server | undefined;
const children = new Set<ChildProcess>();
afterEach(async () => {
  for (const child of children) child.kill('SIGKILL');
  children.clear();
  receiver?.closeAllConnections();
  await new Promise((resolve) => (receiver ? receiver.close(resolve) : resolve(null)));
  receiver = undefined;
  await shared?.close();
  shared = undefined;
});

/** The server process on the database, delivering (ROLE=all, the scheduler off). */
function startServer(databaseUrl: string) {
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      NODE_ENV: 'test',
      JWT_SECRET: 'shutdown-test-secret-that-is-long-enough-to-use',
      PORT: '0',
      HOST: '127.0.0.1',
      ROLE: 'all',
      SCHEDULER: 'off',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      PUBLIC_URL: 'https://rrc.example',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on('exit', (code) => {
      children.delete(child);
      resolve({ code, output });
    }),
  );
  return { child, exited };
}

/**
 * A receiver keeping each call's RRC-Event-Id: `/slow` answers after SLOW_MS, `/stall` never answers until
 * `fast` is set; once `fast`, every call is answered at once.
 */
async function startReceiver() {
  const received: { id: string; round: number }[] = [];
  const answered = new Set<string>();
  const state = { round: 1, fast: false };
  receiver = createServer((request: IncomingMessage, response: ServerResponse) => {
    const id = String(request.headers['rrc-event-id']);
    received.push({ id, round: state.round });
    request.resume();
    const answer = () => {
      response.end('ok', () => answered.add(id));
    };
    if (state.fast) answer();
    else if (request.url?.startsWith('/slow')) setTimeout(answer, SLOW_MS);
  });
  await new Promise<void>((resolve) => receiver?.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  return { base, received, answered, state };
}

async function seedBacklog(database: Database, base: string) {
  const at = '2026-01-01T00:00:00.000Z';
  let n = 0;
  for (const path of ['/slow/a', '/slow/b', '/slow/c', '/stall/d']) {
    const user = await database.db
      .insertInto('users')
      .values({
        email: `reader${path.replaceAll('/', '-')}@example.com`,
        name: null,
        password_hash: null,
        admin: false,
        created_at: at,
        updated_at: at,
        last_seen_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const hook = await database.db
      .insertInto('webhooks')
      .values({
        user_id: user.id,
        url: `${base}${path}`,
        kind: 'json',
        secret: 'whsec_shutdown',
        enabled: true,
        disabled_reason: null,
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let i = 0; i < PER_WEBHOOK; i++)
      await database.db
        .insertInto('deliveries')
        .values({
          user_id: user.id,
          channel: 'webhook',
          webhook_id: hook.id,
          notification_id: null,
          delivery_key: `backlog:${n++}`,
          payload: JSON.stringify({ test: true }),
          status: 'queued',
          next_attempt_at: at,
          created_at: at,
        })
        .execute();
  }
  return n;
}

async function until(what: string, done: () => boolean | Promise<boolean>, timeoutMs: number) {
  const started = Date.now();
  while (!(await done())) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const statuses = async (database: Database) =>
  (await database.db.selectFrom('deliveries').select(['status', 'locked_until', 'attempts']).execute()).map(
    (row) => ({ ...row, locked: row.locked_until !== null }),
  );

describe('stopping the server with deliveries waiting', () => {
  it('SIGTERM ends it within 10 seconds; after a restart the backlog arrives, each event once by its id', async () => {
    shared = await createSharedTestDatabase();
    const database = shared.open();
    const { base, received, answered, state } = await startReceiver();
    const total = await seedBacklog(database, base);

    const first = startServer(shared.url);
    // The first round is under way (one call per webhook), and the slow ones have answered once.
    await until('the first calls', () => answered.size >= 3 && received.length >= 7, 60_000);
    const sentBefore = new Set(answered);
    const stopping = Date.now();
    first.child.kill('SIGTERM');
    const { code, output } = await first.exited;
    const tookMs = Date.now() - stopping;
    expect(code, output).toBe(0);
    expect(tookMs).toBeLessThan(10_000);

    // The backlog is still there, nothing is locked, and the stalled call was not counted as a try.
    const left = await statuses(database);
    expect(left.filter((row) => row.status === 'queued').length).toBeGreaterThan(0);
    expect(left.filter((row) => row.status === 'given_up')).toEqual([]);
    expect(left.filter((row) => row.locked)).toEqual([]);
    expect(left.filter((row) => row.status === 'queued' && row.attempts > 0)).toEqual([]);

    state.round = 2;
    state.fast = true;
    const second = startServer(shared.url);
    await until(
      'the whole backlog',
      async () => (await statuses(database)).every((row) => row.status === 'sent'),
      60_000,
    );
    second.child.kill('SIGTERM');
    expect((await second.exited).code).toBe(0);

    const ids = received.map((call) => call.id);
    expect(new Set(ids).size).toBe(total);
    // What was answered before the stop is never sent again.
    const again = received.filter((call) => call.round === 2 && sentBefore.has(call.id));
    expect(again).toEqual([]);
    // Only the call stopped half way came twice, with the same id.
    const twice = [...new Set(ids.filter((id, index) => ids.indexOf(id) !== index))];
    expect(twice).toHaveLength(1);
    expect(received.filter((call) => call.id === twice[0]).map((call) => call.round)).toEqual([1, 2]);
  }, 120_000);
});
