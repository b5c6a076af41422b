import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { giveBackMigratedDatabase, takeMigratedDatabase } from '../../test/postgres.ts';
import { testDialect } from '../../test/test-app.ts';
import { type Database, MAX_PREPARED_PARAMETERS, openDatabase } from './database.ts';

/**
 * On PostgreSQL the server keeps a connection's parameterized statements prepared. Those reading every
 * column are not (a migration adding one would make them fail), nor long parameter lists.
 */
describe.skipIf(testDialect !== 'postgres')('statements kept prepared on PostgreSQL', () => {
  let taken: { url: string; name: string };
  let database: Database;

  beforeAll(async () => {
    taken = await takeMigratedDatabase(inject('pgRunId'));
    // One connection: the statements below and the look at what it holds prepared share it.
    database = openDatabase(taken.url, { poolSize: 1 });
  });
  afterAll(async () => {
    await database.close();
    await giveBackMigratedDatabase(taken);
  });

  const prepared = async () =>
    (
      await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(database.db)
    ).rows.map((row) => row.statement);

  it('prepares a statement with parameters once, and answers it the same every time', async () => {
    const { db } = database;
    await db
      .insertInto('users')
      .values({
        email: 'kept@example.com',
        name: 'Kept',
        admin: false,
        created_at: '2026-11-01T00:00:00.000Z',
        updated_at: '2026-11-01T00:00:00.000Z',
      })
      .execute();
    const read = () =>
      db.selectFrom('users').select(['email', 'name']).where('email', '=', 'kept@example.com').execute();
    // More than five runs: PostgreSQL may then switch to a plan made once for any parameter.
    for (let run = 0; run < 8; run++)
      expect(await read()).toEqual([{ email: 'kept@example.com', name: 'Kept' }]);
    const statements = (await prepared()).filter((text) => text.includes('"email" = $1'));
    expect(statements).toHaveLength(1);
  });

  it('leaves statements of every column, without parameters or with many parameters unprepared', async () => {
    const { db } = database;
    const before = (await prepared()).length;
    await db.selectFrom('users').selectAll().where('id', '=', 1).execute();
    await db.selectFrom('users').select('id').execute();
    const many = Array.from({ length: MAX_PREPARED_PARAMETERS + 1 }, (_, index) => index + 1);
    await db.selectFrom('users').select('id').where('id', 'in', many).execute();
    expect(await prepared()).toHaveLength(before);
  });

  it('keeps answering after a migration adds a column to the table read', async () => {
    const { db } = database;
    const named = () => db.selectFrom('users').select('email').where('name', '=', 'Kept').execute();
    const every = () => db.selectFrom('users').selectAll().where('name', '=', 'Kept').execute();
    for (let run = 0; run < 6; run++) await Promise.all([named(), every()]);
    await sql`alter table users add column prepared_check text`.execute(db);
    try {
      expect(await named()).toEqual([{ email: 'kept@example.com' }]);
      expect(await every()).toEqual([
        expect.objectContaining({ email: 'kept@example.com', prepared_check: null }),
      ]);
    } finally {
      await sql`alter table users drop column prepared_check`.execute(db);
    }
  });
});
