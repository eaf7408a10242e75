// Shared helpers of the benchmark scripts: start the real server, log in, time requests.
import { spawn, spawnSync } from 'node:child_process';
import { constants, createPublicKey, publicEncrypt } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function tempDir(prefix) {
  return mkdtempSync(path.join(os.tmpdir(), `equip-bench-${prefix}-`));
}

export async function freePort() {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export function ensureWebBuild() {
  if (existsSync(path.join(root, 'apps/web/dist/index.html'))) return;
  const result = spawnSync('npm', ['run', 'build', '-w', '@equip/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('web build failed');
}

/** Starts `npm start`'s entry point; resolves once /readyz answers, with the time that took. */
export async function startServer(env = {}) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [...(process.env.BENCH_NODE_FLAGS ? process.env.BENCH_NODE_FLAGS.split(' ') : []), 'scripts/start.mjs'],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        LOG_LEVEL: 'warn',
        PUBLIC_URL: `http://localhost:${port}`,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 25));
  }
  const readyMs = performance.now() - started;
  return {
    url,
    readyMs,
    pid: child.pid,
    output: () => output,
    /** Peak resident memory of the server so far (MiB, Linux). */
    peakRssMiB() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    },
    async stop() {
      const t0 = performance.now();
      child.kill('SIGINT');
      await new Promise((resolve) => child.once('exit', resolve));
      return performance.now() - t0;
    },
  };
}

export async function encryptPassword(url, password) {
  const jwk = await (await fetch(`${url}/api/user/shared/auth/unprotected/public-key`)).json();
  const key = createPublicKey({ key: { kty: jwk.kty, n: jwk.n, e: jwk.e }, format: 'jwk' });
  return publicEncrypt(
    { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(password),
  ).toString('base64');
}

export async function login(url, email, password) {
  const res = await fetch(`${url}/api/user/shared/auth/unprotected/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, encryptedPassword: await encryptPassword(url, password) }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return res.json();
}

export function readLogins(dataDir) {
  return JSON.parse(readFileSync(path.join(dataDir, 'demo-logins.json'), 'utf8'));
}

export function percentile(samples, p) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export const ms = (value) => `${value.toFixed(1)} ms`;

/** Runs `task` from `clients` concurrent loops for `durationMs`; returns the latency samples. */
export async function load(task, { clients, durationMs }) {
  const samples = [];
  const deadline = performance.now() + durationMs;
  let n = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        await task(n++);
        samples.push(performance.now() - t0);
      }
    }),
  );
  return samples;
}

/** Runs the seed command; returns its output. */
export function seed(args, env = {}) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'apps/api/src/cli/seed.ts', ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`seed failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/** A fresh PostgreSQL database for a benchmark (needs the local server). */
export async function freshPostgresDatabase(baseUrl, name) {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export const BENCH_PG =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';

/**
 * True when `command` runs; when it does not, installs its Debian package first (apt-get, as root on
 * this machine and in CI). pgbench comes with postgresql-client, wrk with wrk.
 */
export function ensureDebianTool(command, debianPackage = command) {
  const runs = () => spawnSync(command, ['--version'], { encoding: 'utf8' }).error === undefined;
  if (runs()) return true;
  console.log(`  (${command} missing: installing the Debian package ${debianPackage}…)`);
  spawnSync(
    'sh',
    [
      '-c',
      `apt-get install -y -qq ${debianPackage} >/dev/null 2>&1 || (apt-get update -qq && apt-get install -y -qq ${debianPackage} >/dev/null)`,
    ],
    {
      stdio: 'inherit',
    },
  );
  return runs();
}

/** wrk (a C load generator), installed when missing; a Node client measures when it cannot be. */
export function hasWrk() {
  return ensureDebianTool('wrk');
}

/**
 * Closed-loop load with wrk: `connections` clients, each sending the next of `paths` as soon as its
 * last answer arrived. wrk costs far less CPU than a Node client, which matters when the load
 * generator shares the machine's cores with the server. Answers { requests, rate, p50, p95, p99 } (ms).
 */
export function loadWithWrk({ url, paths, headers = {}, connections = 10, durationMs = 10_000 }) {
  const headerTable = Object.entries(headers)
    .map(([name, value]) => `["${name}"] = "${value}"`)
    .join(', ');
  const script = `
local paths = { ${paths.map((p) => `"${p}"`).join(', ')} }
local i = 0
request = function()
  i = i + 1
  return wrk.format("GET", paths[(i % #paths) + 1], { ${headerTable} })
end
done = function(summary, latency, requests)
  local failed = summary.errors.status + summary.errors.connect + summary.errors.read
  io.write(string.format("RESULT %d %f %f %f %f %d %d\\n", summary.requests, summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(95) / 1000, latency:percentile(99) / 1000, failed,
    summary.errors.timeout))
end
`;
  const file = path.join(tempDir('wrk'), 'script.lua');
  writeFileSync(file, script);
  const seconds = `${Math.round(durationMs / 1000)}s`;
  const run = spawnSync('wrk', ['-t1', `-c${connections}`, `-d${seconds}`, '--latency', '-s', file, url], {
    encoding: 'utf8',
  });
  const line = /RESULT (\S+) (\S+) (\S+) (\S+) (\S+) (\S+) (\S+)/.exec(run.stdout);
  if (!line) throw new Error(`wrk failed:\n${run.stdout}\n${run.stderr}`);
  const [requests, rate, p50, p95, p99, failed, timeouts] = line.slice(1).map(Number);
  // An error answer or a broken connection makes the figures meaningless; a request slower than wrk's
  // 2 s timeout is a figure of its own (said, not thrown).
  if (failed > 0) throw new Error(`wrk saw ${failed} failed requests`);
  if (timeouts > 0) console.log(`  (wrk: ${timeouts} requests took longer than its 2 s timeout)`);
  return { requests, rate, p50, p95, p99, timeouts };
}
