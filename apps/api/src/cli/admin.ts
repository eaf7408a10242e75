/**
 * Manages provider admins (role equip-admin) from the command line: they are no organisation's
 * employees, so no organisation screen can create or change them.
 *
 *   npm run admin -- list
 *   npm run admin -- create --email ops@example.com --first-name Olga --last-name Ops
 *   npm run admin -- disable --email ops@example.com
 *
 * `create` mails a set-password link (SMTP_URL, or the outbox) and prints it. The database is the one
 * the server uses: DATABASE_URL, otherwise the embedded PGlite in EQUIP_DATA_DIR (default .data), which
 * only one process may open at a time.
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { CreateProviderAdminRequest } from '@equip/domain/provider-admins';
import { ConfigError, loadConfig } from '../config/env.ts';
import { AppError } from '../http/errors.ts';
import { ProviderAdminsService } from '../modules/provider-admins/service.ts';
import { createServices } from '../services.ts';
import { failWith, oneLine, openCliDatabase, UsageError } from './common.ts';

const USAGE = `usage: npm run admin -- <command> [options]
  list                                                   the provider admins
  create --email E --first-name F --last-name L          add one; mails and prints a set-password link
  disable --email E                                      disable one (their sessions end)
  --database-url postgres://…   PostgreSQL server (default DATABASE_URL; without one, the embedded PGlite)
  --data-dir DIR                folder of the embedded database (default EQUIP_DATA_DIR or .data)`;

export type AdminCommand =
  | { action: 'list' }
  | { action: 'create'; email: string; firstName: string; lastName: string }
  | { action: 'disable'; email: string };

export function parseAdminCommand(argv: string[]): {
  command: AdminCommand;
  databaseUrl?: string;
  dataDir?: string;
} {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  const where = {
    ...(values['database-url'] ? { databaseUrl: values['database-url'] } : {}),
    ...(values['data-dir'] ? { dataDir: values['data-dir'] } : {}),
  };
  const [action, ...rest] = positionals;
  if (rest.length > 0) throw new UsageError(`unexpected ${rest.join(' ')}`);
  switch (action) {
    case 'list':
      return { command: { action }, ...where };
    case 'create': {
      const input = CreateProviderAdminRequest.safeParse({
        email: values.email,
        firstName: values['first-name'],
        lastName: values['last-name'],
      });
      if (!input.success) {
        const problems = input.error.issues.map((i) => `--${flagOf(String(i.path[0]))}: ${i.message}`);
        throw new UsageError(problems.join('; '));
      }
      return { command: { action, ...input.data }, ...where };
    }
    case 'disable':
      if (!values.email) throw new UsageError('--email is required');
      return { command: { action, email: values.email }, ...where };
    default:
      throw new UsageError(action ? `unknown command "${action}"` : 'a command is required');
  }
}

const flagOf = (field: string) => field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    strict: true,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      'database-url': { type: 'string' },
      'data-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}

export async function runAdminCommand(
  service: ProviderAdminsService,
  command: AdminCommand,
  print: (line: string) => void,
): Promise<void> {
  switch (command.action) {
    case 'list': {
      const admins = await service.list();
      if (admins.length === 0) print('No provider admins yet: npm run admin -- create …');
      for (const admin of admins) {
        const status = admin.hasPassword ? 'active' : 'invited';
        print(`${admin.email.padEnd(36)} ${`${admin.firstName} ${admin.lastName}`.padEnd(28)} ${status}`);
      }
      return;
    }
    case 'create': {
      const { admin, invitationLink } = await service.create(null, command);
      print(`Added provider admin ${admin.email}. Set-password link (valid 7 days, once):`);
      print(`  ${invitationLink}`);
      return;
    }
    case 'disable': {
      const admin = await service.findByEmail(command.email);
      if (!admin) throw new Error(`${command.email} is not a provider admin`);
      await service.disable(null, admin.uuid);
      print(`Disabled ${admin.email}; their sessions have ended.`);
    }
  }
}

async function main(): Promise<void> {
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    console.log(USAGE);
    return;
  }
  let parsed: ReturnType<typeof parseAdminCommand>;
  let config: ReturnType<typeof loadConfig>;
  try {
    parsed = parseAdminCommand(process.argv.slice(2));
    config = loadConfig({
      ...process.env,
      ...(parsed.databaseUrl ? { DATABASE_URL: parsed.databaseUrl } : {}),
      ...(parsed.dataDir ? { EQUIP_DATA_DIR: parsed.dataDir } : {}),
    });
  } catch (error) {
    if (error instanceof UsageError) failWith('admin', `${error.message} (see --help)`);
    if (error instanceof ConfigError) failWith('admin', error.problems.join('; '));
    throw error;
  }
  const database = await openCliDatabase(config.databaseUrl, config.dataDir).catch((error: unknown) =>
    failWith('admin', oneLine(error)),
  );
  try {
    const services = await createServices(config, database);
    await runAdminCommand(new ProviderAdminsService(database.db, services.auth), parsed.command, console.log);
    await services.deferred.drain();
    await services.jobs.stop();
  } catch (error) {
    console.error(`admin: ${error instanceof AppError ? error.message : oneLine(error)}`);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
