// Runs the fake Royal Road on its own: `node e2e/fakes/royalroad/cli.ts [--port 4010]`. Prints its URL, stops
// on SIGINT/SIGTERM. Browser tests steer it through its /__fake/ endpoints.
import { parseArgs } from 'node:util';
import { startFakeRoyalRoad } from './server.ts';

const { values } = parseArgs({ options: { port: { type: 'string', default: '4010' } } });
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`--port must be a port number, not "${values.port}"`);
  process.exit(2);
}

const fake = await startFakeRoyalRoad({ port });
console.log(fake.url);

const stop = () => {
  fake.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
