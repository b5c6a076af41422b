import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Schema } from '../db/schema.ts';
import type { QueueLimits, QueueName, Requester } from './request-queues.ts';
import { refusalFor } from './request-queues.ts';

/** An interactive request's place in the site-wide count of waiting requests. */
export interface Seat {
  /** The request is under way: it no longer counts against the queue's cap (still against its asker's share). */
  started(): void;
  /** The request is done (answered or failed): its place is given back. */
  release(): void;
}

/**
 * The line to Royal Road shared by every process of the site. Each process keeps its own queues
 * (`RequestQueues`: one request at a time, the interval after the previous one, captures first); the site line
 * adds what must hold across processes:
 * - `turn`: one request to Royal Road at a time in the whole site, each at least the interval after the
 *   previous one ended, and none from the interactive queue while a capture holds the line;
 * - `hold`: a capture holds the line for every process;
 * - `admit`: the interactive queue's caps (the queue's size, each reader's and address's share) counted
 *   across processes.
 * With one process (SQLite), the process's own queues are the whole line: `localLine` adds nothing.
 */
export interface SiteLine {
  turn<T>(queue: QueueName, send: () => Promise<T>): Promise<T>;
  hold(): () => void;
  /** Absent: the process's own count is the site's. */
  admit?(requester: Requester | undefined, limits: QueueLimits): Promise<Seat>;
  /** Lets go of what the line keeps (timers); the rows it left lapse by themselves. */
  close(): void;
}

/** One process (SQLite): its own queues already space and order every request to Royal Road. */
export const localLine: SiteLine = {
  turn: (_queue, send) => send(),
  hold: () => () => {},
  close: () => {},
};

/** How long a capture's hold and a waiting request's place last unless renewed (a dead process's lapse). */
const LEASE_MS = 30_000;
const RENEW_MS = LEASE_MS / 3;
/** How often an interactive request looks again whether the capture holding the line has ended. */
const HELD_POLL_MS = 50;
/** The database's clock in milliseconds: every process measures the pace by the same clock. */
const NOW_MS = sql<string>`(extract(epoch from clock_timestamp()) * 1000)::bigint`;

/**
 * The row a capture's hold is written in: apart from the pace row, so that a hold takes effect at once, even
 * while another process's request holds the pace row's lock.
 */
const HOLD_ROW = 2;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The line's rows (1: the pace, 2: a capture's hold), written unless they are there. */
const ensureRow = (db: Kysely<Schema>) =>
  sql`insert into royalroad_pace (id, next_at, held_until) values (1, 0, 0), (${HOLD_ROW}, 0, 0)
      on conflict (id) do nothing`.execute(db);

/**
 * The site's line through PostgreSQL. The row `royalroad_pace` (id 1) is the line: a process takes its turn
 * by locking the row (`select … for update`), waits until `next_at`, sends its request and, once the answer is
 * read, sets `next_at` to the database's clock plus the interval and commits. So requests from any number of
 * processes go one at a time, each the interval after the previous one ended; a process that dies mid-request
 * loses its connection and the lock with it. A capture's hold is written in a row of its own (id 2: `held_by`,
 * `held_until`, renewed while it runs), so it takes effect at once even while a request holds the pace row:
 * an interactive request that finds it held lets go of the pace row and looks again shortly. Waiting interactive requests are rows of `royalroad_waiting`, counted under an advisory
 * lock, each renewed by its process while it waits (a dead process's rows lapse).
 */
