import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import { precompiled } from './precompiled.ts';

const database = openDatabase('sqlite::memory:');
await migrateToLatest(database);
const { db } = database;
const at = '2026-11-01T00:00:00.000Z';
await db
  .insertInto('users')
  .values(
    ['ann', 'bob', 'cid'].map((name) => ({
      email: `${name}@example.com`,
      name,
      admin: name === 'cid',
      created_at: at,
      updated_at: at,
    })),
  )
  .execute();

afterAll(() => database.close());

describe('a precompiled query', () => {
  it('answers each call with its own values, as the query built for them would', async () => {
    const named = precompiled(db, 2, (email: string, limit: number) =>
      db
        .selectFrom('users')
        .select(['name', 'admin'])
        .where('email', '>=', email)
        .orderBy('email')
        .limit(limit),
    );
    expect(await named('bob@example.com', 5)).toEqual([
      { name: 'bob', admin: 0 },
      { name: 'cid', admin: 1 },
    ]);
    expect(await named('ann@example.com', 1)).toEqual([{ name: 'ann', admin: 0 }]);
    // Values fixed when it was built stay as they were.
    const admins = precompiled(db, 1, (email: string) =>
      db.selectFrom('users').select('name').where('admin', '=', true).where('email', '<>', email),
    );
    expect(await admins('ann@example.com')).toEqual([{ name: 'cid' }]);
    expect(await admins('cid@example.com')).toEqual([]);
  });

  it('refuses a value that does not end up as a parameter of the query', async () => {
    const shaped = precompiled(db, 1, (limit: number) =>
      db
        .selectFrom('users')
        .select('name')
        .limit(limit > 2 ? 10 : 1),
    );
    await expect(shaped(5)).rejects.toThrow('must use each of its 1 values as a parameter');
  });
});
