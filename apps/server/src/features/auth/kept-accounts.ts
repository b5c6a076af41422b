import { type ChangeBus, WRITE_ANSWERED_TOPIC } from '../../db/change-bus.ts';
import type { UserRecord } from '../../lib/account.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';

/**
 * The longest an instance keeps the account behind a session without asking the database again. Every change
 * is told at once (below); this bounds how long a notification lost in some way nobody foresaw could keep an
 * ended session open or an old account in use.
 */
export const KEPT_ACCOUNT_TTL_MS = 15_000;
const KEPT_SESSIONS = 20_000;

/**
 * The account behind each session, kept by this instance so that a signed-in read asks the database for its
 * own data only. On PostgreSQL the database tells every instance when an account changes (its address,
 * name, password, administrator rights, verification, deletion) or a session ends (`account:<id>`,
 * `session:<id>`, sent by triggers when the change commits); an instance forgets what it kept then, and keeps
 * nothing while those notifications cannot reach it. The changes this instance makes are forgotten at once,
 * before answering. Answers null where accounts are not kept: on SQLite, one process reads the session
 * with each request from a database in its own memory.
 */
export function keptAccounts(changes: ChangeBus) {
  if (!changes.shared) return null;
  const kept = new TtlCache<{ user: UserRecord; sessionId: string } | null>({
    ttlMs: KEPT_ACCOUNT_TTL_MS,
    maxEntries: KEPT_SESSIONS,
    usable: () => changes.coherent,
    // A session that is not (or no longer) there is asked about again: it is rare, and never comes back.
    keep: (found) => found !== null,
  });
  const forgetAccount = (userId: string | number | null) => {
    if (userId === null) kept.clear();
    else {
      const prefix = `${userId}|`;
      kept.deleteWhere((key) => key.startsWith(prefix));
    }
  };
  const forgetSession = (sessionId: string | null) => {
    if (sessionId === null) kept.clear();
    else {
      const suffix = `|${sessionId}`;
      kept.deleteWhere((key) => key.endsWith(suffix));
    }
  };
  changes.subscribe('account', forgetAccount);
  changes.subscribe('session', forgetSession);
  // Whatever a write answered here changed is forgotten before the answer leaves (its notice from the
  // database may come a moment later).
  changes.subscribe(WRITE_ANSWERED_TOPIC, () => kept.clear());
  return {
    /** The account behind the session, from memory or by `load` (a null answer is not kept). */
    async get(
      userId: number,
      sessionId: string,
      load: () => Promise<{ user: UserRecord; sessionId: string } | null>,
    ) {
      // Every notice committed before this request is heard first: a session ended through another
      // instance a moment ago is not answered from memory.
      await changes.caughtUp();
      return kept.get(`${userId}|${sessionId}`, load);
    },
    /** Forgets the sessions of the account here and now (the database tells the other instances). */
    forgetAccount: (userId: number) => forgetAccount(userId),
  };
}

export type KeptAccounts = NonNullable<ReturnType<typeof keptAccounts>>;
