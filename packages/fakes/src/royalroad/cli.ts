// Runs the fake Royal Road on its own: `npm run fake:royalroad` or
// `node packages/fakes/src/royalroad/cli.ts [--port 4010]`. Prints its URL, stops on SIGINT/SIGTERM. Browser
// tests steer it through its /__fake/ endpoints.
import { parseArgs } from 'node:util';
import { portOption, serveUntilStopped } from '../cli-support.ts';
import { startFakeRoyalRoad } from './server.ts';

const { values } = parseArgs({ options: { port: { type: 'string', default: '4010' } } });
const port = portOption(values.port);

const fake = await startFakeRoyalRoad({ port });
serveUntilStopped(fake);
