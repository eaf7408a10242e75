import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const main = path.join(import.meta.dirname, 'main.ts');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts Equip, answers what it printed up to the end of its start, and stops it cleanly. */
async function startAndStop(env: Record<string, string>): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: { ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'test', ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const started = new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      // The welcome comes first; the set-up link, when there is one, right after it.
      if (/Equip is running at/.test(output) && /(setup\?token=[\w-]+|demo)/i.test(output)) {
        clearInterval(timer);
        resolve();
      }
      if (child.exitCode !== null) {
        clearInterval(timer);
        reject(new Error(`Equip stopped:\n${output}`));
      }
    }, 100);
  });
  await started;
  child.kill('SIGTERM');
  expect(await exited).toBe(0);
  return output;
}

describe('npm start without the demo', () => {
  // A restart printing a new link while this one is unused: InstallationSetup.printableLink's tests.
  it('prints a one-time set-up link while the installation is empty', async () => {
    const port = await freePort();
    const env = {
      EQUIP_DEMO: 'false',
      EQUIP_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'equip-setup-link-')),
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
    };
    const first = await startAndStop(env);
    const link = /(http:\/\/localhost:\d+\/setup\?token=[\w-]+)/.exec(first)?.[1];
    expect(link, first).toMatch(new RegExp(`^http://localhost:${port}/setup\\?token=`));
    expect(first).toContain('Equip has no organisation yet');
    expect(first).not.toContain('Demo logins');
  }, 120_000);
});
