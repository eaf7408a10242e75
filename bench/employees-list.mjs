// Prints the latency of the employees table (GET /api/employees, 50 rows) on an organisation of
// 50,000 employees under 10 concurrent clients, on PostgreSQL and on PGlite, for two workloads:
// - "filters + sorting": the table's filters, views and sort keys (the "filtered + sorted");
// - "with search and a deep page": the same plus two text searches and a page at skip=5000.
// Targets (issue #4): p95 ≤ 50 ms on PostgreSQL, ≤ 150 ms on PGlite.
import {
  BENCH_PG,
  freshPostgresDatabase,
  hasWrk,
  load,
  loadWithWrk,
  login,
  ms,
  percentile,
  readLogins,
  seed,
  startServer,
  tempDir,
} from './lib.mjs';

const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 50_000);
const DEVICES = EMPLOYEES * 2;
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 10_000);

const FILTERS_AND_SORTING = [
  'sortingKey=name&sortingDirection=asc',
  'employeeStatus=ACTIVE,ONBOARDING&sortingKey=startDate&sortingDirection=desc',
  'userType=regularUser&userSources=hris&sortingKey=devicesAssigned&sortingDirection=desc',
  'onlyWithoutAssignedBundle=true&sortingKey=email&sortingDirection=asc',
  'view=onboarding&sortingKey=startDate&sortingDirection=asc',
  'view=offboarding&sortingKey=lastDate&sortingDirection=asc',
  'employeeStatus=LEAVE,INACTIVE&withInactiveUsers=true&sortingKey=name&sortingDirection=desc',
  'userSources=equip&sortingKey=employeeStatus&sortingDirection=asc&skip=50',
];
const WITH_SEARCH_AND_DEEP_PAGE = [
  ...FILTERS_AND_SORTING.slice(0, 5),
  'textSearchQuery=mar&sortingKey=name&sortingDirection=asc',
  'textSearchQuery=schmidt&employeeStatus=ACTIVE&sortingKey=name&sortingDirection=desc',
  'withInactiveUsers=true&sortingKey=department&sortingDirection=asc&skip=5000',
];

/** With wrk: the aggregate figures. Without it, a Node client (costlier) that also gives p95 per query. */
async function run(server, headers, label, queries) {
  const paths = queries.map((q) => `/api/employees?take=50&${q}`);
  if (hasWrk()) {
    const r = loadWithWrk({ url: server.url, paths, headers, connections: 10, durationMs: DURATION_MS });
    console.log(
      `  ${label} (wrk): ${r.requests} requests, ${r.rate.toFixed(0)} req/s, p50 ${ms(r.p50)}, p95 ${ms(r.p95)}, p99 ${ms(r.p99)}`,
    );
    return;
  }
  const byPath = new Map(paths.map((p) => [p, []]));
  const get = async (i) => {
    const target = paths[i % paths.length];
    const t0 = performance.now();
    const res = await fetch(`${server.url}${target}`, { headers });
    if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    byPath.get(target).push(performance.now() - t0);
  };
  for (let i = 0; i < paths.length * 2; i++) await get(i); // warm up
  for (const list of byPath.values()) list.length = 0;
  const samples = await load(get, { clients: 10, durationMs: DURATION_MS });
  const rate = (samples.length / (DURATION_MS / 1000)).toFixed(0);
  console.log(
    `  ${label} (Node client; install wrk for figures less disturbed by the client): ${samples.length} requests, ${rate} req/s, p50 ${ms(percentile(samples, 50))}, p95 ${ms(percentile(samples, 95))}, p99 ${ms(percentile(samples, 99))}`,
  );
  for (const [target, list] of byPath)
    console.log(`      p95 ${ms(percentile(list, 95)).padStart(9)}  ${target}`);
}

async function measure(database, env, dataDir) {
  const server = await startServer({ ...env, EQUIP_DATA_DIR: dataDir, EQUIP_DEMO: 'false' });
  try {
    const owner = readLogins(dataDir).find((l) => l.role === 'it-owner');
    const { accessToken } = await login(server.url, owner.email, owner.password);
    const headers = { authorization: `Bearer ${accessToken}` };
    console.log(database);
    await run(server, headers, 'filters + sorting', FILTERS_AND_SORTING);
    await run(server, headers, 'with search and a deep page', WITH_SEARCH_AND_DEEP_PAGE);
  } finally {
    await server.stop();
  }
}

console.log(
  `GET /api/employees, 50 rows, ${EMPLOYEES.toLocaleString('en')} employees, 10 concurrent clients`,
);

// BENCH_REUSE=<pg data dir>,<pglite data dir> measures again on the databases a previous run seeded;
// BENCH_ROUNDS repeats each measurement (this machine's timings vary from run to run).
const [reusePg, reusePglite] = (process.env.BENCH_REUSE ?? '').split(',');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const sizeArgs = ['--employees', String(EMPLOYEES), '--devices', String(DEVICES)];

const pgUrl = reusePg
  ? new URL('/equip_bench_list', BENCH_PG).toString()
  : await freshPostgresDatabase(BENCH_PG, 'equip_bench_list');
const pgData = reusePg || tempDir('list-pg');
if (!reusePg) seed([...sizeArgs, '--database-url', pgUrl, '--data-dir', pgData]);
for (let round = 0; round < ROUNDS; round++) await measure('PostgreSQL', { DATABASE_URL: pgUrl }, pgData);

const pgliteData = reusePglite || tempDir('list-pglite');
if (!reusePglite) seed([...sizeArgs, '--data-dir', pgliteData]);
for (let round = 0; round < ROUNDS; round++) await measure('PGlite', {}, pgliteData);
