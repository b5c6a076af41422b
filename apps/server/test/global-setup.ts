import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { dropRunDatabases, postgresAdminUrl } from './postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgRunId: string;
  }
}

/**
 * On PostgreSQL every test file gets its own database, named after this run;
 * whatever this run created is dropped at the end, even after a crash of a worker.
 */
export default function setup(project: TestProject) {
  const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  project.provide('pgRunId', runId);
  if (process.env.TEST_DATABASE !== 'postgres') return;
  console.log(`API suite on PostgreSQL (${postgresAdminUrl().replace(/\/\/[^@]*@/, '//')}), run ${runId}`);
  return async () => {
    await dropRunDatabases(runId);
  };
}
