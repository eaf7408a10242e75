// The list benches' common part (bench/employees-list.mjs, bench/devices-list.mjs,
// bench/assets-list.mjs): how close a list
// route comes to the database's own speed on the same page, in one run.
// - PostgreSQL alone: pgbench on the reference SQL (the list machinery's own statement for the page,
//   printed by bench/reference-sql.ts) in a transaction with the tenant settings, prepared and simple,
//   and on the hand-written best statement of that page (bench/hand-written/<list>.mjs);
// - for each common page of the list (first page by each sort key, a filter, a search, a deep page),
//   pgbench on the machinery's statement and on the hand-written one, checked to answer the same page
//   (issue 25, item 11: within 20%); BENCH_PAGES=off skips it, BENCH_PAGES=<words> runs the pages whose label has them, BENCH_PAGE_MS sets each run's length;
// - the API under wrk (a C load generator) on that page, and on two mixed workloads (filters + sorting;
//   with searches and a deep page), on PostgreSQL and on PGlite.
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

const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 10_000);
const CLIENTS = 10;

/** pgbench, from Debian's PostgreSQL client package; installed on the fly when missing. */
const ensurePgbench = () => ensureDebianTool('pgbench', 'postgresql-client');

/** The API's own statement of the page, with its parameters (bench/reference-sql.ts). */
function referenceSql(config, organizationUuid, { rows = false } = {}) {
  const args = ['--import', 'tsx', 'bench/reference-sql.ts'];
  if (rows) args.push('--rows');
  args.push(organizationUuid, config.list, config.reference);
  const run = spawnSync(process.execPath, args, {
    cwd: root,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`reference-sql failed: ${run.stderr}`);
  return JSON.parse(run.stdout);
}

/** The instants' format, as the machinery's JSON page binds it (a literal would read `:MI` as a variable). */
const ISO_FORMAT = 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"';

/**
 * pgbench on BEGIN, the tenant settings, one statement, COMMIT — what one API request asks of the
 * database. `body` names its values as pgbench variables (`:org`, `:p1`…), given in `vars`. Answers
 * transactions per second.
 */
function pgbenchRun(databaseUrl, body, vars, protocol, durationMs = DURATION_MS) {
  const url = new URL(databaseUrl);
  const prepared = protocol === 'prepared';
  // Prepared: pgbench binds :name as a parameter. Simple: it pastes it, so strings need quotes.
  const literal = (v) =>
    prepared || typeof v === 'number' ? String(v) : `'${String(v).replaceAll("'", "''")}'`;
  const script = [
    'BEGIN;',
    "select set_config('app.organization_uuid', :org, true), set_config('role', 'equip_app', true);",
    `${body.replace(/\s+/g, ' ')};`,
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
    String(Math.max(1, Math.round(durationMs / 1000))),
    '-f',
    file,
    ...Object.entries(vars).flatMap(([name, v]) => ['-D', `${name}=${literal(v)}`]),
    url.pathname.slice(1),
  ];
  const run = spawnSync('pgbench', args, { encoding: 'utf8' });
  const tps = /tps = ([\d.]+)/.exec(run.stdout)?.[1];
  if (!tps) throw new Error(`pgbench failed:\n${run.stdout}\n${run.stderr}`);
  return Number(tps);
}

/** pgbench on the machinery's statement of a page (bench/reference-sql.ts: `$n` parameters). */
function pgbench(databaseUrl, organizationUuid, reference, protocol, durationMs) {
  const body = reference.text.replace(/\$(\d+)/g, (_, n) => `:p${Number(n)}`);
  const vars = { org: organizationUuid };
  reference.params.forEach((value, i) => {
    vars[`p${i + 1}`] = value;
  });
  return pgbenchRun(databaseUrl, body, vars, protocol, durationMs);
}

/** pgbench on a hand-written page (bench/hand-written/): its own variables plus :org and :iso. */
function pgbenchHandWritten(databaseUrl, organizationUuid, page, protocol, durationMs) {
  const vars = { org: organizationUuid, iso: ISO_FORMAT, ...page.vars };
  return pgbenchRun(databaseUrl, page.sql, vars, protocol, durationMs);
}

/**
 * Both statements of a page once, in the tenant: the hand-written one must answer the same items and
 * total as the machinery's, or it is not the same page and its rate says nothing.
 */
async function samePage(databaseUrl, organizationUuid, machinery, page) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(
      "select set_config('app.organization_uuid', $1, true), set_config('role', 'equip_app', true)",
      [organizationUuid],
    );
    const ours = (await client.query(machinery.text, machinery.params)).rows[0];
    const vars = { org: organizationUuid, iso: ISO_FORMAT, ...page.vars };
    const names = [];
    const text = page.sql.replace(/:(\w+)/g, (whole, name) => {
      if (!(name in vars)) return whole;
      if (!names.includes(name)) names.push(name);
      return `$${names.indexOf(name) + 1}`;
    });
    const theirs = (
      await client.query(
        text,
        names.map((n) => vars[n]),
      )
    ).rows[0];
    await client.query('rollback');
    return (
      JSON.stringify(JSON.parse(ours.items)) === JSON.stringify(JSON.parse(theirs.items)) &&
      Number(ours.total) === Number(theirs.total)
    );
  } finally {
    await client.end();
  }
}

