// Runs the mail catcher on its own: `npm run fake:mail` or
// `node packages/fakes/src/mail/cli.ts [--port 4140] [--smtp-port 2525]`. Prints the page's URL and the
// SMTP_URL to use, stops on SIGINT/SIGTERM. `--help` prints how to call it.
import { parseArgs } from 'node:util';
import { portOption, serveUntilStopped } from '../cli-support.ts';
import { startFakeMail } from './server.ts';

const USAGE = `Usage: npm run fake:mail -- [--port 4140] [--smtp-port 2525]

Catches the app's mail: point SMTP_URL at the printed address, then read each message on the printed page.

Options:
  --port <number>       port of the page listing the caught messages (default 4140; 0 picks a free one)
  --smtp-port <number>  port the SMTP server listens on (default 2525; 0 picks a free one)
  -h, --help            print this help and exit`;

function options() {
  try {
    return parseArgs({
      options: {
        port: { type: 'string', default: '4140' },
        'smtp-port': { type: 'string', default: '2525' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }).values;
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    process.exit(2);
  }
}

const values = options();
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

const fake = await startFakeMail({
  httpPort: portOption(values.port),
  smtpPort: portOption(values['smtp-port']),
});
console.log(`SMTP_URL=${fake.smtpUrl}`);
serveUntilStopped(fake);
