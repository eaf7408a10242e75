import { execFile } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { access, rm } from 'node:fs/promises';
import { homedir, userInfo } from 'node:os';
import { writeFileAtomic } from './config.ts';
import {
  displayCommand,
  type ServiceCommand,
  type ServiceDefinition,
  type ServiceOptions,
  type ServicePlatform,
} from './service.ts';

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a program (systemctl, launchctl, schtasks): the one door to the operating system here. */
export type CommandRunner = (command: string, args: string[]) => Promise<CommandResult>;

export const runCommand: CommandRunner = (command, args) =>
  new Promise((resolve) => {
    execFile(command, args, { timeout: 60_000, windowsHide: true }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 127) : 0;
      resolve({ code, stdout: String(stdout), stderr: String(stderr) || (error?.message ?? '') });
    });
  });

/** The facts about this machine a service is made of, and how to run commands on it. */
export interface ServiceHost {
  platform: NodeJS.Platform;
  home: string;
  nodePath: string;
  /** The agent's entry script (bin/equip-agent.mjs), absolute. */
  scriptPath: string;
  uid?: number;
  user?: string;
  /** Known (tests), else found out: user id 0, or `net session` succeeding on Windows. */
  isRoot?: boolean;
  run: CommandRunner;
}

export function thisHost(): ServiceHost {
  const entry = process.argv[1] ?? '';
  let scriptPath = entry;
  try {
    scriptPath = realpathSync(entry); // node_modules/.bin/equip-agent is a link to bin/equip-agent.mjs
  } catch {}
  const info = userInfo();
  return {
    platform: process.platform,
    home: homedir(),
    nodePath: process.execPath,
    scriptPath,
    uid: info.uid,
    user: process.env.USERDOMAIN ? `${process.env.USERDOMAIN}\\${info.username}` : info.username,
    run: runCommand,
  };
}

async function isRoot(host: ServiceHost): Promise<boolean> {
  if (host.isRoot !== undefined) return host.isRoot;
  if (host.platform === 'win32') return (await host.run('net', ['session'])).code === 0;
  return process.getuid?.() === 0;
}

const SUPPORTED: readonly string[] = ['linux', 'darwin', 'win32'] satisfies ServicePlatform[];

/** The service for this host, or why there is none. */
export async function serviceOptions(
  host: ServiceHost,
  configPath: string,
  interval: number,
): Promise<ServiceOptions | string> {
  if (!SUPPORTED.includes(host.platform)) {
    return `equip-agent cannot install a service on ${host.platform} (Linux with systemd, macOS and Windows only).`;
  }
  return {
    platform: host.platform as ServicePlatform,
    isRoot: await isRoot(host),
    nodePath: host.nodePath,
    scriptPath: host.scriptPath,
    configPath,
    interval,
    home: host.home,
    ...(host.uid !== undefined ? { uid: host.uid } : {}),
    ...(host.user !== undefined ? { user: host.user } : {}),
  };
}

interface Output {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** Runs the commands in order; stops at the first required one that fails. */
async function runAll(
  commands: ServiceCommand[],
  host: ServiceHost,
  platform: ServicePlatform,
  io: Output,
): Promise<boolean> {
  for (const command of commands) {
    const result = await host.run(command.command, command.args);
    if (result.code === 0) continue;
    const shown = displayCommand(command, platform);
    if (command.warning) io.err(`Note: \`${shown}\` failed, so ${command.warning}.`);
    if (command.optional || command.warning) continue;
    io.err(`\`${shown}\` failed (exit ${result.code}): ${(result.stderr || result.stdout).trim()}`);
    return false;
  }
  return true;
}

function encoded(definition: ServiceDefinition): string | Uint8Array {
  if (definition.encoding === 'utf8') return definition.contents;
  // Task Scheduler reads its XML as UTF-16 little-endian with a byte-order mark, as it exports it.
  return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(definition.contents, 'utf16le')]);
}

/** Prints what install-service would write and run. */
export function describeInstall(definition: ServiceDefinition, platform: ServicePlatform, io: Output): void {
  io.out(`Would write ${definition.path}:\n\n${definition.contents.replace(/\r\n/g, '\n')}`);
  io.out('Would run:');
  for (const command of definition.install) io.out(`  ${displayCommand(command, platform)}`);
}

/** Writes the service's file and registers it, or leaves nothing when that fails; resolves to the exit code. */
export async function installService(
  definition: ServiceDefinition,
  host: ServiceHost,
  platform: ServicePlatform,
  io: Output,
): Promise<number> {
  try {
    await writeFileAtomic(definition.path, encoded(definition), 0o644, 0o755);
  } catch (error) {
    io.err(`Could not write ${definition.path}: ${(error as Error).message}`);
    return 1;
  }
  if (await runAll(definition.install, host, platform, io)) return 0;
  // Nothing half-installed: undo what went through and remove the file again.
  const quietly = (commands: ServiceCommand[]) =>
    runAll(
      commands.map((command) => ({ ...command, optional: true, warning: undefined })),
      host,
      platform,
      io,
    );
  await quietly(definition.stop);
  await rm(definition.path, { force: true });
  await quietly(definition.afterRemove);
  io.err(`The service is not installed (${definition.path} removed again).`);
  return 1;
}

export async function isInstalled(definition: ServiceDefinition): Promise<boolean> {
  return access(definition.path).then(
    () => true,
    () => false,
  );
}

/** Stops and unregisters the service and removes its file; resolves to the exit code. */
export async function uninstallService(
  definition: ServiceDefinition,
  host: ServiceHost,
  platform: ServicePlatform,
  io: Output,
): Promise<number> {
  if (!(await isInstalled(definition))) {
    io.out(`The service is not installed (no ${definition.path}).`);
    return 0;
  }
  if (!(await runAll(definition.stop, host, platform, io))) return 1;
  await rm(definition.path, { force: true });
  if (!(await runAll(definition.afterRemove, host, platform, io))) return 1;
  io.out(`Stopped and removed the service (${definition.path}).`);
  return 0;
}
