import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const main = path.join(import.meta.dirname, 'main.ts');

function start(env: Record<string, string>) {
  return spawnSync(process.execPath, ['--import', 'tsx', main], {
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
    timeout: 20_000,
  });
}

describe('start-up failures', () => {
  it('fails fast with a clear message when the database cannot be reached', () => {
    const result = start({ DATABASE_URL: 'postgres://nobody:secret@127.0.0.1:1/nothing' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'Equip could not start: Cannot connect to the database at postgres://nobody:***@127.0.0.1:1/nothing',
    );
    expect(result.stderr).not.toContain('secret');
    expect(result.stderr).not.toMatch(/\n\s+at /); // no stack trace
  });

  it('lists bad configuration values', () => {
    const result = start({ PORT: 'abc', DATABASE_URL: 'mysql://x' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid configuration');
    expect(result.stderr).toContain('PORT');
    expect(result.stderr).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
  });
});
