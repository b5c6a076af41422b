import type { JobName } from '@rrc/contract';
import { createCore } from './composition.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { usersRepository } from './features/auth/users.repository.ts';
import { authorRepository } from './features/author/author.repository.ts';
import { authorService } from './features/author/author.service.ts';
import { deskRepository } from './features/author/desk.repository.ts';
import { authorReport, authorReportMail, authorReportText } from './features/author/weekly-report.ts';
import { toJobRun } from './features/jobs/job-run.mapper.ts';
import { BackgroundTasks } from './lib/background-tasks.ts';
import { createMailer } from './mail/mailer.ts';
import { seedDemoCommand } from './tools/seed-demo.ts';
import { importSample } from './tools/seed-sample.ts';

const USAGE = `Usage: npm run cli -- <command>

Commands:
  migrate                        bring the database schema up to date
  make-admin <email>             give an account administrator rights
  verify-email <email>           vouch for an address: the account that has it counts as verified (or the
                                 one account waiting to change to it moves); for sites that send no email
  scrape rising-stars            capture every Rising Stars list now
  scrape fiction <royalroadId>   refresh one fiction now
  scrape all                     refresh every tracked fiction now
  seed-sample                    load the real July 2026 sample (169 fictions, 19 captures)
  seed-demo [--scale small|large|years] [--end YYYY-MM-DD] [--replace]
                                 generate deterministic demo data (small: 500 fictions, seconds;
                                 large: 50,000 fictions, 10,000 readers, about a minute;
                                 years: the large data with three years of history, 20 million
                                 rows, a quarter of an hour or more)
  backup <file>                  copy the SQLite database to <file> while it is in use
  author-report --email <email> [--dry-run]
                                 the week's report of the fictions that account claimed: mailed to it, or
                                 printed as text with --dry-run
`;

const consoleLog = {
  info: (message: string) => console.log(message),
  warn: (message: string) => console.warn(message),
  error: (message: string) => console.error(message),
};

/** Runs one scrape in this process and prints its outcome; exit status 1 when it failed. */
async function scrape(
  database: ReturnType<typeof openDatabase>,
  config: ReturnType<typeof loadConfig>,
  args: string[],
) {
  const [what, id] = args;
  const jobs: Record<string, JobName> = {
    'rising-stars': 'rising-stars',
    fiction: 'fiction',
    all: 'all-fictions',
  };
  const job = what ? jobs[what] : undefined;
  if (!job) {
    console.error(`scrape needs one of: rising-stars, fiction <royalroadId>, all\n\n${USAGE}`);
    return 1;
  }
  const params: Record<string, unknown> = {};
  if (job === 'fiction') {
    if (!id || !/^\d+$/.test(id)) {
      console.error(
        'scrape fiction needs a Royal Road fiction id, e.g. npm run cli -- scrape fiction 192682',
      );
      return 1;
    }
    params.royalroadId = Number(id);
  }
  await migrateToLatest(database);
  // The command line runs its own run here and only that one: runs queued by servers stay theirs.
  const core = createCore({
    config: { ...config, role: 'web', scheduler: false },
    database,
    log: consoleLog,
  });
  const runId = await core.runner.enqueue(job, { trigger: 'cli', params });
  if (runId === null) {
    const active = await core.repositories.runs.activeRun(job);
    console.error(
      `A ${job} run asked for earlier is already waiting or under way${active ? ` (run ${active.id})` : ''}; follow it instead.`,
    );
    return 1;
  }
  const stop = () => void core.runner.stop();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  const run = await core.runner.runOne(runId);
  if (!run) return 1;
  const result = toJobRun(run);
  console.log(`${result.job} run ${result.id}: ${result.status} ${JSON.stringify(result.counts)}`);
  if (result.error) console.log(result.error);
  return result.status === 'failed' ? 1 : 0;
}

/** `author-report --email X [--dry-run]`: an author's weekly report, mailed or printed. */
async function authorReportCommand(
  database: ReturnType<typeof openDatabase>,
  config: ReturnType<typeof loadConfig>,
  args: string[],
): Promise<number> {
  const at = args.indexOf('--email');
  const email = at >= 0 ? args[at + 1]?.trim().toLowerCase() : undefined;
  if (!email) {
    console.error('author-report needs --email <address>.');
    return 1;
  }
  await migrateToLatest(database);
  const user = await usersRepository(database.db).findByEmail(email);
  if (!user) {
    console.error(`No account has the email ${email}.`);
    return 1;
  }
  const core = createCore({ config: { ...config, scheduler: false }, database, log: consoleLog });
  const author = authorRepository(database.db);
  const report = await authorReport(
    {
      desk: deskRepository(database.db),
      author,
      authorService: authorService({ author, risingStars: core.risingStars }),
    },
    user.id,
    new Date(),
  );
  if (args.includes('--dry-run')) {
    console.log(authorReportText(report, config.publicUrl));
    return 0;
  }
  if (!config.mail.smtpUrl) {
    console.error('No SMTP_URL is configured, so nothing can be sent. Add --dry-run to print the report.');
    return 1;
  }
  const log = { warn: () => {}, error: () => {} };
  const mailer = createMailer({ ...config.mail, tasks: new BackgroundTasks({ log }), log });
  try {
    await mailer.sendNow(
      authorReportMail({ report, to: user.email, name: user.name, publicUrl: config.publicUrl }),
    );
  } finally {
    mailer.close();
  }
  console.log(`Sent the week's report to ${user.email}.`);
  return 0;
}

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
      case 'verify-email': {
        const email = args[0]?.trim().toLowerCase();
        if (!email) {
          console.error('verify-email needs an email address.');
          return 1;
        }
        await migrateToLatest(database);
        const outcome = await usersRepository(database.db).verifyAddress(email, new Date().toISOString());
        const said = {
          verified: [0, `${email} is now verified.`],
          already: [0, `${email} was already verified.`],
          moved: [0, `The account that asked to change to ${email} now uses it, verified.`],
          missing: [1, `No account has the email ${email}, nor is one waiting to change to it.`],
          ambiguous: [
            1,
            `Several accounts are waiting to change to ${email}; each must open the link mailed to it.`,
          ],
        } as const;
        const [code, line] = said[outcome];
        (code === 0 ? console.log : console.error)(line);
        return code;
      }
      case 'seed-sample': {
        await migrateToLatest(database);
        const core = createCore({
          config: { ...config, scheduler: false },
          database,
          log: consoleLog,
        });
        const totals = await importSample({ ...core.repositories, now: () => new Date() });
        console.log(
          `Loaded ${totals.fictions} fictions with ${totals.snapshots} snapshots, ${totals.captures} Rising Stars captures with ${totals.entries} entries.`,
        );
        return 0;
      }
      case 'seed-demo':
        return await seedDemoCommand(database, args, USAGE);
      case 'scrape':
        return await scrape(database, config, args);
      case 'author-report':
        return await authorReportCommand(database, config, args);
      case 'backup': {
        const target = args[0]?.trim();
        if (!target) {
          console.error('backup needs a file name, e.g. npm run cli -- backup backups/rrcompanion.db');
          return 1;
        }
        const { bytes } = await database.backup(target);
        console.log(`Backed up the database to ${target} (${(bytes / 1024 / 1024).toFixed(1)} MB).`);
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
