import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import type { ReportedSoftware } from '@equip/domain/device-software';
import type { AgentCheckInResult, AgentReport } from '@equip/domain/enrollment';
import { checkIn, enroll, ServerError } from './client.ts';
import { type AgentConfig, defaultConfigPath, readConfig, writeConfig } from './config.ts';
import { type Inventory, missingSerialNote, readInventory } from './inventory.ts';
import { serviceDefinition } from './service.ts';
import {
  describeInstall,
  installService,
  isInstalled,
  type ServiceHost,
  serviceOptions,
  thisHost,
  uninstallService,
} from './service-manager.ts';
import { readInstalledSoftware } from './software.ts';
import { type ReportState, readReportState, recordReport } from './state.ts';

export const AGENT_VERSION = '0.1.0';

const USAGE = `Usage:
  equip-agent enroll --server URL --token TOKEN [--config PATH]
      Enrols this machine with the one-time token from the enrolment's last step.
  equip-agent report [--config PATH] [--dry-run]
      Reads this machine's inventory and installed applications and reports them (--dry-run prints
      the report instead).
  equip-agent run [--config PATH] [--interval SECONDS]
      Reports now and then every interval (default 60 seconds, at least 15) until stopped
      (SIGTERM or Ctrl-C end it cleanly); the installed applications once an hour.
  equip-agent install-service [--config PATH] [--interval SECONDS] [--dry-run]
      Keeps \`run\` going in the background, from boot or login, restarted when it fails: a systemd
      unit on Linux, a launchd agent on macOS, a scheduled task on Windows (system-wide as root or
      administrator, else for this user). --dry-run prints the file and commands instead.
  equip-agent uninstall-service [--config PATH]
      Stops the background service and removes it.
  equip-agent status [--config PATH]
      Says whether the service is installed, where this machine reports to and its last report.`;

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
  /** The inventory source (tests may pass a fixed one; the default reads this machine). */
  inventory?: () => Promise<Inventory>;
  /** The installed applications (tests may pass a fixed list; the default reads this machine's). */
  software?: () => Promise<ReportedSoftware[] | null>;
  /** The machine the service commands act on (tests pass a temporary home and a recording runner). */
  host?: ServiceHost;
  now?: () => Date;
}

const defaultIo: CliIo = { out: (l) => console.log(l), err: (l) => console.error(l) };

export function reportOf(
  inventory: Inventory,
  now = new Date(),
  software: ReportedSoftware[] | null = null,
): AgentReport {
  return {
    ...inventory,
    ...(software ? { software } : {}),
    reportId: randomUUID(),
    collectedAt: now.toISOString(),
    agentVersion: AGENT_VERSION,
  };
}

/** `run`'s interval: at least 15 seconds, 60 when not given or not a number. */
export function intervalSeconds(value: string | undefined): number {
  return Math.max(15, Math.round(Number(value ?? 60)) || 60);
}

function describeError(error: unknown): string {
  return error instanceof ServerError
    ? `The server refused (${error.status}): ${error.message}`
    : `Failed: ${(error as Error).message}`;
}

const notEnrolled = (configPath: string) =>
  `Not enrolled yet: run equip-agent enroll --server URL --token TOKEN first (no credentials in ${configPath}; --config PATH if they are elsewhere).`;

/** How often `run` sends the installed applications (`report` always does). */
export const SOFTWARE_INTERVAL_MS = 3600_000;

/** Whether `run`'s next report carries the installed applications: none sent yet, or an hour ago. */
export function softwareDue(state: ReportState | null, now = new Date()): boolean {
  const last = state?.lastSoftwareAt ? Date.parse(state.lastSoftwareAt) : Number.NaN;
  return !(now.getTime() - last < SOFTWARE_INTERVAL_MS);
}

/** What a report sent: the server's answer and how many installed applications it carried. */
type Reported = AgentCheckInResult & { applications: number | null };

/**
 * Sends one report (with the installed applications when `software` is given and can be read) and
 * records how it went beside the configuration (for `status`).
 */
