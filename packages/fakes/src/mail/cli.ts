// Runs the mail catcher on its own: `npm run fake:mail` or
// `node packages/fakes/src/mail/cli.ts [--port 4140] [--smtp-port 2525]`. Prints the page's URL and the
// SMTP_URL to use, stops on SIGINT/SIGTERM.
import { parseArgs } from 'node:util';
import { portOption, serveUntilStopped } from '../cli-support.ts';
import { startFakeMail } from './server.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4140' },
    'smtp-port': { type: 'string', default: '2525' },
  },
});

const fake = await startFakeMail({
  httpPort: portOption(values.port),
  smtpPort: portOption(values['smtp-port']),
});
console.log(`SMTP_URL=${fake.smtpUrl}`);
serveUntilStopped(fake);
