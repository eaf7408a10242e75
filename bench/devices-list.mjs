// Prints, in one run, how close `GET /api/devices` comes to the database's own speed on the same
// page: 100,000 devices (and 50,000 employees) in one organisation, 10 concurrent clients, a filtered and
// sorted page of 50.
// - PostgreSQL alone: pgbench on the reference SQL (the list machinery's own statement for that page,
//   printed by bench/reference-sql.ts) in a transaction with the tenant settings, prepared and simple;
// - the API under wrk on that page, and on two mixed workloads (filters + sorting by every key; with
//   searches and a deep page), on PostgreSQL and on PGlite.
// Targets (issue 11): the filtered, sorted page at ≥ 30% of pgbench's prepared rate with p95 ≤ 25 ms on
// PostgreSQL, ≤ 75 ms on PGlite.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  BENCH_PG,
  ensureDebianTool,
  freshPostgresDatabase,
  hasWrk,
  load,
  loadWithWrk,
  login,
  ms,
  percentile,
  readLogins,
  root,
  seed,
  startServer,
  tempDir,
} from './lib.mjs';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 100_000);
const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? DEVICES / 2);
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 10_000);
const CLIENTS = 10;

/** The page pgbench and the API both serve: filtered by type and status, sorted by name. */
const REFERENCE = 'deviceTypes=COMPUTER&deviceStatuses=active&sortingKey=name&sortingDirection=asc';
const FILTERED_AND_SORTED = [REFERENCE];
const FILTERS_AND_SORTING = [
  REFERENCE,
  'sortingKey=name&sortingDirection=desc',
  'deviceStatuses=in-stock,ordered&sortingKey=status&sortingDirection=asc',
  'assignmentTypes=ASSIGNED&sortingKey=assignedTo&sortingDirection=asc',
  'showOnlyUnencrypted=true&sortingKey=lastSeenAt&sortingDirection=desc',
  'deviceTypes=PHONE,TABLET&sortingKey=os&sortingDirection=desc',
  'showOnlyUnprotected=true&deviceTypes=COMPUTER&sortingKey=security&sortingDirection=asc',
  'sortingKey=location&sortingDirection=asc&skip=50',
  'assignmentTypes=SHARED,UNASSIGNED&sortingKey=enrollmentState&sortingDirection=desc',
  'deviceTypes=COMPUTER&sortingKey=type&sortingDirection=asc',
];
const WITH_SEARCH_AND_DEEP_PAGE = [
  ...FILTERS_AND_SORTING.slice(0, 5),
  'textSearchQuery=macbook&sortingKey=name&sortingDirection=asc',
  'textSearchQuery=schmidt&deviceStatuses=active&sortingKey=lastSeenAt&sortingDirection=desc',
  'sortingKey=location&sortingDirection=asc&skip=5000',
];

/** pgbench, from Debian's PostgreSQL client package; installed on the fly when missing. */
const ensurePgbench = () => ensureDebianTool('pgbench', 'postgresql-client');

