// Runs in a child process whose heap is capped (see export.api.test.ts): serves the app on the given
// database, downloads a reader's export to a file, and prints the peak heap it saw. If the export held
// the archive (or its history) in memory, this process would run out of heap and die.
import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream } from 'node:stream/web';
import { buildApp } from '../src/app.ts';
import { createCore } from '../src/composition.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';

const [databaseUrl, token, file] = process.argv.slice(2) as [string, string, string];
const secret = 'test-secret-that-is-long-enough-for-hs256-signing';
const config = loadConfig({
  NODE_ENV: 'test',
  DATABASE_URL: databaseUrl,
  JWT_SECRET: secret,
  SCHEDULER: 'off',
  ROLE: 'web',
});
const database = openDatabase(config.databaseUrl, { poolSize: 2 });
const quiet = { info() {}, warn() {}, error() {} };
const app = await buildApp({
  config,
  core: createCore({ config, database, log: quiet }),
  jwtSecret: secret,
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });

let peak = process.memoryUsage().heapUsed;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().heapUsed);
}, 10);
const response = await fetch(`${address}/api/userFictions/export`, {
  headers: { authorization: `Bearer ${token}` },
});
await pipeline(Readable.fromWeb(response.body as ReadableStream), createWriteStream(file));
clearInterval(sampler);
console.log(
  JSON.stringify({
    status: response.status,
    peakMB: peak / 1048576,
    type: response.headers.get('content-type'),
  }),
);
await app.close();
await database.close();
