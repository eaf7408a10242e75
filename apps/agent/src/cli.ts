import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import type { AgentReport } from '@equip/domain/enrollment';
import { checkIn, enroll, ServerError } from './client.ts';
import { defaultConfigPath, readConfig, writeConfig } from './config.ts';
import { type Inventory, readInventory } from './inventory.ts';

export const AGENT_VERSION = '0.1.0';

const USAGE = `Usage:
  equip-agent enroll --server URL --token TOKEN [--config PATH]
      Enrols this machine with the one-time token from the enrolment's last step.
  equip-agent report [--config PATH] [--dry-run]
      Reads this machine's inventory and reports it (--dry-run prints it instead).
  equip-agent run [--config PATH] [--interval SECONDS]
      Reports now and then every interval (default 60 seconds).`;

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
  /** The inventory source (tests may pass a fixed one; the default reads this machine). */
  inventory?: () => Promise<Inventory>;
}

const defaultIo: CliIo = { out: (l) => console.log(l), err: (l) => console.error(l) };

export function reportOf(inventory: Inventory, now = new Date()): AgentReport {
  return {
    ...inventory,
    reportId: randomUUID(),
    collectedAt: now.toISOString(),
    agentVersion: AGENT_VERSION,
  };
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
  const configPath = values.config ?? defaultConfigPath();
  const inventory = io.inventory ?? readInventory;
  try {
    switch (command) {
      case 'enroll': {
        if (!values.server || !values.token) {
          io.err(`enroll needs --server and --token\n\n${USAGE}`);
          return 2;
        }
        const machine = await inventory();
        const credentials = await enroll(values.server, values.token, machine.os);
        await writeConfig(configPath, { server: values.server, ...credentials });
        io.out(
          `Enrolled ${machine.hostname} with ${credentials.organizationName}. Credentials saved in ${configPath}.`,
        );
        const result = await checkIn(values.server, credentials.agentToken, reportOf(machine));
        io.out(`First report sent (device ${result.deviceUuid}).`);
        return 0;
      }
      case 'report':
      case 'run': {
        if (values['dry-run']) {
          io.out(JSON.stringify(reportOf(await inventory()), null, 2));
          return 0;
        }
        const config = await readConfig(configPath);
        if (!config) {
          io.err(
            `Not enrolled yet: run equip-agent enroll --server URL --token TOKEN (no credentials in ${configPath}).`,
          );
          return 1;
        }
        const once = async () => {
          const result = await checkIn(config.server, config.agentToken, reportOf(await inventory()));
          io.out(
            `Reported to ${config.server} (device ${result.deviceUuid}${result.duplicate ? ', already seen' : ''}).`,
          );
        };
        await once();
        if (command === 'report') return 0;
        const seconds = Math.max(15, Number(values.interval ?? 60) || 60);
        for (;;) {
          await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
          await once().catch((error: unknown) => io.err(`Report failed: ${(error as Error).message}`));
        }
      }
      default:
        io.err(USAGE);
        return command === undefined || command === 'help' || command === '--help' ? 0 : 2;
    }
  } catch (error) {
    if (error instanceof ServerError) io.err(`The server refused (${error.status}): ${error.message}`);
    else io.err(`Failed: ${(error as Error).message}`);
    return 1;
  }
}
