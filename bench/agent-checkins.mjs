// Agent check-ins under load (issue 11): 1,000 enrolled devices, each with its agent credential, report
// once a minute (spread evenly over the minute) to `POST /api/agent/check-ins` on PostgreSQL, first
// alone, then while 10 clients query the devices list (the list bench's reference page) with wrk.
// Prints the check-ins' p50/p95/p99 and the list's p95 meanwhile.
// Targets: check-in p95 ≤ 50 ms; the list's p95 ≤ 25 ms (its own target, bench/devices-list.mjs).
//
// The agents' credentials are written straight into device_agents (the SHA-256 of each token, as the
// enrolment would): enrolling 1,000 devices through /start would take 1,000 mailed codes.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import {
  BENCH_PG,
  freshPostgresDatabase,
  hasWrk,
  loadWithWrk,
  login,
  ms,
  percentile,
  readLogins,
  seed,
  startServer,
  tempDir,
} from './lib.mjs';

const AGENTS = Number(process.env.BENCH_AGENTS ?? 1000);
const DEVICES = Number(process.env.BENCH_DEVICES ?? 100_000);
const ALONE_MS = Number(process.env.BENCH_ALONE_MS ?? 30_000);
const WITH_LIST_MS = Number(process.env.BENCH_WITH_LIST_MS ?? 60_000);
const PERIOD_MS = 60_000;
const LIST_PAGE =
  '/api/devices?take=50&deviceTypes=COMPUTER&deviceStatuses=active&sortingKey=name&sortingDirection=asc';

