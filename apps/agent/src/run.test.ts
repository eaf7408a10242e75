import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { writeConfig } from './config.ts';
import { readReportState } from './state.ts';

const BIN = fileURLToPath(new URL('../bin/equip-agent.mjs', import.meta.url));
const DEVICE = '2b1e4c9a-0000-4000-8000-000000000002';

/**
 * `equip-agent run` in its own process, stopped as systemd and launchd stop it (SIGTERM) or as Ctrl-C
 * does (SIGINT), against a check-in endpoint on a local port that answers or keeps the request hanging.
 */
describe('equip-agent run stops cleanly', () => {
  let server: Server;
  let url: string;
  let hang = false;
  const received: IncomingMessage[] = [];
  const hanging: ServerResponse[] = [];
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        received.push(request);
        if (hang) hanging.push(response);
        else {
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ deviceUuid: DEVICE, duplicate: false }));
        }
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    for (const response of hanging.splice(0)) response.destroy();
    received.length = 0;
    hang = false;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  async function start() {
    const config = path.join(await mkdtemp(path.join(tmpdir(), 'agent-run-')), 'config.json');
    await writeConfig(config, {
      server: url,
      deviceUuid: DEVICE,
      agentToken: 'eqa.org.secret',
      organizationName: 'Acme',
    });
    const child = spawn(process.execPath, [BIN, 'run', '--config', config, '--interval', '15'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let stdout = '';
    child.stdout!.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr!.resume();
    const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
    const until = async (condition: () => boolean) => {
      for (let waited = 0; !condition(); waited += 50) {
        if (waited > 45_000 || child.exitCode !== null) throw new Error(`gave up waiting; output: ${stdout}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    /** Sends the signal; resolves to the exit code, status and output, and how long it took. */
    const stop = async (signal: NodeJS.Signals) => {
      const sentAt = Date.now();
      child.kill(signal);
      const [code, killedBy] = await exited;
      return { code, killedBy, stdout, ms: Date.now() - sentAt };
    };
    return { config, until, stop, output: () => stdout };
  }

  it('on SIGTERM while waiting for the next report: exits 0 at once, the report recorded', async () => {
    const agent = await start();
    await agent.until(() => agent.output().includes('Reported to'));
    const { code, killedBy, stdout, ms } = await agent.stop('SIGTERM');
    expect({ code, killedBy }).toEqual({ code: 0, killedBy: null });
    // The first report of `run` carries this machine's installed applications (then hourly).
    expect(stdout).toMatch(
      new RegExp(`Reported to ${url} \\(device ${DEVICE}, \\d+ installed applications\\)\\.`),
    );
    expect(stdout).toContain('SIGTERM: stopping.');
    expect(ms).toBeLessThan(5_000);
    expect(received).toHaveLength(1);
    expect(await readReportState(agent.config)).toMatchObject({ lastResult: 'ok', lastError: null });
  }, 60_000);

  it('on SIGTERM with a report in flight: abandons it and exits 0, recording no failure', async () => {
    hang = true;
    const agent = await start();
    await agent.until(() => received.length === 1);
    const { code, killedBy, stdout, ms } = await agent.stop('SIGTERM');
    expect({ code, killedBy }).toEqual({ code: 0, killedBy: null });
    expect(stdout).toContain('SIGTERM: stopping.');
    // Well before the request's 15-second timeout and its retries.
    expect(ms).toBeLessThan(5_000);
    expect(received).toHaveLength(1);
    expect(await readReportState(agent.config)).toBeNull();
  }, 60_000);

  it('on SIGINT (Ctrl-C): the same', async () => {
    const agent = await start();
    await agent.until(() => agent.output().includes('Reported to'));
    const { code, killedBy, stdout } = await agent.stop('SIGINT');
    expect({ code, killedBy }).toEqual({ code: 0, killedBy: null });
    expect(stdout).toContain('SIGINT: stopping.');
  }, 60_000);
});
