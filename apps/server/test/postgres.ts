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

/**
 * A test database's URL, whose sessions commit without waiting for the write-ahead log to reach the disk:
 * each commit is still atomic and seen at once by every other session (only a crash of the server itself
 * could lose the last ones, which no test does), and the suite no longer waits on the disk thousands of times.
 */
function forTests(url: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('options', '-c synchronous_commit=off');
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
  return { url: forTests(withDatabase(postgresAdminUrl(), name)), name };
}

/**
 * The tables a migrated database starts with rows in (the migrations' own records): emptying a database for
 * the next test leaves these alone.
 */
const MIGRATION_TABLES = ['kysely_migration', 'kysely_migration_lock'];

/** Migrated databases this process made and no test holds now: emptied, ready for the next test. */
const idle: Array<{ url: string; name: string }> = [];

/**
 * A migrated, empty database for one test: one this process emptied after an earlier test, or a new copy of
 * the run's template. Copying a database costs far more than emptying one, and most tests make an app.
 */
export async function takeMigratedDatabase(runId: string): Promise<{ url: string; name: string }> {
  return idle.pop() ?? createTestDatabase(runId, { migrated: true });
}

/**
 * Gives back a database from takeMigratedDatabase once nobody is connected to it: every row but the
 * migrations' is deleted and every sequence starts again from 1, as in a new copy. (DELETE, not TRUNCATE:
 * on tables this small it is many times faster, as it makes and removes no files.) One that cannot be
 * emptied at once is dropped instead.
 */
export async function giveBackMigratedDatabase(database: { url: string; name: string }): Promise<void> {
  const client = new pg.Client({ connectionString: database.url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    emptying ??= await emptyingScript(client);
    // One round trip: the statements run in order, in one transaction.
    await client.query(emptying);
    idle.push(database);
  } catch {
    await client.end().catch(() => undefined);
    await dropTestDatabase(database.name);
    return;
  }
  await client.end();
}

/** The statements that empty a migrated database (every one has the same tables), made once. */
let emptying: string | undefined;

async function emptyingScript(client: pg.Client): Promise<string> {
  const { rows: tables } = await client.query<{ name: string }>(
    `select quote_ident(tablename) as name from pg_tables
      where schemaname = 'public' and tablename <> all($1::text[]) order by tablename`,
    [MIGRATION_TABLES],
  );
  const { rows: sequences } = await client.query<{ name: string }>(
    `select quote_ident(sequencename) as name from pg_sequences where schemaname = 'public' order by 1`,
  );
  return [
    'begin',
    "set local lock_timeout = '2s'",
    // Foreign keys are not checked while the rows go, so the order of the tables does not matter.
    "set local session_replication_role = 'replica'",
    ...tables.map((table) => `delete from ${table.name}`),
    ...sequences.map((sequence) => `alter sequence ${sequence.name} restart`),
    'commit',
  ].join(';\n');
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
