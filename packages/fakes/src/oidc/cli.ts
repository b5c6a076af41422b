// Runs the fake OpenID Connect provider on its own: `npm run fake:oidc` or
// `node packages/fakes/src/oidc/cli.ts [--port 4130]`. Prints its issuer URL, stops on SIGINT/SIGTERM.
import { parseArgs } from 'node:util';
import { portOption, serveUntilStopped } from '../cli-support.ts';
import { startFakeOidc } from './server.ts';

const { values } = parseArgs({ options: { port: { type: 'string', default: '4130' } } });
const port = portOption(values.port);

const fake = await startFakeOidc({ port });
serveUntilStopped(fake);
