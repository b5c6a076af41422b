// `npm run bench`: builds the web app and prints each measurement next to its budget, then the Position
// Calculator's accuracy on real captures. Exits non-zero when a budget or an accuracy target is missed.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runPositionAccuracy } from './position-accuracy.ts';
import { measureWebBudget } from './web-budget.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

execFileSync('npm', ['run', 'build', '--silent'], {
  cwd: ROOT,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, NODE_ENV: 'production' },
});

const web = measureWebBudget(path.join(ROOT, 'apps/web/dist'));
console.log('Web budget: JavaScript and CSS needed by / (gzip)');
for (const file of web.files)
  console.log(`  ${file.file.padEnd(40)} ${kb(file.bytes).padStart(10)} ${kb(file.gzip).padStart(10)}`);
const within = web.totalGzip <= web.budget;
console.log(
  `  total ${kb(web.totalGzip)} of ${kb(web.budget)} budget: ${within ? 'within budget' : 'OVER BUDGET'}`,
);

console.log('');
const accuracy = runPositionAccuracy();
process.exitCode = within && accuracy.passed ? 0 : 1;
