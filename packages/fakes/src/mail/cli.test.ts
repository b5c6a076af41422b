import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The mail catcher's command line explains itself instead of crashing on --help or a misspelled option.

const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));
const run = (...args: string[]) =>
  spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: 10_000 });

describe('npm run fake:mail', () => {
  it('prints its usage for --help and -h, and exits at once', () => {
    for (const flag of ['--help', '-h']) {
      const result = run(flag);
      expect(result.status).toBe(0);
      expect(result.stderr).toBe('');
      expect(result.stdout).toMatch(/^Usage: npm run fake:mail -- \[--port 4140\] \[--smtp-port 2525\]/);
      expect(result.stdout).toContain('--smtp-port <number>');
    }
  });

  it('names an unknown option, shows the usage, and exits with status 2', () => {
    const result = run('--smtp', '25');
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("Unknown option '--smtp'");
    expect(result.stderr).toContain('Usage: npm run fake:mail');
  });
});