/** The simulated agents, in a worker thread: wrk runs synchronously on the main thread meanwhile. */
const AGENT_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { randomUUID } = require('node:crypto');
const { url, tokens, periodMs } = workerData;
let running = true;
let samples = [];
let failures = 0;
parentPort.on('message', (m) => {
  if (m === 'take') { parentPort.postMessage({ samples, failures }); samples = []; failures = 0; }
  if (m === 'stop') running = false;
});
const report = (i) => ({
  reportId: randomUUID(), collectedAt: new Date().toISOString(), agentVersion: '0.1.0',
  hostname: 'bench-host-' + i, os: i % 3 === 0 ? 'WINDOWS' : 'MACOS', osVersion: '15.' + (i % 5),
  model: 'Bench Model', manufacturer: 'Bench', serialNumber: 'BENCH' + i, cpu: 'Bench CPU 8 cores',
  memoryBytes: 17179869184, diskBytes: 512110190592, diskEncrypted: i % 50 !== 0,
});
async function checkIn(i) {
  const t0 = performance.now();
  try {
    const res = await fetch(url + '/api/agent/check-ins', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer ' + tokens[i] },
      body: JSON.stringify(report(i)),
    });
    await res.arrayBuffer();
    if (!res.ok) failures++;
    else samples.push(performance.now() - t0);
  } catch { failures++; }
}
// Agent i reports at i/N of every minute: an open loop, as real agents do not wait for each other.
const start = performance.now();
tokens.forEach((_, i) => {
  const offset = (i / tokens.length) * periodMs;
  let k = 0;
  const tick = () => { if (!running) return; checkIn(i); k++; setTimeout(tick, start + offset + k * periodMs - performance.now()); };
  setTimeout(tick, offset);
});
`;

function summary(label, { samples, failures }, seconds) {
  console.log(
    `  ${label}: ${samples.length} check-ins in ${seconds.toFixed(0)} s (${(samples.length / seconds).toFixed(1)}/s), ` +
      `p50 ${ms(percentile(samples, 50))}, p95 ${ms(percentile(samples, 95))}, p99 ${ms(percentile(samples, 99))}` +
      (failures ? `, ${failures} FAILED` : ''),
  );
  return percentile(samples, 95);
}

const take = (worker) =>
  new Promise((resolve) => {
    worker.once('message', resolve);
    worker.postMessage('take');
  });
const sleep = (msToWait) => new Promise((resolve) => setTimeout(resolve, msToWait));

console.log(
  `Agent check-ins: ${AGENTS.toLocaleString('en')} agents reporting every minute, ${DEVICES.toLocaleString('en')} devices, PostgreSQL`,
);
const pgUrl = await freshPostgresDatabase(BENCH_PG, 'equip_bench_agents');
const dataDir = tempDir('agents-pg');
seed([
  '--employees',
  String(DEVICES / 2),
  '--devices',
  String(DEVICES),
  '--database-url',
  pgUrl,
  '--data-dir',
  dataDir,
]);

// The credentials of the first AGENTS devices, enrolled.
const { default: pg } = await import('pg');
const db = new pg.Client({ connectionString: pgUrl });
await db.connect();
const { rows } = await db.query('select uuid, organization_uuid from devices order by uuid limit $1', [
  AGENTS,
]);
const tokens = rows.map((row) => `eqa.${row.organization_uuid}.${randomBytes(32).toString('base64url')}`);
await db.query(
  `insert into device_agents (organization_uuid, device_uuid, token_hash)
   select * from unnest($1::uuid[], $2::uuid[], $3::text[])`,
  [
    rows.map((r) => r.organization_uuid),
    rows.map((r) => r.uuid),
    tokens.map((t) => createHash('sha256').update(t).digest('hex')),
  ],
);
await db.query(`update devices set enrollment_state = 'ENROLLED' where uuid = any($1::uuid[])`, [
  rows.map((r) => r.uuid),
]);
await db.end();

const server = await startServer({ DATABASE_URL: pgUrl, EQUIP_DATA_DIR: dataDir, EQUIP_DEMO: 'false' });
try {
  const owner = readLogins(dataDir).find((l) => l.role === 'it-owner');
  const { accessToken } = await login(server.url, owner.email, owner.password);
  const headers = { authorization: `Bearer ${accessToken}` };
  // One check-in by hand: the route answers as the agents expect.
  const probe = await fetch(`${server.url}/api/agent/check-ins`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[0]}` },
    body: JSON.stringify({
      reportId: randomUUID(),
      collectedAt: new Date(Date.now() - 120_000).toISOString(),
      agentVersion: '0.1.0',
      hostname: 'probe',
      os: 'MACOS',
      osVersion: null,
      model: null,
      manufacturer: null,
      serialNumber: null,
      cpu: null,
      memoryBytes: null,
      diskBytes: null,
      diskEncrypted: null,
    }),
  });
  if (!probe.ok) throw new Error(`check-in failed: ${probe.status} ${await probe.text()}`);

  // The list alone first: what the machine gives it before any agent reports.
  if (hasWrk()) {
    loadWithWrk({ url: server.url, paths: [LIST_PAGE], headers, connections: 10, durationMs: 3000 });
    const alone = loadWithWrk({
      url: server.url,
      paths: [LIST_PAGE],
      headers,
      connections: 10,
      durationMs: 15_000,
    });
    console.log(
      `  devices list alone (10 clients, wrk): ${alone.rate.toFixed(0)} req/s, p50 ${ms(alone.p50)}, p95 ${ms(alone.p95)}`,
    );
  }

  const worker = new Worker(AGENT_WORKER, {
    eval: true,
    workerData: { url: server.url, tokens, periodMs: PERIOD_MS },
  });
  await sleep(ALONE_MS);
  const alone = summary('check-ins alone', await take(worker), ALONE_MS / 1000);

  let list;
  const started = performance.now();
  if (hasWrk()) {
    // wrk blocks this thread; the agents keep reporting from their worker.
    list = loadWithWrk({
      url: server.url,
      paths: [LIST_PAGE],
      headers,
      connections: 10,
      durationMs: WITH_LIST_MS,
    });
  } else {
    const samples = [];
    const deadline = performance.now() + WITH_LIST_MS;
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (performance.now() < deadline) {
          const t0 = performance.now();
          await (await fetch(`${server.url}${LIST_PAGE}`, { headers })).arrayBuffer();
          samples.push(performance.now() - t0);
        }
      }),
    );
    list = {
      rate: samples.length / (WITH_LIST_MS / 1000),
      p50: percentile(samples, 50),
      p95: percentile(samples, 95),
    };
  }
  const withList = summary(
    'check-ins while the list is queried',
    await take(worker),
    (performance.now() - started) / 1000,
  );
  console.log(
    `  devices list meanwhile (10 clients${hasWrk() ? ', wrk' : ''}): ${list.rate.toFixed(0)} req/s, p50 ${ms(list.p50)}, p95 ${ms(list.p95)}`,
  );
  worker.postMessage('stop');
  await worker.terminate();
  const verdict = (value, target) => (value <= target ? 'met' : 'MISSED');
  console.log(
    `  targets: check-in p95 ≤ 50 ms ${verdict(Math.max(alone, withList), 50)}; list p95 ≤ 25 ms ${verdict(list.p95, 25)}`,
  );
} finally {
  await server.stop();
}
