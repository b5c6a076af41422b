// Runs the fake Stripe on its own:
//   node packages/fakes/src/stripe/cli.ts [--port 4120] [--webhook-url URL --webhook-secret whsec_…]
//                                         [--secret-key sk_test_… --publishable-key pk_test_…]
// Prints its URL, stops on SIGINT/SIGTERM. Browser tests steer it through its /__fake/ endpoints.
import { parseArgs } from 'node:util';
import { portOption, serveUntilStopped } from '../cli-support.ts';
import { startFakeStripe } from './server.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4120' },
    'webhook-url': { type: 'string' },
    'webhook-secret': { type: 'string' },
    'secret-key': { type: 'string' },
    'publishable-key': { type: 'string' },
  },
});
const port = portOption(values.port);
if (values['webhook-url'] && !values['webhook-secret']) {
  console.error('--webhook-url needs --webhook-secret (the whsec_… the app verifies signatures with)');
  process.exit(2);
}

const fake = await startFakeStripe({
  port,
  webhookUrl: values['webhook-url'],
  webhookSecret: values['webhook-secret'],
  secretKey: values['secret-key'],
  publishableKey: values['publishable-key'],
});
serveUntilStopped(fake);
