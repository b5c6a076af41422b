import type pg from 'pg';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';

/**
 * Limits counted where every instance of the site sees them. On PostgreSQL each limit is a row per key in
 * `rate_limits` (rate-limiter-flexible's PostgreSQL store: one atomic upsert per event), so N web instances
 * count one allowance between them; on SQLite, where one process is the rule, the same limits are counted in
 * this process's memory. Features ask the store for a limit by name, size and window and never learn which.
 *
 * Windows are fixed: a key's window starts with its first event and lasts `windowMs`; up to `limit` events are
 * admitted in it, and a refused one is told to come back when it ends.
 */
export interface LimiterStore {
  /** Whether the counts are shared by every process on the database (PostgreSQL). */
  readonly shared: boolean;
  limit(options: LimitOptions): Limit;
}

export interface LimitOptions {
  /** Names the limit; keys of different limits never meet. */
  name: string;
  limit: number;
  windowMs: number;
  /** The limit's clock in milliseconds (the real one unless a test controls it). */
  now?: () => number;
}

/** One event counted: how many the key's window holds now (this one included) and when the window ends. */
export interface Hit {
  count: number;
  resetInMs: number;
}

export type Verdict = { ok: true } | { ok: false; retryAfterMs: number };

export interface Limit {
  readonly limit: number;
  readonly windowMs: number;
  /** Counts one event for `key`, whatever the count already is. */
  hit(key: string): Promise<Hit>;
  /** Admits one event for `key` while its window holds fewer than `limit`; a refusal is not counted. */
  take(key: string): Promise<Verdict>;
  /** Gives back one event counted in the key's current window (it did not happen after all). */
  giveBack(key: string): Promise<void>;
}

/** The table the PostgreSQL store writes (made by a migration, never at run time). */
export const LIMITS_TABLE = 'rate_limits';
const HOUR_MS = 3_600_000;
const CLEAN_UP_EVERY_MS = 5 * 60_000;

const stores = new WeakMap<object, LimiterStore>();

/**
 * The limiter store of a database (one per opened database, however many parts ask): shared counts on
 * PostgreSQL (its pool), this process's memory otherwise.
 */
export function createLimiterStore(database: { dialect: string; pool?: pg.Pool }): LimiterStore {
  let store = stores.get(database);
  if (!store) {
    store =
      database.dialect === 'postgres' && database.pool
        ? postgresLimiterStore(database.pool)
        : memoryLimiterStore();
    stores.set(database, store);
  }
  return store;
}

/** Counts kept in this process only (SQLite, and services built without a store in unit tests). */
export function memoryLimiterStore(options: { maxKeys?: number } = {}): LimiterStore {
  return {
    shared: false,
    limit: (limit) => memoryLimit(limit, options.maxKeys ?? 10_000),
  };
}

function memoryLimit(options: LimitOptions, maxKeys: number): Limit {
  const now = options.now ?? Date.now;
  const windows = new Map<string, { count: number; endsAt: number }>();

  function current(key: string, at: number) {
    const window = windows.get(key);
    if (window && window.endsAt > at) return window;
    if (window) windows.delete(key);
    return undefined;
  }

  /** Past `maxKeys`, lapsed windows are dropped, then the oldest. */
  function makeRoom(at: number) {
    for (const [key, window] of windows) if (window.endsAt <= at) windows.delete(key);
    while (windows.size >= maxKeys) {
      const oldest = windows.keys().next().value;
      if (oldest === undefined) break;
      windows.delete(oldest);
    }
  }

  function hit(key: string): Hit {
    const at = now();
    const window = current(key, at);
    if (window) {
      window.count += 1;
      return { count: window.count, resetInMs: window.endsAt - at };
    }
    if (windows.size >= maxKeys) makeRoom(at);
    windows.set(key, { count: 1, endsAt: at + options.windowMs });
    return { count: 1, resetInMs: options.windowMs };
  }

  return {
    limit: options.limit,
    windowMs: options.windowMs,
    async hit(key) {
      return hit(key);
    },
    async take(key) {
      const counted = hit(key);
      if (counted.count <= options.limit) return { ok: true };
      giveBack(key);
      return { ok: false, retryAfterMs: counted.resetInMs };
    },
    async giveBack(key) {
      giveBack(key);
    },
  };

  function giveBack(key: string) {
    const window = current(key, now());
    if (window && window.count > 0) window.count -= 1;
  }
}

/** What the library's PostgreSQL store keeps to itself, used by the clocked subclass below. */
interface PostgresInternals {
  points: number;
  tableCreated: boolean;
  _getTableIdentifier(): string;
  _query(query: { name?: string; text: string; values?: unknown[] }): Promise<pg.QueryResult>;
  clearExpired(before: number): Promise<void>;
}

/**
 * rate-limiter-flexible's PostgreSQL store reading its time from `clock` instead of `Date.now` (so a test's
 * clock moves the windows as it moves everything else). The statements are the library's own (11.x), with
 * the time passed in.
 */
