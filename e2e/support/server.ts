// Starts the real server for the browser tests on a fresh database, building the web app first.
import { execFileSync, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR must be set for the end-to-end server');
rmSync(dataDir, { recursive: true, force: true });

if (!process.env.E2E_SKIP_BUILD) {
  execFileSync('npm', ['run', 'build', '--silent'], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

// Real captures from July 2026: fictions with their history and Rising Stars lists, for pages with real data.
execFileSync(process.execPath, ['apps/server/src/cli.ts', 'seed-sample'], {
  stdio: ['ignore', 'inherit', 'inherit'],
});

const server = spawn(process.execPath, ['apps/server/src/main.ts'], { stdio: 'inherit', env: process.env });
const stop = () => server.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', (code) => process.exit(code ?? 0));
