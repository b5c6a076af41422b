import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { DatabaseSetupError, openDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';

const run = promisify(execFile);
const CLI = path.resolve(import.meta.dirname, '../cli.ts');
const MAIN = path.resolve(import.meta.dirname, '../main.ts');

const folders: string[] = [];
const undo: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const step of undo.splice(0)) await step();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function tempFolder() {
  const folder = mkdtempSync(path.join(tmpdir(), 'rrc-db-'));
  folders.push(folder);
  return folder;
}

async function storeUsers(database: ReturnType<typeof openDatabase>, from: number, count: number) {
  const now = new Date().toISOString();
  for (let i = from; i < from + count; i++) {
    await database.db
      .insertInto('users')
      .values({
        email: `u${i}@example.com`,
        name: null,
        password_hash: null,
        admin: false,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
}

/** Makes a file read-only even for root (which ignores permission bits): immutable when root, 0444 otherwise. */
async function makeReadOnly(file: string) {
  if (process.getuid?.() === 0) {
    await run('chattr', ['+i', file]);
    undo.push(() => run('chattr', ['-i', file]));
  } else {
    chmodSync(file, 0o444);
    undo.push(async () => chmodSync(file, 0o644));
  }
}

describe('backup', () => {
  it('copies a database in use into a consistent file that opens and holds the data', async () => {
    const folder = tempFolder();
    const database = openDatabase(`sqlite:${path.join(folder, 'live.db')}`);
    await migrateToLatest(database);
    await storeUsers(database, 0, 200);
    // Writes keep coming while the copy is taken.
    const [, copied] = await Promise.all([
      storeUsers(database, 200, 200),
      database.backup(path.join(folder, 'copy', 'backup.db')),
    ]);
    expect(copied.bytes).toBeGreaterThan(0);
    await database.close();

    const copy = new SqliteDatabase(path.join(folder, 'copy', 'backup.db'), { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      const users = (copy.prepare('select count(*) as n from users').get() as { n: number }).n;
      expect(users).toBeGreaterThanOrEqual(200);
      expect(users).toBeLessThanOrEqual(400);
    } finally {
      copy.close();
    }
  });

  it('npm run cli -- backup makes a file the server can run on (restore = point DATABASE_URL at it)', async () => {
    const folder = tempFolder();
    const live = path.join(folder, 'live.db');
    const database = openDatabase(`sqlite:${live}`);
    await migrateToLatest(database);
    await storeUsers(database, 0, 3);
    await database.close();

    const target = path.join(folder, 'backups', 'nightly.db');
    const { stdout } = await run(process.execPath, [CLI, 'backup', target], {
      env: { ...process.env, DATABASE_URL: `sqlite:${live}`, LOG_LEVEL: 'silent' },
    });
    expect(stdout).toMatch(/^Backed up the database to .*nightly\.db \(\d+\.\d MB\)\./);

    const restored = openDatabase(`sqlite:${target}`);
    try {
      expect((await migrateToLatest(restored)).applied).toEqual([]);
      const rows = await restored.db.selectFrom('users').select('email').orderBy('email').execute();
      expect(rows.map((row) => row.email)).toEqual(['u0@example.com', 'u1@example.com', 'u2@example.com']);
    } finally {
      await restored.close();
    }
  });

  it('refuses to overwrite the database itself, and points PostgreSQL users to pg_dump', async () => {
    const folder = tempFolder();
    const file = path.join(folder, 'live.db');
    const database = openDatabase(`sqlite:${file}`);
    await expect(database.backup(file)).rejects.toThrow('The backup file must not be the database itself.');
    await database.close();
    const postgres = openDatabase('postgres://nobody@127.0.0.1:1/none');
    await expect(postgres.backup(path.join(folder, 'x'))).rejects.toThrow(/pg_dump/);
    await postgres.close();
  });
});

describe('a read-only SQLite database', () => {
  it('is refused at start with a clear message, not a stack trace', async () => {
    const folder = tempFolder();
    const file = path.join(folder, 'readonly.db');
    const database = openDatabase(`sqlite:${file}`);
    await migrateToLatest(database);
    await database.close();
    for (const extra of ['-wal', '-shm']) if (existsSync(file + extra)) rmSync(file + extra);
    await makeReadOnly(file);

    expect(() => openDatabase(`sqlite:${file}`)).toThrow(DatabaseSetupError);
    expect(() => openDatabase(`sqlite:${file}`)).toThrow(`The SQLite database file ${file} is read-only.`);

    const started = await run(process.execPath, [MAIN], {
      env: {
        ...process.env,
        DATABASE_URL: `sqlite:${file}`,
        PORT: '0',
        SCHEDULER: 'off',
        LOG_LEVEL: 'silent',
      },
    }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
    );
    expect(started.code).toBe(1);
    expect(started.stderr.trim()).toBe(
      `The SQLite database file ${file} is read-only. The server needs to write there: fix its permissions or point DATABASE_URL elsewhere.`,
    );
  });
});
