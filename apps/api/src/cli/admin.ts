/**
 * Manages provider admins (role equip-admin) from the command line: they are no organisation's
 * employees, so no organisation screen can create or change them. Also creates organisations.
 *
 *   npm run admin -- list
 *   npm run admin -- create --email ops@example.com --first-name Olga --last-name Ops
 *   npm run admin -- disable --email ops@example.com
 *   npm run admin -- email-conflicts
 *   npm run admin -- create-organization --name "Acme GmbH" --owner-email anna@acme.example
 *
 * `create` and `create-organization` mail a set-password link (SMTP_URL, or the outbox) and print it. The database is the one
 * the server uses: DATABASE_URL, otherwise the embedded PGlite in EQUIP_DATA_DIR (default .data), which
 * only one process may open at a time.
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { CreateOrganizationRequest } from '@equip/domain/organizations';
import { CreateProviderAdminRequest } from '@equip/domain/provider-admins';
import { DEFAULT_WORKING_DAYS } from '@equip/domain/weekdays';
import { ConfigError, loadConfig } from '../config/env.ts';
import { AppError } from '../http/errors.ts';
import type { OrganizationsAdmin } from '../modules/installation/index.ts';
import type { ProviderAdminsService } from '../modules/provider-admins/index.ts';
import { createServices } from '../services.ts';
import { failWith, oneLine, openCliDatabase, UsageError } from './common.ts';

const USAGE = `usage: npm run admin -- <command> [options]
  list                                                   the provider admins
  create --email E --first-name F --last-name L          add one; mails and prints a set-password link
  disable --email E                                      disable one (their sessions end)
  email-conflicts                                        emails several accounts shared before emails were unique
  create-organization --name N --owner-email E           an organisation and its first IT owner; mails and prints
      [--owner-first-name F --owner-last-name L]         a set-password link (names default to the email's, e.g.
      [--country DE] [--time-zone Europe/Berlin]         anna.berg@ → Anna Berg; country DE, Europe/Berlin and
      [--working-days monday,tuesday,…]                  Monday to Friday by default)
  --database-url postgres://…   PostgreSQL server (default DATABASE_URL; without one, the embedded PGlite)
  --data-dir DIR                folder of the embedded database (default EQUIP_DATA_DIR or .data)`;

export type AdminCommand =
  | { action: 'list' }
  | { action: 'create'; email: string; firstName: string; lastName: string }
  | { action: 'disable'; email: string }
  | { action: 'email-conflicts' };

/** An organisation and its first IT owner (`create-organization`). */
export type OrganizationCommand = { action: 'create-organization' } & CreateOrganizationRequest;

export function parseAdminCommand(argv: string[]): {
  command: AdminCommand | OrganizationCommand;
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
    case 'email-conflicts':
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
    case 'create-organization':
      return { command: { action, ...organizationRequest(values) }, ...where };
    default:
      throw new UsageError(action ? `unknown command "${action}"` : 'a command is required');
  }
}

const flagOf = (field: string) => field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** The options of `create-organization` by the request's fields (the rest have defaults). */
const ORGANIZATION_FLAGS: Record<string, string> = {
  'organization.name': '--name',
  'organization.country': '--country',
  'organization.timeZone': '--time-zone',
  'organization.workingDays': '--working-days',
  'owner.email': '--owner-email',
  'owner.firstName': '--owner-first-name',
  'owner.lastName': '--owner-last-name',
};

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** A name from an email's local part when none is given: anna.berg@ → Anna Berg; it@ → It Owner. */
function namesFromEmail(email: string): { firstName: string; lastName: string } {
  const [first = 'IT', ...rest] = (email.split('@')[0] ?? '').split(/[._-]+/).filter(Boolean);
  return { firstName: capitalised(first), lastName: rest.length ? rest.map(capitalised).join(' ') : 'Owner' };
}

function organizationRequest(values: ReturnType<typeof parse>['values']): CreateOrganizationRequest {
  const email = values['owner-email'] ?? '';
  const named = namesFromEmail(email);
  const input = CreateOrganizationRequest.safeParse({
    organization: {
      name: values.name,
      country: values.country ?? 'DE',
      timeZone: values['time-zone'] ?? 'Europe/Berlin',
      workingDays: values['working-days']?.split(',').map((day) => day.trim().toLowerCase()) ?? [
        ...DEFAULT_WORKING_DAYS,
      ],
    },
    owner: {
      email: values['owner-email'],
      firstName: values['owner-first-name'] ?? named.firstName,
      lastName: values['owner-last-name'] ?? named.lastName,
    },
  });
  if (input.success) return input.data;
  const problems = input.error.issues.map((issue) => {
    const field = issue.path.slice(0, 2).join('.');
    return `${ORGANIZATION_FLAGS[field] ?? field}: ${issue.message}`;
  });
  throw new UsageError([...new Set(problems)].join('; '));
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    strict: true,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      name: { type: 'string' },
      'owner-email': { type: 'string' },
      'owner-first-name': { type: 'string' },
      'owner-last-name': { type: 'string' },
      country: { type: 'string' },
      'time-zone': { type: 'string' },
      'working-days': { type: 'string' },
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
      return;
    }
    case 'email-conflicts': {
      const conflicts = await service.emailConflicts();
      if (conflicts.length === 0) print('No email is shared by several accounts.');
      for (const conflict of conflicts) {
        print(`${conflict.email}: none of these signs in by email until all but one have another email`);
        for (const a of conflict.accounts)
          print(`  ${`${a.firstName} ${a.lastName}`.padEnd(28)} ${a.organizationName} (${a.uuid})`);
      }
    }
  }
}

/** `create-organization`: the organisation and its first IT owner, with the link that sets their password. */
export async function runOrganizationCommand(
  organizations: OrganizationsAdmin,
  command: OrganizationCommand,
  print: (line: string) => void,
): Promise<void> {
  const { action: _, ...request } = command;
  const { organization, invitationLink } = await organizations.create(null, request);
  print(`Created ${organization.name} with its IT owner ${request.owner.email}.`);
  print('Set-password link for the IT owner (mailed too; valid 7 days, once):');
  print(`  ${invitationLink}`);
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
    // Mail goes through the job queue with SMTP_URL: started first, since a first start from inside
    // the command's transaction would wait for itself on PGlite (and the process then exits unsettled).
    await services.jobs.start();
    const { command } = parsed;
    if (command.action === 'create-organization') {
      await runOrganizationCommand(services.installation.organizations, command, console.log);
    } else {
      await runAdminCommand(services.providerAdmins, command, console.log);
    }
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