export function postgresLine(
  db: Kysely<Schema>,
  options: { intervalMs: number; log?: (message: string) => void },
): SiteLine {
  const owner = randomUUID();
  const log = options.log ?? (() => {});
  const seats = new Set<string>();
  let renewal: NodeJS.Timeout | undefined;
  const timers = new Set<NodeJS.Timeout>();

  function renewSeats() {
    if (seats.size === 0) {
      clearInterval(renewal);
      renewal = undefined;
      return;
    }
    void db
      .updateTable('royalroad_waiting')
      .set({ lease_until: sql<number>`${NOW_MS} + ${LEASE_MS}` })
      .where('owner', '=', owner)
      .execute()
      .catch((error: unknown) => log(`could not renew the waiting requests: ${String(error)}`));
  }

  return {
    async turn(queue, send) {
      for (;;) {
        const outcome = await db.transaction().execute(async (trx) => {
          const lockRow = () =>
            sql<{ next_at: string; now: string }>`
              select next_at, ${NOW_MS} as now from royalroad_pace where id = 1 for update`.execute(trx);
          let { rows } = await lockRow();
          if (rows.length === 0) {
            // The migration writes the row; a database emptied since gets it back on first use.
            await ensureRow(trx);
            ({ rows } = await lockRow());
          }
          const row = rows[0];
          if (!row) throw new Error('The Royal Road pace row could not be written.');
          const now = Number(row.now);
          if (queue === 'interactive') {
            // Read in a statement of its own, once the turn is ours: it sees a hold written while we waited.
            const hold = await sql<{ held_until: string | null; now: string }>`
              select (select held_until from royalroad_pace where id = ${HOLD_ROW}) as held_until,
                ${NOW_MS} as now`.execute(trx);
            const seen = hold.rows[0];
            if (seen && Number(seen.held_until ?? 0) > Number(seen.now)) return { held: true as const };
          }
          const wait = Number(row.next_at) - now;
          // One extra millisecond: the clocks truncate, and the gap must never come out short.
          if (wait > 0) await pause(wait + 1);
          let result: { value: Awaited<ReturnType<typeof send>> } | { error: unknown };
          try {
            result = { value: await send() };
          } catch (error) {
            result = { error };
          }
          await sql`update royalroad_pace set next_at = ${NOW_MS} + ${options.intervalMs} where id = 1`.execute(
            trx,
          );
          return { result };
        });
        if ('held' in outcome) {
          await pause(HELD_POLL_MS);
          continue;
        }
        if ('error' in outcome.result) throw outcome.result.error;
        return outcome.result.value;
      }
    },

    hold() {
      const holder = randomUUID();
      // Writes run one after another, so the release never lands before the hold it ends.
      let writes: Promise<unknown> = Promise.resolve();
      const write = (make: () => Promise<unknown>) => {
        writes = writes
          .then(make)
          .catch((error: unknown) => log(`could not record the capture's hold: ${String(error)}`));
      };
      const renew = () =>
        write(async () => {
          await ensureRow(db);
          await db
            .updateTable('royalroad_pace')
            .set({ held_by: holder, held_until: sql<number>`${NOW_MS} + ${LEASE_MS}` })
            .where('id', '=', HOLD_ROW)
            .execute();
        });
      renew();
      const timer = setInterval(renew, RENEW_MS);
      timer.unref();
      timers.add(timer);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        clearInterval(timer);
        timers.delete(timer);
        write(() =>
          db
            .updateTable('royalroad_pace')
            .set({ held_by: null, held_until: 0 })
            .where('id', '=', HOLD_ROW)
            .where('held_by', '=', holder)
            .execute(),
        );
      };
    },

    async admit(requester, limits) {
      const id = randomUUID();
      const userId = requester?.userId ?? null;
      const address = requester?.address ?? null;
      await db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtext('royalroad_waiting'))`.execute(trx);
        await trx.deleteFrom('royalroad_waiting').where('lease_until', '<', NOW_MS).execute();
        const { rows } = await sql<{ waiting: string; user_share: string; address_share: string }>`
          select count(*) filter (where started = 0) as waiting,
                 count(*) filter (where user_id = ${userId}) as user_share,
                 count(*) filter (where address = ${address}) as address_share
          from royalroad_waiting`.execute(trx);
        const counts = rows[0];
        const refusal = refusalFor(limits, {
          waiting: Number(counts?.waiting ?? 0),
          userShare: userId === null ? 0 : Number(counts?.user_share ?? 0),
          addressShare: address === null ? 0 : Number(counts?.address_share ?? 0),
        });
        if (refusal) throw refusal;
        await trx
          .insertInto('royalroad_waiting')
          .values({
            id,
            owner,
            user_id: userId,
            address,
            started: 0,
            lease_until: sql<number>`${NOW_MS} + ${LEASE_MS}` as unknown as number,
          })
          .execute();
      });
      seats.add(id);
      if (!renewal) {
        renewal = setInterval(renewSeats, RENEW_MS);
        renewal.unref();
      }
      const settle = (make: () => Promise<unknown>) =>
        void make().catch((error: unknown) => log(`could not update a waiting request: ${String(error)}`));
      return {
        started: () =>
          settle(() =>
            db.updateTable('royalroad_waiting').set({ started: 1 }).where('id', '=', id).execute(),
          ),
        release: () => {
          seats.delete(id);
          settle(() => db.deleteFrom('royalroad_waiting').where('id', '=', id).execute());
        },
      };
    },

    close() {
      clearInterval(renewal);
      renewal = undefined;
      for (const timer of timers) clearInterval(timer);
      timers.clear();
    },
  };
}
