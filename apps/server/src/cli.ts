import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { usersRepository } from './features/auth/users.repository.ts';

const USAGE = `Usage: npm run cli -- <command>

Commands:
  migrate              bring the database schema up to date
  make-admin <email>   give an account administrator rights
`;

async function run(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  if (!command || command === 'help' || command === '--help') {
    console.log(USAGE);
    return command ? 0 : 1;
  }
  const config = loadConfig();
  const database = openDatabase(config.databaseUrl);
  try {
    switch (command) {
      case 'migrate': {
        const { applied } = await migrateToLatest(database);
        console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
        return 0;
      }
      case 'make-admin': {
        const email = args[0]?.trim();
        if (!email) {
          console.error('make-admin needs an email address.');
          return 1;
        }
        await migrateToLatest(database);
        if (!(await usersRepository(database.db).setAdmin(email, true))) {
          console.error(`No account has the email ${email}.`);
          return 1;
        }
        console.log(`${email} is now an administrator.`);
        return 0;
      }
      default:
        console.error(`Unknown command: ${command}\n\n${USAGE}`);
        return 1;
    }
  } finally {
    await database.close();
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(
      error instanceof ConfigError ? error.message : error instanceof Error ? error.message : error,
    );
    process.exit(1);
  },
);
