import pg from 'pg';

/** The server the PostgreSQL suites use; each run makes its own databases there. */
export function postgresAdminUrl(): string {
  return process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function adminQuery<T extends pg.QueryResultRow>(text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: postgresAdminUrl(), connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

export async function postgresReachable(): Promise<boolean> {
  try {
    await adminQuery('select 1');
    return true;
  } catch {
    return false;
  }
}

let counter = 0;

/** Creates an empty database for one test file and returns its URL. */
export async function createTestDatabase(runId: string): Promise<{ url: string; name: string }> {
  counter += 1;
  const name = `rrc_test_${runId}_${process.pid}_${counter}`;
  await adminQuery(`create database "${name}"`);
  return { url: withDatabase(postgresAdminUrl(), name), name };
}

export async function dropTestDatabase(name: string): Promise<void> {
  await adminQuery(`drop database if exists "${name}" with (force)`);
}

export async function dropRunDatabases(runId: string): Promise<void> {
  const rows = await adminQuery<{ datname: string }>(
    `select datname from pg_database where datname like 'rrc_test_${runId}_%'`,
  );
  for (const row of rows) await dropTestDatabase(row.datname);
}