async function reportOnce(
  configPath: string,
  config: AgentConfig,
  inventory: () => Promise<Inventory>,
  software: (() => Promise<ReportedSoftware[] | null>) | null,
  signal?: AbortSignal,
): Promise<Reported> {
  try {
    const [machine, applications] = await Promise.all([inventory(), software ? software() : null]);
    const report = reportOf(machine, new Date(), applications);
    const result = await checkIn(config.server, config.agentToken, report, { signal });
    await recordReport(configPath, { ok: true, software: applications !== null });
    return { ...result, applications: applications?.length ?? null };
  } catch (error) {
    if (!signal?.aborted) await recordReport(configPath, { ok: false, error: describeError(error) });
    throw error;
  }
}

const reported = (config: AgentConfig, result: Reported, io: CliIo) =>
  io.out(
    `Reported to ${config.server} (device ${result.deviceUuid}${result.duplicate ? ', already seen' : ''}${
      result.applications === null ? '' : `, ${result.applications} installed applications`
    }).`,
  );

/**
 * Reports now and every `seconds` until SIGTERM or SIGINT (how systemd, launchd and Ctrl-C stop it):
 * the report in flight is abandoned (the next start sends a new one; a half-received one counts once)
 * and the loop ends with 0. A failing first report ends it with 1, later failures are only logged.
 */
