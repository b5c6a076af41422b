import { Migrator } from 'kysely/migration';
import type { Database } from '../../db/database.ts';
import { migrations } from '../../db/migrations/index.ts';

/** What readiness reads of the database itself: which of this version's migrations it has not applied. */
export function healthRepository(database: Pick<Database, 'db'>) {
  const migrator = new Migrator({ db: database.db, provider: { getMigrations: async () => migrations } });
  return {
    /** Names of the migrations this version knows that the database lacks (reading only: it applies none). */
    async pendingMigrations(): Promise<string[]> {
      const known = await migrator.getMigrations();
      return known
        .filter((migration) => migration.executedAt === undefined)
        .map((migration) => migration.name);
    },
  };
}

export type HealthRepository = ReturnType<typeof healthRepository>;
