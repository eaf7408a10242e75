// Prints how one organisation's /api/employees answers while another floods what fans out or reaches
// outside (issue 24, "a noisy neighbour"), on PGlite and on PostgreSQL (BENCH_DATABASE_URL or
// TEST_DATABASE_URL): organisation B's first page of people is probed every 20 ms on a fixed schedule (a
// stalled answer counts for every probe it held up), first idle, then while organisation A runs
//   - 20 concurrent loops of webhook test-sends to a slow local receiver (it answers after 2 s),
//   - 4 loops of single device commands (lock, then unlock) and a loop of bulk locks of its devices,
//   - one employee import (BENCH_IMPORT_ROWS rows, 1,000 by default) after a second.
// Each loop asks again as soon as it is answered, Retry-After or not. Target: B's p99 under the flood
// within 100 ms of its idle p99. Also printed: how many of A's requests were accepted and refused (429)
// by its per-organisation shares, how many deliveries reached A's receiver, and how long B's own test
// delivery, sent mid-flood, took to reach its receiver (the job runner's fair share). BENCH_ONLY=
// postgres|pglite runs one database, BENCH_FLOOD_SECONDS another flood length (15 s), BENCH_FLOOD a part
// of the flood (test-sends,commands,bulk,import).
import { createServer } from 'node:http';
import {
  BENCH_PG,
  freshPostgresDatabase,
  login,
  ms,
  percentile,
  readLogins,
  seed,
  startServer,
  tempDir,
} from './lib.mjs';

const FLOOD_MS = Number(process.env.BENCH_FLOOD_SECONDS ?? 15) * 1000;
const IDLE_MS = 5000;
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 1000);
const PROBE_EVERY_MS = 20;
const RECEIVER_DELAY_MS = 2000;
const TEST_SEND_LOOPS = 20;
const COMMAND_LOOPS = 4;
/** Which parts of the flood run (all by default). */
const FLOOD = new Set((process.env.BENCH_FLOOD ?? 'test-sends,commands,bulk,import').split(','));

/** A webhook receiver that answers every delivery after RECEIVER_DELAY_MS; reports each arrival. */
function startSlowReceiver() {
  const arrivals = [];
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      arrivals.push({ at: performance.now(), path: req.url });
      setTimeout(() => res.writeHead(200).end('ok'), RECEIVER_DELAY_MS);
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: (path) => `http://127.0.0.1:${server.address().port}/${path}`,
        arrivals,
        close: () => {
          server.closeAllConnections();
          return new Promise((r) => server.close(r));
        },
      }),
    ),
  );
}

/**
 * Probes `url` every `everyMs`, one probe at a time, until stopped; answers the latencies (ms). A probe
 * that overruns its slot also records what the probes of the slots it covered would have waited
 * (coordinated-omission correction).
 */
function probeEvery(url, headers, everyMs) {
  const samples = [];
  let failures = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const t0 = performance.now();
      const ok = await fetch(url, { headers })
        .then(async (res) => {
          await res.arrayBuffer();
          return res.ok;
        })
        .catch(() => false);
      if (!ok) failures++;
      const latency = performance.now() - t0;
      samples.push(latency);
      for (let missed = latency - everyMs; missed > 0; missed -= everyMs) samples.push(missed);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, everyMs - latency)));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      return { samples, failures };
    },
  };
}

function csv(rows, tag) {
  const lines = ['First Name,Last Name,Email,Phone,Start Date,End Date,Department,Position'];
  for (let i = 0; i < rows; i++)
    lines.push(`Person${i},Noisy${tag},p${i}.${tag}@noisy.example,,2026-01-1${i % 9},,Engineering,Analyst`);
  return `${lines.join('\n')}\n`;
}

