import { Migrator } from 'kysely/migration';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../src/db/database.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { createTestDatabase, dropTestDatabase } from './postgres.ts';
import { testDialect } from './test-app.ts';

/**
 * A fresh database of the suite's dialect with the migrations up to and including `migration`, for tests
 * of what a later migration does to data written before it. `close` also drops a PostgreSQL database.
 */
export async function databaseMigratedTo(
  migration: string,
): Promise<{ database: Database; close(): Promise<void> }> {
  let url = 'sqlite::memory:';
  let dropName: string | undefined;
  if (testDialect === 'postgres') {
    const created = await createTestDatabase(inject('pgRunId'), { migrated: false });
    url = created.url;
    dropName = created.name;
  }
  const database = openDatabase(url, { poolSize: 2 });
  const close = async () => {
    await database.close();
    if (dropName) await dropTestDatabase(dropName);
  };
  const migrator = new Migrator({ db: database.db, provider: { getMigrations: async () => migrations } });
  const { error } = await migrator.migrateTo(migration);
  if (error) {
    await close();
    throw error;
  }
  return { database, close };
}