/** The API's own statement of the page, with its parameters (bench/reference-sql.ts). */
function referenceSql(organizationUuid) {
  const args = ['--import', 'tsx', 'bench/reference-sql.ts', organizationUuid, 'devices', REFERENCE];
  const run = spawnSync(process.execPath, args, {
    cwd: root,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`reference-sql failed: ${run.stderr}`);
  return JSON.parse(run.stdout);
}

/**
 * pgbench on BEGIN, the tenant settings, the page (with its total), COMMIT — what one API request asks
 * of the database. Answers transactions per second.
 */
function pgbench(databaseUrl, organizationUuid, reference, protocol) {
  const url = new URL(databaseUrl);
  const prepared = protocol === 'prepared';
  const values = [organizationUuid, ...reference.params];
  // Prepared: pgbench binds :pN as parameters. Simple: it pastes them, so strings need quotes.
  const literal = (v) =>
    prepared || typeof v === 'number' ? String(v) : `'${String(v).replaceAll("'", "''")}'`;
  const page = reference.text.replace(/\$(\d+)/g, (_, n) => `:p${Number(n)}`);
  const script = [
    'BEGIN;',
    "select set_config('app.organization_uuid', :p0, true), set_config('role', 'equip_app', true);",
    `${page.replace(/\s+/g, ' ')};`,
    'COMMIT;',
  ].join('\n');
  const file = path.join(tempDir('pgbench'), 'page.sql');
  writeFileSync(file, script);
  const args = [
    '-n',
    '-h',
    url.hostname,
    '-p',
    url.port || '5432',
    '-U',
    decodeURIComponent(url.username || 'postgres'),
    '-M',
    protocol,
    '-c',
    String(CLIENTS),
    '-j',
    '2',
    '-T',
    String(Math.round(DURATION_MS / 1000)),
    '-f',
    file,
    ...values.flatMap((v, i) => ['-D', `p${i}=${literal(v)}`]),
    url.pathname.slice(1),
  ];
  const run = spawnSync('pgbench', args, { encoding: 'utf8' });
  const tps = /tps = ([\d.]+)/.exec(run.stdout)?.[1];
  if (!tps) throw new Error(`pgbench failed:\n${run.stdout}\n${run.stderr}`);
  return Number(tps);
}

/** With wrk: the aggregate figures. Without it, a Node client (costlier) that also gives p95 per query. */
async function run(server, headers, label, queries) {
  const paths = queries.map((q) => `/api/devices?take=50&${q}`);
  if (hasWrk()) {
    // Warm-up, not counted: the JIT, the prepared statements and the database's caches settle first.
    loadWithWrk({ url: server.url, paths, headers, connections: CLIENTS, durationMs: 3000 });
    const r = loadWithWrk({ url: server.url, paths, headers, connections: CLIENTS, durationMs: DURATION_MS });
    console.log(
      `  ${label} (wrk): ${r.requests} requests, ${r.rate.toFixed(0)} req/s, p50 ${ms(r.p50)}, p95 ${ms(r.p95)}, p99 ${ms(r.p99)}`,
    );
    return r;
  }
  const get = async (i) => {
    const res = await fetch(`${server.url}${paths[i % paths.length]}`, { headers });
    if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  };
  for (let i = 0; i < paths.length * 2; i++) await get(i); // warm up
  const samples = await load(get, { clients: CLIENTS, durationMs: DURATION_MS });
  const rate = samples.length / (DURATION_MS / 1000);
  console.log(
    `  ${label} (Node client; install wrk for figures less disturbed by the client): ${rate.toFixed(0)} req/s, p50 ${ms(percentile(samples, 50))}, p95 ${ms(percentile(samples, 95))}`,
  );
  return { rate, p95: percentile(samples, 95) };
}

async function measure(database, env, dataDir, databaseUrl) {
  const server = await startServer({ ...env, EQUIP_DATA_DIR: dataDir, EQUIP_DEMO: 'false' });
  try {
    const owner = readLogins(dataDir).find((l) => l.role === 'it-owner');
    const { accessToken } = await login(server.url, owner.email, owner.password);
    const headers = { authorization: `Bearer ${accessToken}` };
    console.log(database);
    if (databaseUrl && ensurePgbench()) {
      const me = await fetch(`${server.url}/api/user/shared/auth/me`, { headers }).then((r) => r.json());
      const reference = referenceSql(me.organizationUuid);
      const prepared = pgbench(databaseUrl, me.organizationUuid, reference, 'prepared');
      const simple = pgbench(databaseUrl, me.organizationUuid, reference, 'simple');
      console.log(
        `  PostgreSQL alone (pgbench, same page): prepared ${prepared.toFixed(0)} tx/s, simple ${simple.toFixed(0)} tx/s`,
      );
      const api = await run(server, headers, 'filtered + sorted page', FILTERED_AND_SORTED);
      console.log(
        `  → the API serves ${((api.rate / prepared) * 100).toFixed(0)}% of the database's prepared rate (${((api.rate / simple) * 100).toFixed(0)}% of simple)`,
      );
    } else {
      await run(server, headers, 'filtered + sorted page', FILTERED_AND_SORTED);
    }
    await run(server, headers, 'filters + sorting', FILTERS_AND_SORTING);
    await run(server, headers, 'with search and a deep page', WITH_SEARCH_AND_DEEP_PAGE);
  } finally {
    await server.stop();
  }
}

console.log(
  `GET /api/devices, 50 rows, ${DEVICES.toLocaleString('en')} devices (${EMPLOYEES.toLocaleString('en')} employees), ${CLIENTS} concurrent clients`,
);

// BENCH_REUSE=<pg data dir>,<pglite data dir> measures again on the databases a previous run seeded
// (the PostgreSQL one stays in the database equip_bench_devices); BENCH_ROUNDS repeats each measurement.
const [reusePg, reusePglite] = (process.env.BENCH_REUSE ?? '').split(',');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const sizeArgs = ['--employees', String(EMPLOYEES), '--devices', String(DEVICES)];

if (process.env.BENCH_ONLY !== 'pglite') {
  const pgUrl = reusePg
    ? new URL('/equip_bench_devices', BENCH_PG).toString()
    : await freshPostgresDatabase(BENCH_PG, 'equip_bench_devices');
  const pgData = reusePg || tempDir('devices-pg');
  if (!reusePg) seed([...sizeArgs, '--database-url', pgUrl, '--data-dir', pgData]);
  for (let round = 0; round < ROUNDS; round++)
    await measure('PostgreSQL', { DATABASE_URL: pgUrl }, pgData, pgUrl);
}
if (process.env.BENCH_ONLY !== 'postgres') {
  const pgliteData = reusePglite || tempDir('devices-pglite');
  if (!reusePglite) seed([...sizeArgs, '--data-dir', pgliteData]);
  for (let round = 0; round < ROUNDS; round++) await measure('PGlite', {}, pgliteData);
}
