import Database from 'better-sqlite3';
import { E2E_DATABASE } from '../playwright.config.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Gives a stored fiction weeks of past captures, as the nightly refresh would have recorded them: one snapshot
 * a day of its followers, written into the browser tests' database (the server's own, SQLite). Call it before
 * anything reads the fiction's history, since the server keeps public answers for a minute.
 */
export function pastFollowers(
  royalroadId: number,
  followersDaysAgo: ReadonlyArray<[days: number, followers: number]>,
) {
  const db = new Database(E2E_DATABASE);
  try {
    db.pragma('busy_timeout = 5000');
    const fiction = db.prepare('select id from fictions where royalroad_id = ?').get(royalroadId) as
      | { id: number }
      | undefined;
    if (!fiction) throw new Error(`fiction ${royalroadId} is not stored`);
    const insert = db.prepare(
      'insert into fiction_snapshots (fiction_id, captured_at, followers) values (?, ?, ?)',
    );
    const now = Date.now();
    db.transaction(() => {
      for (const [days, followers] of followersDaysAgo)
        insert.run(fiction.id, new Date(now - days * DAY_MS).toISOString(), followers);
    })();
  } finally {
    db.close();
  }
}