class ClockedRateLimiterPostgres extends RateLimiterPostgres {
  private readonly clock: () => number;

  constructor(options: ConstructorParameters<typeof RateLimiterPostgres>[0], clock: () => number) {
    super(options);
    this.clock = clock;
  }

  private get internals(): PostgresInternals {
    return this as unknown as PostgresInternals;
  }

  _upsert(key: string, points: number, msDuration: number, forceExpire = false) {
    const self = this.internals;
    const table = self._getTableIdentifier();
    const now = this.clock();
    const newExpire = msDuration > 0 ? now + msDuration : null;
    const expire = forceExpire
      ? ' $3 '
      : ` CASE WHEN ${table}.expire <= $4 THEN $3 ELSE ${table}.expire END `;
    return self._query({
      name: forceExpire ? 'rlflx-upsert-force' : 'rlflx-upsert',
      text: `INSERT INTO ${table} VALUES ($1, $2, $3)
               ON CONFLICT(key) DO UPDATE SET
                 points = CASE WHEN (${table}.expire <= $4 OR 1=${forceExpire ? 1 : 0}) THEN $2
                               ELSE ${table}.points + ($2) END,
                 expire = ${expire}
             RETURNING points, expire;`,
      values: [key, points, newExpire, now],
    });
  }

  async _get(key: string) {
    const self = this.internals;
    const result = await self._query({
      name: 'rlflx-get',
      text: `SELECT points, expire FROM ${self._getTableIdentifier()} WHERE key = $1 AND (expire > $2 OR expire IS NULL);`,
      values: [key, this.clock()],
    });
    return result.rowCount === 0 ? null : result;
  }

  /** Deletes the rows of windows that ended before `before` (never fails: a later clean-up does it). */
  clearLapsed(before: number): Promise<void> {
    return this.internals.clearExpired(before);
  }

  /**
   * Takes one event back from the key's current window, never below nothing and never from a window that
   * lapsed meanwhile (the library's `reward` would start a new window at -1: one free event).
   */
  async giveBack(key: string): Promise<void> {
    const self = this.internals;
    await self._query({
      name: 'rrc-give-back',
      text: `UPDATE ${self._getTableIdentifier()} SET points = points - 1 WHERE key = $1 AND expire > $2 AND points > 0`,
      values: [this.getKey(key), this.clock()],
    });
  }

  _getRateLimiterRes(_key: string, changedPoints: number, result: pg.QueryResult) {
    const row = result.rows[0] as { points: number; expire: number | string | null };
    const isFirstInDuration = changedPoints === row.points;
    const consumedPoints = isFirstInDuration ? changedPoints : row.points;
    const expire = row.expire === null ? null : Number(row.expire);
    return new RateLimiterRes(
      Math.max(this.internals.points - consumedPoints, 0),
      expire === null ? -1 : Math.max(expire - this.clock(), 0),
      consumedPoints,
      isFirstInDuration,
    );
  }
}

function postgresLimiterStore(pool: pg.Pool): LimiterStore {
  // Rows of windows that ended an hour ago are deleted now and then (every few minutes of use, by whichever
  // instance counts an event then: idempotent, and no timer to stop).
  let cleanedAt = Date.now();
  function cleanUp(store: ClockedRateLimiterPostgres) {
    if (Date.now() - cleanedAt < CLEAN_UP_EVERY_MS) return;
    cleanedAt = Date.now();
    void store.clearLapsed(cleanedAt - HOUR_MS);
  }

  return {
    shared: true,
    limit(options) {
      const now = options.now ?? Date.now;
      const store = new ClockedRateLimiterPostgres(
        {
          storeClient: pool,
          storeType: 'pool',
          tableName: LIMITS_TABLE,
          tableCreated: true,
          clearExpiredByTimeout: false,
          keyPrefix: options.name,
          points: options.limit,
          duration: options.windowMs / 1000,
          // Every event is counted in the database: no process answers from its own memory.
          inMemoryBlockOnConsumed: 0,
        },
        now,
      );
      return storeLimit(store, options, () => cleanUp(store));
    },
  };
}

/** A Limit on one of the library's stores. */
function storeLimit(store: ClockedRateLimiterPostgres, options: LimitOptions, cleanUp: () => void): Limit {
  async function hit(key: string): Promise<Hit> {
    cleanUp();
    let counted: RateLimiterRes;
    try {
      counted = await store.consume(key, 1);
    } catch (refused) {
      // The library rejects with its answer when the count went past the limit, with an Error otherwise.
      if (!(refused instanceof RateLimiterRes)) throw refused;
      counted = refused;
    }
    return { count: counted.consumedPoints, resetInMs: Math.max(0, counted.msBeforeNext) };
  }
  return {
    limit: options.limit,
    windowMs: options.windowMs,
    hit,
    async take(key) {
      const counted = await hit(key);
      if (counted.count <= options.limit) return { ok: true };
      await store.reward(key, 1);
      return { ok: false, retryAfterMs: counted.resetInMs };
    },
    giveBack: (key) => store.giveBack(key),
  };
}
