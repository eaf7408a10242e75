/**
 * Seeds a database from the command line.
 *
 *   npm run seed -- --employees 50000 --devices 100000 [--organization "Bench Corp"]
 *                   [--database-url postgres://…] [--data-dir .data] [--seed 1]
 *   npm run seed -- --demo          the demo organisations (Acme GmbH, Globex Ltd), as on a first start
 *
 * The database is the PostgreSQL server of --database-url (or DATABASE_URL), otherwise the embedded
 * PGlite in <data-dir>/pglite, the folder the server uses (EQUIP_DATA_DIR, default .data).
 * Passwords of the created logins are printed and, for PGlite or with --data-dir, added to
 * <data-dir>/demo-logins.json.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../config/env.ts';
import { appendDemoLogins, type DemoLogin } from '../demo/logins.ts';
import { BULK_LIMITS, seedBulkOrganization } from '../demo/seed-bulk.ts';
import { isDatabaseEmpty, seedDemoOrganization } from '../demo/seed-demo.ts';
import { failWith, oneLine, openCliDatabase, UsageError } from './common.ts';

const USAGE = `usage: npm run seed -- [--employees N] [--devices N] [--assets N] [--organization NAME] [--seed N] [--demo]
                       [--database-url postgres://…] [--data-dir DIR]
  --employees     people in the new organisation, its it-owner included (default 1000)
  --devices       devices in it (default: twice the employees)
  --assets        peripheral items in it, over the demo's peripheral models (default 0)
  --organization  its name (default "Bench Corp")
  --seed          seed of the generator: same seed, same data (default 1)
  --demo          seed the demo organisations instead (only into an empty database)
  --database-url  PostgreSQL server (default DATABASE_URL; without one, the embedded PGlite)
  --data-dir      folder of the embedded database and demo-logins.json (default EQUIP_DATA_DIR or .data)`;

export { UsageError };

interface SeedCommand {
  mode: 'bulk' | 'demo';
  employees: number;
  devices: number;
  assets: number;
  organization: string;
  seed: number | undefined;
  databaseUrl: string | undefined;
  dataDir: string;
  /** Write demo-logins.json: always for PGlite, for PostgreSQL only when --data-dir was given. */
  writeLogins: boolean;
}

export function parseSeedCommand(argv: string[], env: Record<string, string | undefined>): SeedCommand {
  let values: ReturnType<typeof parse>['values'];
  try {
    values = parse(argv).values;
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const config = loadConfig(env);
  const employees = wholeNumber('--employees', values.employees, 1000, 1, BULK_LIMITS.employees);
  const devices = wholeNumber('--devices', values.devices, employees * 2, 0, BULK_LIMITS.devices);
  const assets = wholeNumber('--assets', values.assets, 0, 0, BULK_LIMITS.assets);
  const organization = (values.organization ?? 'Bench Corp').trim();
  if (organization.length === 0 || organization.length > 200)
    throw new UsageError('--organization must be 1 to 200 characters');
  const databaseUrl = values['database-url'] ?? config.databaseUrl;
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new UsageError('--database-url must be a postgres:// or postgresql:// URL');
  }
  return {
    mode: values.demo ? 'demo' : 'bulk',
    employees,
    devices,
    assets,
    organization,
    seed: values.seed === undefined ? undefined : wholeNumber('--seed', values.seed, 0, 0, 2 ** 32 - 1),
    databaseUrl,
    dataDir: values['data-dir'] ? path.resolve(values['data-dir']) : config.dataDir,
    writeLogins: databaseUrl === undefined || values['data-dir'] !== undefined,
  };
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      employees: { type: 'string' },
      devices: { type: 'string' },
      assets: { type: 'string' },
      organization: { type: 'string' },
      seed: { type: 'string' },
      demo: { type: 'boolean' },
      'database-url': { type: 'string' },
      'data-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}

function wholeNumber(
  name: string,
  raw: string | undefined,
  fallback: number,
  min: number,
  max: number,
): number {
  if (raw === undefined) return fallback;
  const value = Number(raw.replaceAll('_', ''));
  if (!/^\d[\d_]*$/.test(raw) || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new UsageError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function formatLogin(login: DemoLogin): string {
  return `${login.role.padEnd(12)} ${login.email.padEnd(32)} ${login.password}`;
}

async function run(command: SeedCommand): Promise<void> {
  const database = await openCliDatabase(command.databaseUrl, command.dataDir);
  try {
    let logins: DemoLogin[];
    if (command.mode === 'demo') {
      if (!(await isDatabaseEmpty(database.db)))
        throw new Error('the database already has organisations; --demo seeds only an empty one');
      const started = performance.now();
      const result = await seedDemoOrganization(database.db, { dataDir: null, seed: command.seed });
      logins = result.logins;
      console.log(
        `Seeded the demo organisation ${result.organizationUuid} (and Globex Ltd ${result.secondOrganizationUuid}) in ${seconds(performance.now() - started)}.`,
      );
    } else {
      const result = await seedBulkOrganization(database.db, {
        organizationName: command.organization,
        employees: command.employees,
        devices: command.devices,
        assets: command.assets,
        seed: command.seed,
        onProgress: (message) => console.log(`  … ${message}`),
      });
      logins = [result.login];
      // Fresh statistics and visibility maps, so the planner uses the indexes (and index-only scans)
      // at once; PGlite has no autovacuum to do it later.
      const analyzed = performance.now();
      for (const table of ['users', 'devices', 'bundle_employees', 'asset_definitions', 'asset_instances'])
        await database.db.execute(sql.raw(`vacuum analyze ${table}`));
      console.log(`  … vacuumed and analysed in ${seconds(performance.now() - analyzed)}`);
      console.log(
        `Seeded "${command.organization}" ${result.organizationUuid} on ${database.kind} in ${seconds(result.elapsedMs)}:`,
      );
      console.log(
        `  ${result.employees} employees, ${result.devices} devices (${result.assignedDevices} assigned), ${result.assets} peripherals`,
      );
    }
    console.log('Log in as:');
    for (const login of logins) console.log(`  ${formatLogin(login)}`);
    if (command.writeLogins) console.log(`  (added to ${appendDemoLogins(command.dataDir, logins)})`);
  } finally {
    await database.close();
  }
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

async function main(): Promise<void> {
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    console.log(USAGE);
    return;
  }
  let command: SeedCommand;
  try {
    command = parseSeedCommand(process.argv.slice(2), process.env);
  } catch (error) {
    if (error instanceof UsageError) fail(`${error.message} (see --help)`);
    if (error instanceof ConfigError) fail(error.problems.join('; '));
    throw error;
  }
  try {
    await run(command);
  } catch (error) {
    fail(oneLine(error));
  }
}

function fail(message: string): never {
  failWith('seed', message);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
