import { mkdtempSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appendDemoLogins, readDemoLogins } from '../demo/logins.ts';
import { parseSeedCommand, UsageError } from './seed.ts';

describe('seed command line', () => {
  it('reads counts, name, database and data folder', () => {
    const command = parseSeedCommand(
      [
        '--employees',
        '50000',
        '--devices',
        '100_000',
        '--assets',
        '100000',
        '--organization',
        'Bench Corp',
        '--database-url',
        'postgres://x@h/db',
      ],
      {},
    );
    expect(command).toMatchObject({
      mode: 'bulk',
      employees: 50000,
      devices: 100000,
      assets: 100000,
      organization: 'Bench Corp',
      databaseUrl: 'postgres://x@h/db',
    });
    expect(command.writeLogins).toBe(false);
  });

  it('defaults to PGlite in EQUIP_DATA_DIR, twice as many devices as employees, and writes the logins', () => {
    const command = parseSeedCommand(['--employees', '10'], { EQUIP_DATA_DIR: '/tmp/equip-data' });
    expect(command).toMatchObject({
      employees: 10,
      devices: 20,
      assets: 0,
      databaseUrl: undefined,
      dataDir: '/tmp/equip-data',
      writeLogins: true,
    });
    expect(parseSeedCommand([], { DATABASE_URL: 'postgresql://db/equip' }).databaseUrl).toBe(
      'postgresql://db/equip',
    );
  });

  it.each([
    [['--employees', 'many']],
    [['--employees', '0']],
    [['--employees', '1.5']],
    [['--devices', '-3']],
    [['--assets', 'some']],
    [['--organization', '  ']],
    [['--database-url', 'mysql://db']],
    [['--frobnicate']],
    [['stray']],
  ])('rejects %j with a usage error', (argv) => {
    expect(() => parseSeedCommand(argv, {})).toThrow(UsageError);
  });
});

describe('demo-logins.json', () => {
  it('appends logins and keeps the file private', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'equip-logins-'));
    appendDemoLogins(dir, [{ email: 'a@x.example', password: 'p1', role: 'it-owner' }]);
    const file = appendDemoLogins(dir, [{ email: 'b@y.example', password: 'p2', role: 'it-owner' }]);
    expect(readDemoLogins(dir).map((l) => l.email)).toEqual(['a@x.example', 'b@y.example']);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});
