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

/** The database of the run that holds every migration, which the test databases are copied from. */
export function templateDatabase(runId: string): { url: string; name: string } {
  const name = `rrc_test_${runId}_template`;
  return { url: withDatabase(postgresAdminUrl(), name), name };
}

/**
 * Creates the run's template database; `migrate` brings it up to date through its URL and must close its
 * connections, since a database cannot be copied while anyone is connected to it.
 */
export async function createTemplateDatabase(
  runId: string,
  migrate: (url: string) => Promise<void>,
): Promise<void> {
  const template = templateDatabase(runId);
  await adminQuery(`create database "${template.name}"`);
  await migrate(template.url);
}

let counter = 0;

/**
 * Creates a database for one test file and returns its URL: a copy of the run's template, already migrated
 * (`migrated`, a quick file copy instead of running every migration again), or an empty one.
 */
export async function createTestDatabase(
  runId: string,
  options: { migrated: boolean },
): Promise<{ url: string; name: string }> {
  counter += 1;
  const name = `rrc_test_${runId}_${process.pid}_${counter}`;
  const template = options.migrated ? ` template "${templateDatabase(runId).name}"` : '';
  await adminQuery(`create database "${name}"${template}`);
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