/** Counts answers by status, with their latency. */
function tally() {
  const counts = new Map();
  const took = [];
  return {
    add: (status, since) => {
      counts.set(status, (counts.get(status) ?? 0) + 1);
      took.push(performance.now() - since);
    },
    text: () =>
      took.length === 0
        ? 'none'
        : `${[...counts.entries()]
            .sort(([a], [b]) => a - b)
            .map(([status, n]) => `${n}×${status}`)
            .join(', ')} (p50 ${ms(percentile(took, 50))}, p99 ${ms(percentile(took, 99))})`,
  };
}

async function run(label, env, dataDir) {
  const receiver = await startSlowReceiver();
  const server = await startServer({
    ...env,
    EQUIP_DATA_DIR: dataDir,
    EQUIP_DEMO: 'false',
    MDM_SANDBOX: 'true',
    WEBHOOKS_ALLOW_PRIVATE: 'true',
  });
  try {
    const [ownerA, ownerB] = readLogins(dataDir).filter((l) => l.role === 'it-owner');
    const a = {
      authorization: `Bearer ${(await login(server.url, ownerA.email, ownerA.password)).accessToken}`,
    };
    const b = {
      authorization: `Bearer ${(await login(server.url, ownerB.email, ownerB.password)).accessToken}`,
    };
    const json = { 'content-type': 'application/json' };
    const post = (headers, path, body) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { ...headers, ...(body === undefined ? {} : json) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const endpoint = async (headers, path) => {
      const res = await post(headers, '/api/webhooks', {
        url: receiver.url(path),
        eventTypes: ['employee.updated'],
      });
      if (res.status !== 201) throw new Error(`endpoint: ${res.status} ${await res.text()}`);
      return (await res.json()).uuid;
    };
    const endpointA = await endpoint(a, 'a');
    const endpointB = await endpoint(b, 'b');
    const devices = await fetch(`${server.url}/api/devices?take=500&deviceStatuses=active`, { headers: a })
      .then((r) => r.json())
      .then((page) => page.items.map((d) => d.uuid));
    const employeesB = `${server.url}/api/employees?take=50`;

    // Warm-up, then B idle.
    for (let i = 0; i < 20; i++) await fetch(employeesB, { headers: b }).then((r) => r.arrayBuffer());
    const idle = probeEvery(employeesB, b, PROBE_EVERY_MS);
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const { samples: idleSamples } = await idle.stop();

    const probe = probeEvery(employeesB, b, PROBE_EVERY_MS);
    const deadline = performance.now() + FLOOD_MS;
    const floodStarted = performance.now();
    const testSends = tally();
    const commands = tally();
    const bulk = tally();
    const loops = [];
    for (let i = 0; i < (FLOOD.has('test-sends') ? TEST_SEND_LOOPS : 0); i++)
      loops.push(
        (async () => {
          while (performance.now() < deadline) {
            const t0 = performance.now();
            const res = await post(a, `/api/webhooks/${endpointA}/test`);
            await res.arrayBuffer();
            testSends.add(res.status, t0);
          }
        })(),
      );
    for (let i = 0; i < (FLOOD.has('commands') ? COMMAND_LOOPS : 0); i++)
      loops.push(
        (async () => {
          for (let n = 0; performance.now() < deadline; n++) {
            const device = devices[(i * 7 + n) % devices.length];
            const t0 = performance.now();
            const res = await post(a, `/api/devices/${device}/actions`, {
              action: n % 2 ? 'unlock' : 'lock',
            });
            await res.arrayBuffer();
            commands.add(res.status, t0);
          }
        })(),
      );
    if (FLOOD.has('bulk'))
      loops.push(
        (async () => {
          for (let n = 0; performance.now() < deadline; n++) {
            const t0 = performance.now();
            const res = await post(a, '/api/devices/actions', {
              action: n % 2 ? 'unlock' : 'lock',
              deviceUuids: devices,
            });
            await res.arrayBuffer();
            bulk.add(res.status, t0);
          }
        })(),
      );
    let importOutcome = 'not run';
    if (FLOOD.has('import'))
      loops.push(
        (async () => {
          await new Promise((resolve) => setTimeout(resolve, 1000));
          const t0 = performance.now();
          const res = await fetch(`${server.url}/api/employees/import`, {
            method: 'POST',
            headers: { ...a, 'content-type': 'text/csv', 'x-file-name': 'noisy.csv' },
            body: csv(IMPORT_ROWS, label.slice(0, 2).toLowerCase()),
          });
          await res.arrayBuffer();
          importOutcome = `${res.status} after ${((performance.now() - t0) / 1000).toFixed(1)} s`;
        })(),
      );
    // B's own test delivery, sent mid-flood: how long until it reaches the receiver.
    let deliveryB = 'not sent';
    loops.push(
      (async () => {
        await new Promise((resolve) => setTimeout(resolve, FLOOD_MS / 2));
        const t0 = performance.now();
        const res = await post(b, `/api/webhooks/${endpointB}/test`);
        await res.arrayBuffer();
        if (res.status !== 202) {
          deliveryB = `refused ${res.status}`;
          return;
        }
        for (let waited = 0; waited < 60_000; waited += 50) {
          const arrival = receiver.arrivals.find((x) => x.path === '/b' && x.at > t0);
          if (arrival) {
            deliveryB = ms(arrival.at - t0);
            return;
          }
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        deliveryB = 'not within 60 s';
      })(),
    );
    await Promise.all(loops);
    const { samples, failures } = await probe.stop();
    const floodSeconds = (performance.now() - floodStarted) / 1000;
    const arrivedA = receiver.arrivals.filter((x) => x.path === '/a' && x.at >= floodStarted).length;

    const figures = (list) =>
      `p50 ${ms(percentile(list, 50))}, p95 ${ms(percentile(list, 95))}, p99 ${ms(percentile(list, 99))}, max ${ms(Math.max(...list))}`;
    const idleP99 = percentile(idleSamples, 99);
    const floodP99 = percentile(samples, 99);
    console.log(`  ${label}`);
    console.log(`    B /api/employees idle:        ${figures(idleSamples)} (${idleSamples.length} samples)`);
    console.log(
      `    B /api/employees under flood: ${figures(samples)} (${samples.length} samples${failures ? `, ${failures} failed` : ''}) — p99 +${ms(floodP99 - idleP99)}: ${floodP99 - idleP99 <= 100 ? 'meets' : 'MISSES'} ≤ +100 ms`,
    );
    console.log(
      `    A in ${floodSeconds.toFixed(1)} s: test-sends ${testSends.text()}; device commands ${commands.text()}; bulk actions of ${devices.length} devices ${bulk.text()}; import of ${IMPORT_ROWS} rows ${importOutcome}; ${arrivedA} deliveries reached A's receiver`,
    );
    console.log(`    B's test delivery, sent mid-flood, reached its receiver after ${deliveryB}`);
  } finally {
    await server.stop();
    await receiver.close();
  }
}

/** Organisation A (the noisy one: devices to command) and B (people to list), each with its it-owner. */
function seedOrganizations(dataDir, extraArgs = []) {
  const common = ['--data-dir', dataDir, ...extraArgs];
  seed(['--employees', '200', '--devices', '600', '--organization', 'Noisy A', '--seed', '1', ...common]);
  seed(['--employees', '1000', '--devices', '0', '--organization', 'Quiet B', '--seed', '2', ...common]);
}

console.log(
  `Organisation B's /api/employees (probed every ${PROBE_EVERY_MS} ms) while organisation A floods test-sends, device commands and an import for ${FLOOD_MS / 1000} s`,
);
const only = process.env.BENCH_ONLY;
if (only !== 'postgres') {
  const pgliteData = tempDir('noisy-pglite');
  seedOrganizations(pgliteData);
  await run('PGlite', {}, pgliteData);
}
if (only !== 'pglite') {
  const pgUrl = await freshPostgresDatabase(BENCH_PG, 'equip_bench_noisy');
  const pgData = tempDir('noisy-pg');
  seedOrganizations(pgData, ['--database-url', pgUrl]);
  await run('PostgreSQL', { DATABASE_URL: pgUrl }, pgData);
}
