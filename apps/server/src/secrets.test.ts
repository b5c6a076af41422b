import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { resolveJwtSecret } from './secrets.ts';

describe('JWT secret', () => {
  it('uses JWT_SECRET when it is set', () => {
    const secret = 's'.repeat(40);
    expect(resolveJwtSecret(loadConfig({ JWT_SECRET: secret }))).toBe(secret);
  });

  it('generates a secret once and keeps it in the data folder', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rrc-secret-'));
    const first = resolveJwtSecret(loadConfig({ DATA_DIR: dataDir }));
    const second = resolveJwtSecret(loadConfig({ DATA_DIR: dataDir }));
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(second).toBe(first);
    const file = path.join(dataDir, 'jwt-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o077).toBe(0);
  });
});
