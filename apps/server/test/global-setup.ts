import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { createTemplateDatabase, dropRunDatabases, postgresAdminUrl } from './postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgRunId: string;
  }
}

/**
 * On PostgreSQL every test gets a database of its own, named after this run: a copy of the run's template,
 * migrated once here, which the worker empties after the test and hands to its next one (tests of
 * migrations make empty ones); whatever this run created is dropped at the end, even after a crash of a
 * worker.
 */
export default async function setup(project: TestProject) {
  const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  project.provide('pgRunId', runId);
  if (process.env.TEST_DATABASE !== 'postgres') return;
  console.log(`API suite on PostgreSQL (${postgresAdminUrl().replace(/\/\/[^@]*@/, '//')}), run ${runId}`);
  const teardown = async () => {
    await dropRunDatabases(runId);
  };
  try {
    await createTemplateDatabase(runId, async (url) => {
      const database = openDatabase(url, { poolSize: 1 });
      try {
        await migrateToLatest(database);
      } finally {
        await database.close();
      }
    });
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
