// Shared helpers of the benchmark scripts: start the real server, log in, time requests.
import { spawn, spawnSync } from 'node:child_process';
import { constants, createPublicKey, publicEncrypt } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
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
