// Prints how /healthz answers while three organisations each import 200,000 employees at the same
// time (issue #7, "one tenant can stall everyone"), on PostgreSQL (BENCH_DATABASE_URL or
// TEST_DATABASE_URL) and on PGlite: p50/p95/p99/max of /healthz, probed every 20 ms on a fixed
// schedule (a stalled answer counts for every probe it held up), and each import's duration.
// Target: /healthz p99 ≤ 100 ms. BENCH_ONLY=postgres|pglite runs one database, BENCH_IMPORT_ROWS
// another file size. On PGlite the imports' transactions take the one connection in turn.
import http from 'node:http';
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

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 200_000);
const ORGANIZATIONS = 3;
const POLL_EVERY_MS = 20;

/** A valid import file of `rows` people whose emails are unique to `tag` (200,000 rows fit in 20 MB). */
function csv(rows, tag) {
  const lines = ['First Name,Last Name,Email,Phone,Start Date,End Date,Department,Position'];
  const departments = ['Engineering', 'Sales', 'Marketing', 'Finance', 'People', 'Operations'];
  for (let i = 0; i < rows; i++) {
    lines.push(
      `Person${i},Fair${tag},p${i}.${tag}@fair.example,+49 30 ${1_000_000 + i},2026-0${(i % 9) + 1}-1${i % 9},,${departments[i % departments.length]},Analyst`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Probes `url` every `everyMs`, one probe at a time, until stopped; answers the latencies (ms). A probe
 * that overruns its slot also records what the probes of the slots it covered would have waited
 * (coordinated-omission correction), so a stall counts as long as it lasts without flooding the
 * server with parallel probes.
 */
function pollEvery(url, everyMs) {
  const samples = [];
  let failures = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const t0 = performance.now();
      // A probe that fails (say, reset after a long stall) still counts with the time it took.
      const ok = await fetch(url)
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

/**
 * Posts one import and answers how long it took (s). Over node:http, which has no response timeout: on
 * PGlite the imports run one after another, and the last one answers after fetch's five minutes.
 */
function importFile(url, accessToken, body, name) {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${url}/api/employees/import`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'text/csv', 'x-file-name': name },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (part) => (text += part));
        res.on('end', () => {
          if (res.statusCode === 201) resolve((performance.now() - t0) / 1000);
          else reject(new Error(`import ${name}: ${res.statusCode} ${text.slice(0, 300)}`));
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function run(label, env, dataDir) {
  const server = await startServer({ ...env, EQUIP_DATA_DIR: dataDir, EQUIP_DEMO: 'false' });
  try {
    const owners = readLogins(dataDir).filter((l) => l.role === 'it-owner');
    if (owners.length !== ORGANIZATIONS) throw new Error(`expected ${ORGANIZATIONS} it-owners in ${dataDir}`);
    const tokens = [];
    for (const owner of owners)
      tokens.push((await login(server.url, owner.email, owner.password)).accessToken);
    const bodies = tokens.map((_, i) => csv(ROWS, `${label.slice(0, 2).toLowerCase()}${i}`));
    // Idle figures first, so the loaded ones have something to be compared with.
    const idle = pollEvery(`${server.url}/healthz`, POLL_EVERY_MS);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const { samples: idleSamples } = await idle.stop();

    const poller = pollEvery(`${server.url}/healthz`, POLL_EVERY_MS);
    const t0 = performance.now();
    const durations = await Promise.all(
      bodies.map((body, i) => importFile(server.url, tokens[i], body, `fairness-${i}.csv`)),
    );
    const wall = (performance.now() - t0) / 1000;
    const { samples, failures } = await poller.stop();
    const figures = (list) =>
      `p50 ${ms(percentile(list, 50))}, p95 ${ms(percentile(list, 95))}, p99 ${ms(percentile(list, 99))}, max ${ms(Math.max(...list))}`;
    const p99 = percentile(samples, 99);
    console.log(`  ${label}`);
    console.log(
      `    /healthz idle:                  ${figures(idleSamples)} (${idleSamples.length} samples)`,
    );
    console.log(
      `    /healthz during the imports:    ${figures(samples)} (${samples.length} samples${failures > 0 ? `, ${failures} failed` : ''}) ${p99 <= 100 ? 'meets' : 'MISSES'} p99 ≤ 100 ms`,
    );
    console.log(
      `    imports of ${ROWS.toLocaleString('en')} rows (${(bodies[0].length / 1024 / 1024).toFixed(1)} MB each): ${durations.map((d) => `${d.toFixed(1)} s`).join(', ')}; all done after ${wall.toFixed(1)} s; server peak RSS ${server.peakRssMiB().toFixed(0)} MiB`,
    );
  } finally {
    await server.stop();
  }
}

/** Three organisations, each with only its it-owner (their logins land in dataDir). */
function seedOrganizations(dataDir, extraArgs = []) {
  for (let i = 0; i < ORGANIZATIONS; i++) {
    seed([
      '--employees',
      '1',
      '--devices',
      '0',
      '--organization',
      `Fairness ${i}`,
      '--seed',
      String(i + 1),
      '--data-dir',
      dataDir,
      ...extraArgs,
    ]);
  }
}

console.log(
  `/healthz while ${ORGANIZATIONS} organisations each import ${ROWS.toLocaleString('en')} employees at once (probed every ${POLL_EVERY_MS} ms)`,
);
const only = process.env.BENCH_ONLY;
if (only !== 'pglite') {
  const pgUrl = await freshPostgresDatabase(BENCH_PG, 'equip_bench_fairness');
  const pgData = tempDir('fairness-pg');
  seedOrganizations(pgData, ['--database-url', pgUrl]);
  await run('PostgreSQL', { DATABASE_URL: pgUrl }, pgData);
}
if (only !== 'postgres') {
  const pgliteData = tempDir('fairness-pglite');
  seedOrganizations(pgliteData);
  await run('PGlite', {}, pgliteData);
}
