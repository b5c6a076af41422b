import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import type { Dialect } from './database.ts';
import type { Schema } from './schema.ts';

/**
 * The channel every instance listens on. Its payloads are `origin|topic` or `origin|topic:key`: `origin` names
 * the process that published (which told itself already and skips its own notice); it is empty for the
 * database's own triggers (a changed account, an ended session: see the migration
 * `2026_12_05_1000_change_notifications`).
 */
export const CHANGE_CHANNEL = 'rrc_changes';
/** The listener's connection as `pg_stat_activity` names it. */
export const LISTENER_NAME = 'rrc-change-listener';

/** Called with the key that changed, or null for "anything under the topic may have changed". */
export type ChangeListener = (key: string | null) => void;

/**
 * Tells every instance of the site that something changed, so what each keeps in memory is forgotten before it
 * is read again.
 * On PostgreSQL through `LISTEN/NOTIFY` (one dedicated connection per process); on SQLite, where one process is
 * the rule, within the process.
 */
/** The longest the listener may take to answer a catch-up before it is taken for lost (and joined again). */
const CATCH_UP_TIMEOUT_MS = 2_000;

/** Told in this process only, as a write request is answered successfully (see `tellHere`). */
export const WRITE_ANSWERED_TOPIC = 'write-answered';

export interface ChangeBus {
  /**
   * Tells every process that `topic` (its `key`, or all of it) changed: this one synchronously, before this
   * returns, and the others through the database; resolves once the database has taken the notification.
   */
  publish(topic: string, key?: string | number): Promise<void>;
  /**
   * Tells this process only, synchronously: for what this process has just changed and the others learn
   * from the database's own notification when the change commits.
   */
  tellHere(topic: string, key?: string | number): void;
  /** Calls `listener` for each change to `topic` from any process; answers a function that stops it. */
  subscribe(topic: string, listener: ChangeListener): () => void;
  /**
   * Resolves once every notice committed before this call has been delivered here: on PostgreSQL a round trip
   * on the listener's own connection, whose answer the database sends only after the notices already queued
   * for it (rounds are shared by the calls waiting meanwhile). Whatever is kept is read only after it, so the
   * next request to any instance after a change is answered sees the change.
   */
  caughtUp(): Promise<void>;
  /**
   * True while every other process's changes reach this one (always on SQLite). While false, a cache must
   * answer nothing from memory: changes may be going by unheard.
   */
  readonly coherent: boolean;
  /** Whether changes come from other processes too (PostgreSQL), rather than this one only (SQLite). */
  readonly shared: boolean;
  close(): Promise<void>;
}