async function runLoop(
  configPath: string,
  config: AgentConfig,
  seconds: number,
  inventory: () => Promise<Inventory>,
  software: () => Promise<ReportedSoftware[] | null>,
  io: CliIo,
): Promise<number> {
  const stop = new AbortController();
  const onSignal = (name: NodeJS.Signals) => {
    io.out(`${name}: stopping.`);
    stop.abort();
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
  const { signal } = stop;
  try {
    for (let first = true; !signal.aborted; first = false) {
      try {
        const due = softwareDue(await readReportState(configPath), io.now?.() ?? new Date());
        reported(config, await reportOnce(configPath, config, inventory, due ? software : null, signal), io);
      } catch (error) {
        if (signal.aborted) break;
        if (first) throw error;
        io.err(`Report failed: ${describeError(error)}`);
      }
      await sleep(seconds * 1000, undefined, { signal }).catch(() => undefined);
    }
    return 0;
  } finally {
    process.off('SIGTERM', onSignal);
    process.off('SIGINT', onSignal);
  }
}

const ago = (iso: string, now: Date) => {
  const minutes = Math.round((now.getTime() - new Date(iso).getTime()) / 60_000);
  return minutes < 1
    ? 'just now'
    : minutes < 120
      ? `${minutes} min ago`
      : `${Math.round(minutes / 60)} h ago`;
};

type ServiceCommandName = 'install-service' | 'uninstall-service' | 'status';

/** install-service, uninstall-service and status. */
async function serviceCommand(
  command: ServiceCommandName,
  configPath: string,
  values: { interval?: string; 'dry-run'?: boolean },
  io: CliIo,
): Promise<number> {
  const host = io.host ?? thisHost();
  const config = await readConfig(configPath);
  if (command === 'install-service' && !config) {
    io.err(`${notEnrolled(configPath)} The service would only fail.`);
    return 2;
  }
  const interval = intervalSeconds(values.interval);
  const options = await serviceOptions(host, configPath, interval);
  if (typeof options === 'string') {
    io.err(options);
    return 2;
  }
  const definition = serviceDefinition(options);
  const platform = options.platform;
  const scope = (root: boolean) => (root ? 'system-wide' : 'for this user');

  if (command === 'install-service') {
    if (values['dry-run']) {
      describeInstall(definition, platform, io);
      return 0;
    }
    if (/[\\/]_npx[\\/]/.test(options.scriptPath)) {
      io.err(
        `Note: the agent runs from npx's cache (${options.scriptPath}), which npm may clear; install it for good (npm install --global ./apps/agent from a checkout) and run install-service from there.`,
      );
    }
    const code = await installService(definition, host, platform, io);
    if (code === 0) {
      io.out(
        `Installed the service ${scope(options.isRoot)} (${definition.path}): it reports to ${config!.server} every ${interval} seconds from boot${options.isRoot ? '' : ' or login'}, and starts again when it fails. Output: ${definition.logs}.`,
      );
    }
    return code;
  }

  // The service of the other scope (system-wide for a user, or the reverse), to point at it.
  const other = serviceDefinition({ ...options, isRoot: !options.isRoot });
  const otherInstalled = other.path !== definition.path && (await isInstalled(other));

  if (command === 'uninstall-service') {
    if (!(await isInstalled(definition)) && otherInstalled) {
      io.err(
        `The service is installed ${scope(!options.isRoot)} (${other.path}): run uninstall-service ${options.isRoot ? 'as that user' : 'as root or administrator'}.`,
      );
      return 1;
    }
    return uninstallService(definition, host, platform, io);
  }

  const now = io.now?.() ?? new Date();
  if (await isInstalled(definition))
    io.out(`Service: installed ${scope(options.isRoot)} (${definition.path}).`);
  else if (otherInstalled) io.out(`Service: installed ${scope(!options.isRoot)} (${other.path}).`);
  else io.out('Service: not installed (equip-agent install-service installs it).');
  if (!config) {
    io.out(`Enrolment: none (no credentials in ${configPath}).`);
    return 1;
  }
  io.out(`Reports to: ${config.server} (${config.organizationName || 'organisation unknown'}).`);
  io.out(`Device: ${config.deviceUuid}.`);
  const state = await readReportState(configPath);
  io.out(
    state?.lastSuccessAt
      ? `Last report: sent ${state.lastSuccessAt} (${ago(state.lastSuccessAt, now)}).`
      : 'Last report: none sent yet.',
  );
  if (state?.lastResult === 'failed') {
    io.out(
      `Last attempt: failed ${state.lastAttemptAt} (${ago(state.lastAttemptAt, now)}): ${state.lastError}`,
    );
  }
  return 0;
}

/** Runs one command; resolves to the process exit code. */
export async function main(argv: string[], io: CliIo = defaultIo): Promise<number> {
  const [command, ...rest] = argv;
  let values: { server?: string; token?: string; config?: string; interval?: string; 'dry-run'?: boolean };
  try {
    ({ values } = parseArgs({
      args: rest,
      options: {
        server: { type: 'string' },
        token: { type: 'string' },
        config: { type: 'string' },
        interval: { type: 'string' },
        'dry-run': { type: 'boolean' },
      },
    }));
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  // Absolute: a service runs elsewhere than in this folder.
  const configPath = path.resolve(values.config ?? defaultConfigPath());
  const inventory = io.inventory ?? readInventory;
  const software = io.software ?? (() => readInstalledSoftware());
  try {
    switch (command) {
      case 'enroll': {
        if (!values.server || !values.token) {
          io.err(`enroll needs --server and --token\n\n${USAGE}`);
          return 2;
        }
        const machine = await inventory();
        const credentials = await enroll(values.server, values.token, machine.os);
        const config = { server: values.server, ...credentials };
        await writeConfig(configPath, config);
        io.out(
          `Enrolled ${machine.hostname} with ${credentials.organizationName}. Credentials saved in ${configPath}.`,
        );
        const note = missingSerialNote(machine);
        if (note) io.out(note);
        const first = await reportOnce(configPath, config, () => Promise.resolve(machine), software);
        io.out(`First report sent (device ${first.deviceUuid}).`);
        io.out('To keep reporting in the background: equip-agent install-service');
        return 0;
      }
      case 'report':
      case 'run': {
        if (values['dry-run']) {
          io.out(JSON.stringify(reportOf(await inventory(), new Date(), await software()), null, 2));
          return 0;
        }
        const config = await readConfig(configPath);
        if (!config) {
          io.err(notEnrolled(configPath));
          return 1;
        }
        if (command === 'report') {
          reported(config, await reportOnce(configPath, config, inventory, software), io);
          return 0;
        }
        return await runLoop(configPath, config, intervalSeconds(values.interval), inventory, software, io);
      }
      case 'install-service':
      case 'uninstall-service':
      case 'status':
        return await serviceCommand(command, configPath, values, io);
      default:
        io.err(USAGE);
        return command === undefined || command === 'help' || command === '--help' ? 0 : 2;
    }
  } catch (error) {
    io.err(describeError(error));
    return 1;
  }
}