/**
 * Issue 25, item 11: for each common page of the list, pgbench (prepared) on the machinery's statement
 * and on the hand-written one, and their ratio (target: the machinery within 20%, ≥ 80%).
 */
async function comparePages(config, databaseUrl, organizationUuid) {
  const durationMs = Number(process.env.BENCH_PAGE_MS ?? 5000);
  console.log(
    `  the machinery's statement against a hand-written one (pgbench prepared, twice ${durationMs / 2000} s each in the order A B B A; target ≥ 80%):`,
  );
  const ratios = [];
  const only = process.env.BENCH_PAGES;
  const pages = only ? config.handWritten.filter((page) => page.label.includes(only)) : config.handWritten;
  for (const page of pages) {
    const machinery = referenceSql({ ...config, reference: page.query }, organizationUuid);
    const same = await samePage(databaseUrl, organizationUuid, machinery, page);
    // Each side runs twice, in the order A B B A: whichever runs first meets a colder cache and a
    // rate still warming up, so a single pair always favoured the second. Each rate is the mean of two.
    const runOurs = () => pgbench(databaseUrl, organizationUuid, machinery, 'prepared', durationMs / 2);
    const runTheirs = () =>
      pgbenchHandWritten(databaseUrl, organizationUuid, page, 'prepared', durationMs / 2);
    const oursFirst = runOurs();
    const theirsFirst = runTheirs();
    const theirs = (theirsFirst + runTheirs()) / 2;
    const ours = (oursFirst + runOurs()) / 2;
    const ratio = ours / theirs;
    ratios.push(ratio);
    console.log(
      `    ${page.label.padEnd(46)} machinery ${ours.toFixed(0).padStart(6)} tx/s, hand-written ${theirs.toFixed(0).padStart(6)} tx/s → ${(ratio * 100).toFixed(0)}%${ratio >= 0.8 ? '' : '  (below 80%)'}${same ? '' : '  (NOT THE SAME PAGE)'}`,
    );
  }
  const worst = Math.min(...ratios);
  console.log(
    `    → ${ratios.filter((r) => r >= 0.8).length} of ${ratios.length} pages within 20%; the lowest ${(worst * 100).toFixed(0)}%`,
  );
}