export interface ChangeBusOptions {
  dialect: Dialect;
  /** The database's connection string: the listener opens its own connection with it (PostgreSQL). */
  url: string;
  /** The application's pool, through which notifications are sent. */
  db: Kysely<Schema>;
  log?: (message: string) => void;
  /** First wait before the listener connects again; doubles up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
}

export function openChangeBus(options: ChangeBusOptions): ChangeBus {
  const listeners = new Map<string, Set<ChangeListener>>();
  const origin = randomBytes(6).toString('base64url');

  const deliver = (topic: string, key: string | null) => {
    for (const listener of listeners.get(topic) ?? []) listener(key);
  };
  /** Everything kept may be out of date: every listener forgets all it holds. */
  const forgetEverything = () => {
    for (const topic of listeners.keys()) deliver(topic, null);
  };
  const subscribe = (topic: string, listener: ChangeListener) => {
    let set = listeners.get(topic);
    if (!set) {
      set = new Set();
      listeners.set(topic, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  };

  if (options.dialect !== 'postgres') {
    return {
      async publish(topic, key) {
        deliver(topic, key === undefined ? null : String(key));
      },
      tellHere(topic, key) {
        deliver(topic, key === undefined ? null : String(key));
      },
      subscribe,
      caughtUp: () => Promise.resolve(),
      coherent: true,
      shared: false,
      async close() {
        listeners.clear();
      },
    };
  }

  const retryMs = options.retryMs ?? 100;
  const maxRetryMs = options.maxRetryMs ?? 5_000;
  let client: pg.Client | null = null;
  let listening = false;
  let closed = false;
  let failures = 0;
  let retry: NodeJS.Timeout | null = null;

  const receive = (payload: string) => {
    const bar = payload.indexOf('|');
    if (bar < 0) return;
    if (payload.slice(0, bar) === origin) return;
    const change = payload.slice(bar + 1);
    const colon = change.indexOf(':');
    if (colon < 0) deliver(change, null);
    else deliver(change.slice(0, colon), change.slice(colon + 1));
  };

  const connect = () => {
    const connection = new pg.Client({
      connectionString: options.url,
      keepAlive: true,
      application_name: LISTENER_NAME,
    });
    client = connection;
    let dropped = false;
    const drop = (error?: unknown) => {
      if (dropped) return;
      dropped = true;
      connection.removeAllListeners('notification');
      connection.end().catch(() => {});
      if (client !== connection) return;
      client = null;
      // Whatever changes while nobody listens goes unheard: nothing kept can be trusted from now on.
      if (listening) {
        listening = false;
        forgetEverything();
      }
      if (closed) return;
      failures += 1;
      const wait = Math.min(maxRetryMs, retryMs * 2 ** (failures - 1));
      options.log?.(
        `change notifications stopped (${error instanceof Error ? error.message : 'connection ended'}); ` +
          `kept answers are bypassed, listening again in ${wait} ms`,
      );
      retry = setTimeout(() => {
        retry = null;
        connect();
      }, wait);
    };
    connection.on('error', drop);
    connection.on('end', () => drop());
    connection.on('notification', (message) => {
      if (message.channel === CHANGE_CHANNEL && message.payload) receive(message.payload);
    });
    connection
      .connect()
      .then(() => connection.query(`LISTEN ${CHANGE_CHANNEL}`))
      .then(() => {
        if (closed || client !== connection) {
          connection.end().catch(() => {});
          return;
        }
        if (failures > 0) options.log?.('change notifications listened to again');
        failures = 0;
        // What was kept before (or while) listening may have missed changes: start from nothing.
        forgetEverything();
        listening = true;
      }, drop);
  };
  connect();

  let round: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  /** One round trip on the listener's connection (a listener that does not answer in time is dropped). */
  const catchUpOnce = async () => {
    const connection = client;
    if (!connection || !listening) return;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), CATCH_UP_TIMEOUT_MS);
    });
    try {
      const answer = await Promise.race([connection.query('select 1'), late]);
      if (answer === 'late')
        connection.emit('error', new Error('the listener did not answer a catch-up in time'));
    } catch {
      // The connection's own error handler drops it: nothing kept is trusted until it listens again.
    } finally {
      clearTimeout(timer);
    }
  };
  const startRound = () => {
    const started: Promise<void> = catchUpOnce().finally(() => {
      if (round === started) round = null;
    });
    round = started;
    return started;
  };

  return {
    tellHere(topic, key) {
      deliver(topic, key === undefined ? null : String(key));
    },
    async publish(topic, key) {
      deliver(topic, key === undefined ? null : String(key));
      const payload = `${origin}|${topic}${key === undefined ? '' : `:${key}`}`;
      try {
        await sql`select pg_notify(${CHANGE_CHANNEL}, ${payload})`.execute(options.db);
      } catch (error) {
        options.log?.(
          `a change could not be told to the other instances: ${error instanceof Error ? error.message : error}`,
        );
      }
    },
    caughtUp() {
      if (!listening) return Promise.resolve();
      if (!round) return startRound();
      // The round under way may have been answered before this call's notices were sent: the next one.
      next ??= round.then(() => {
        next = null;
        return startRound();
      });
      return next;
    },
    subscribe,
    get coherent() {
      return listening;
    },
    shared: true,
    async close() {
      closed = true;
      listening = false;
      if (retry) clearTimeout(retry);
      retry = null;
      const connection = client;
      client = null;
      listeners.clear();
      if (connection) {
        connection.removeAllListeners('notification');
        await connection.end().catch(() => {});
      }
    },
  };
}
