import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';

/** What `equip-agent enroll` keeps for `report`: the server and the agent's credential. */
export interface AgentConfig {
  server: string;
  deviceUuid: string;
  agentToken: string;
  organizationName: string;
}

/** The user's configuration folder for this platform (XDG on Linux, Application Support, %APPDATA%). */
export function defaultConfigPath(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): string {
  const base =
    platform === 'win32'
      ? (env.APPDATA ?? path.join(homedir(), 'AppData', 'Roaming'))
      : platform === 'darwin'
        ? path.join(homedir(), 'Library', 'Application Support')
        : (env.XDG_CONFIG_HOME ?? path.join(homedir(), '.config'));
  return path.join(base, 'equip-agent', 'config.json');
}

export async function readConfig(file: string): Promise<AgentConfig | null> {
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as Partial<AgentConfig>;
    if (!parsed.server || !parsed.agentToken || !parsed.deviceUuid) return null;
    return {
      server: parsed.server,
      deviceUuid: parsed.deviceUuid,
      agentToken: parsed.agentToken,
      organizationName: parsed.organizationName ?? '',
    };
  } catch {
    return null;
  }
}

/** Writes a file in one step (a reader sees the old or the new contents, never a half). */
export async function writeFileAtomic(
  file: string,
  contents: string | Uint8Array,
  mode: number,
  directoryMode = 0o700,
): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true, mode: directoryMode });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, contents, { mode });
  await rename(temporary, file);
}

/** Writes the credential readable by the user only, replacing the file in one step. */
export async function writeConfig(file: string, config: AgentConfig): Promise<void> {
  await writeFileAtomic(file, `${JSON.stringify(config, null, 2)}\n`, 0o600);
}