/** With wrk: the aggregate figures. Without it, a Node client (costlier) that also gives p95 per query. */
async function run(config, server, headers, label, queries) {
  const paths = queries.map((q) => `${config.path}?take=50&${q}`);
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

async function measure(config, database, env, dataDir, databaseUrl) {
  const server = await startServer({ ...env, EQUIP_DATA_DIR: dataDir, EQUIP_DEMO: 'false' });
  try {
    const owner = readLogins(dataDir).find((l) => l.role === 'it-owner');
    const { accessToken } = await login(server.url, owner.email, owner.password);
    const headers = { authorization: `Bearer ${accessToken}` };
    console.log(database);
    if (databaseUrl && ensurePgbench()) {
      const me = await fetch(`${server.url}/api/user/shared/auth/me`, { headers }).then((r) => r.json());
      const reference = referenceSql(config, me.organizationUuid);
      const prepared = pgbench(databaseUrl, me.organizationUuid, reference, 'prepared');
      const simple = pgbench(databaseUrl, me.organizationUuid, reference, 'simple');
      console.log(
        `  PostgreSQL alone (pgbench, the machinery's statement of the same page): prepared ${prepared.toFixed(0)} tx/s, simple ${simple.toFixed(0)} tx/s`,
      );
      const handPage = config.handWritten?.find((page) => page.query === config.reference);
      const hand = handPage
        ? pgbenchHandWritten(databaseUrl, me.organizationUuid, handPage, 'prepared')
        : null;
      if (hand)
        console.log(
          `  PostgreSQL alone (pgbench, the hand-written statement of that page): prepared ${hand.toFixed(0)} tx/s`,
        );
      const api = await run(config, server, headers, config.referenceLabel, [config.reference]);
      console.log(
        `  → the API serves ${((api.rate / prepared) * 100).toFixed(0)}% of the machinery statement's prepared rate (${((api.rate / simple) * 100).toFixed(0)}% of simple)`,
      );
      if (hand)
        console.log(
          `  → the API serves ${((api.rate / hand) * 100).toFixed(0)}% of the hand-written statement's prepared rate (target ≥ 30%, goal 60%)`,
        );
      if (config.handWritten && process.env.BENCH_PAGES !== 'off')
        await comparePages(config, databaseUrl, me.organizationUuid);
    } else {
      await run(config, server, headers, config.referenceLabel, [config.reference]);
    }
    await run(config, server, headers, 'filters + sorting', config.filtersAndSorting);
    await run(config, server, headers, 'with search and a deep page', config.withSearchAndDeepPage);
  } finally {
    await server.stop();
  }
}

/**
 * Runs a list bench: seeds (or reuses) an organisation on PostgreSQL and on PGlite, then prints
 * pgbench's rate on the list's reference page, the API's rate on it and the ratio, and the API on the
 * mixed workloads.
 *
 * config: { title, path ('/api/devices'), list ('devices', for reference-sql.ts), reference (the page's
 * query string), referenceLabel, filtersAndSorting, withSearchAndDeepPage (query strings),
 * employees, devices, assets (organisation size; assets optional), databaseName, tempPrefix }.
 * BENCH_REUSE=<pg data dir>,<pglite data dir> measures again on the databases a previous run seeded;
 * BENCH_ROUNDS repeats each measurement; BENCH_ONLY=postgres|pglite runs one side.
 */
export async function runListBench(config) {
  console.log(`${config.title}, 50 rows, ${CLIENTS} concurrent clients`);
  const [reusePg, reusePglite] = (process.env.BENCH_REUSE ?? '').split(',');
  const rounds = Number(process.env.BENCH_ROUNDS ?? 1);
  const sizeArgs = ['--employees', String(config.employees), '--devices', String(config.devices)];
  if (config.assets) sizeArgs.push('--assets', String(config.assets));
  if (process.env.BENCH_ONLY !== 'pglite') {
    const pgUrl = reusePg
      ? new URL(`/${config.databaseName}`, BENCH_PG).toString()
      : await freshPostgresDatabase(BENCH_PG, config.databaseName);
    const pgData = reusePg || tempDir(`${config.tempPrefix}-pg`);
    if (!reusePg) seed([...sizeArgs, '--database-url', pgUrl, '--data-dir', pgData]);
    for (let round = 0; round < rounds; round++)
      await measure(config, 'PostgreSQL', { DATABASE_URL: pgUrl }, pgData, pgUrl);
  }
  if (process.env.BENCH_ONLY !== 'postgres') {
    const pgliteData = reusePglite || tempDir(`${config.tempPrefix}-pglite`);
    if (!reusePglite) seed([...sizeArgs, '--data-dir', pgliteData]);
    for (let round = 0; round < rounds; round++) await measure(config, 'PGlite', {}, pgliteData);
  }
}
