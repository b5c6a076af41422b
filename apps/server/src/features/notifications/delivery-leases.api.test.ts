import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createSharedTestDatabase } from '../../../test/test-app.ts';
import type { Database } from '../../db/database.ts';
import { BackgroundTasks } from '../../lib/background-tasks.ts';
import { createMailer } from '../../mail/mailer.ts';
import { deliveriesRepository } from './deliveries.repository.ts';
import { deliveryService } from './delivery.service.ts';
import { eventsRepository } from './events.repository.ts';
import { notificationsRepository } from './notifications.repository.ts';

// A delivery in the outbox claimed by a worker that dies (it stops renewing its lease and never records an
// outcome) is taken over by another worker once the lease lapses, and sent with the same RRC-Event-Id, so the
// receiver can drop the repeat; the dead worker's late answer changes nothing. A worker still alive keeps its
// delivery by renewing the lease, however long the receiver takes.

const LEASE_MS = 600;
const SLOW_MS = 2_000;

let shared: Awaited<ReturnType<typeof createSharedTestDatabase>> | undefined;
let receiver: Server | undefined;
afterEach(async () => {
  receiver?.closeAllConnections();
  await new Promise((resolve) => (receiver ? receiver.close(resolve) : resolve(null)));
  receiver = undefined;
  await shared?.close();
  shared = undefined;
});

/** A receiver keeping each call's RRC-Event-Id: the first call is answered after SLOW_MS, the rest at once. */
async function startReceiver() {
  const calls: string[] = [];
  receiver = createServer((request, response) => {
    calls.push(String(request.headers['rrc-event-id']));
    request.resume();
    if (calls.length === 1) setTimeout(() => response.end('ok'), SLOW_MS);
    else response.end('ok');
  });
  await new Promise<void>((resolve) => receiver?.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`, calls };
}

const quiet = { warn() {}, error() {} };

/** A worker's outbox on the shared database: its own connection and lease, renewed every `renewMs`. */
function worker(database: Database, renewMs: number) {
  const { db } = database;
  return deliveryService({
    repositories: {
      notifications: notificationsRepository(db),
      events: eventsRepository(db),
      deliveries: deliveriesRepository(db),
    },
    mailer: createMailer({
      smtpUrl: undefined,
      from: 'rrc@example.com',
      tasks: new BackgroundTasks({ log: quiet }),
      log: quiet,
    }),
    publicUrl: 'https://rrc.example',
    secret: 'lease-test-secret',
    webhooks: { allowPrivate: true, httpsOnly: false },
    log: quiet,
    now: () => new Date(),
    leaseMs: LEASE_MS,
    renewMs,
  });
}

async function seedDelivery(database: Database, url: string): Promise<number> {
  const at = '2026-01-01T00:00:00.000Z';
  const user = await database.db
    .insertInto('users')
    .values({
      email: 'reader@example.com',
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
      url,
      kind: 'json',
      secret: 'whsec_lease',
      enabled: true,
      disabled_reason: null,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await database.db
    .insertInto('deliveries')
    .values({
      user_id: user.id,
      channel: 'webhook',
      webhook_id: hook.id,
      notification_id: null,
      delivery_key: 'lease:1',
      payload: JSON.stringify({ test: true }),
      status: 'queued',
      next_attempt_at: at,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const row = (database: Database, id: number) =>
  database.db.selectFrom('deliveries').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('a delivery whose worker dies', () => {
  it('is taken over once its lease lapses, sent with the same RRC-Event-Id, and the dead worker records nothing', async () => {
    shared = await createSharedTestDatabase();
    const database = shared.open();
    const { url, calls } = await startReceiver();
    const id = await seedDelivery(database, url);
    // A stops renewing (it died); B renews as a live worker does.
    const a = worker(shared.open(), 2 ** 30);
    const b = worker(shared.open(), LEASE_MS / 3);

    const aDone = a.deliverDue();
    while (calls.length === 0) await pause(10);
    expect((await row(database, id)).lease_owner).not.toBeNull();
    // While A's lease holds, B leaves the delivery alone.
    await b.deliverDue();
    expect(calls).toHaveLength(1);

    await pause(LEASE_MS + 200);
    await b.deliverDue();
    expect(calls).toHaveLength(2);
    expect(calls[1]).toBe(calls[0]);
    const sent = await row(database, id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, lease_owner: null, locked_until: null });

    // A's call answers at last: A was taken for dead, and B's record stands as it was.
    await aDone;
    expect(await row(database, id)).toEqual(sent);
    expect(calls).toHaveLength(2);
  }, 20_000);

  it('stays with a live worker that renews its lease while the receiver is slow', async () => {
    shared = await createSharedTestDatabase();
    const database = shared.open();
    const { url, calls } = await startReceiver();
    const id = await seedDelivery(database, url);
    const a = worker(shared.open(), LEASE_MS / 3);
    const b = worker(shared.open(), LEASE_MS / 3);

    const aDone = a.deliverDue();
    while (calls.length === 0) await pause(10);
    // Past several leases, A still holds it: B takes nothing.
    for (let i = 0; i < 3; i++) {
      await pause(LEASE_MS / 2);
      await b.deliverDue();
    }
    expect(calls).toHaveLength(1);
    expect(await aDone).toEqual({ sent: 1, failed: 0 });
    expect(await row(database, id)).toMatchObject({ status: 'sent', attempts: 1, lease_owner: null });
    expect(calls).toHaveLength(1);
  }, 20_000);
});
