// Prints: the inventory sync from the MDM (issue 27, item 3; decision 025) of 10,000 hosts from the
// local Fleet fake (GET /api/v1/fleet/hosts, 100 a page), run three times — every host new, nothing
// changed, a tenth gone from Fleet — with its time, the heap at the first, a quarter, half and last page
// (flat: one page is held at a time) and the sync process's peak RSS. The fake runs in a process of its
// own. PGlite in memory by default; BENCH_MDM_SYNC_DB_URL=postgres://… for PostgreSQL. BENCH_HOSTS for
// another size.
import { fork } from 'node:child_process';
import path from 'node:path';
import { BENCH_PG, freshPostgresDatabase, root } from './lib.mjs';

const COUNT = Number(process.env.BENCH_HOSTS ?? 10_000);
const script = path.join(root, 'bench/mdm-sync-process.ts');
const execArgv = ['--import', 'tsx', '--expose-gc'];

const fake = fork(script, ['fake', String(COUNT)], { cwd: root, execArgv, stdio: 'inherit' });
const { url, token } = await new Promise((resolve) => fake.once('message', resolve));

/** One measured run of the sync process on a database (PGlite in memory, or a PostgreSQL URL). */
async function measure(dbUrl) {
  fake.send({ reset: true });
  await new Promise((resolve) => fake.once('message', resolve));
  const sync = fork(script, ['sync', String(COUNT)], {
    cwd: root,
    execArgv,
    env: {
      ...process.env,
      BENCH_FLEET_URL: url,
      BENCH_FLEET_TOKEN: token,
      ...(dbUrl ? { BENCH_MDM_SYNC_DB_URL: dbUrl } : {}),
    },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  let out = '';
  sync.stdout.on('data', (chunk) => {
    out += chunk;
  });
  // The sync process asks the fake to take hosts out of Fleet before its third run.
  sync.on('message', (message) => {
    fake.send(message);
    fake.once('message', (answer) => sync.send(answer));
  });
  const code = await new Promise((resolve) => sync.once('exit', resolve));
  if (code !== 0) throw new Error(`the sync process exited with ${code}`);
  return JSON.parse(out.trim().split('\n').at(-1));
}

function print(report) {
  console.log(
    `MDM inventory sync, ${report.hosts} Fleet hosts, ${report.database} ` +
      `(before: heap ${report.before.heapMiB} MiB, RSS ${report.before.rssMiB} MiB):`,
  );
  for (const r of report.results) {
    console.log(
      `  ${r.label}: ${r.seconds} s, ${r.pages} pages; created ${r.counts.created}, updated ${r.counts.updated}, ` +
        `missing ${r.counts.missing}, returned ${r.counts.returned}; peak RSS so far ${r.peakRssMiB} MiB`,
    );
    console.log(
      `    every 10th page, heap after GC / RSS (MiB): ${r.samples.map((s) => `${s.heapMiB}/${s.rssMiB}`).join('  ')}`,
    );
  }
  console.log(`  devices in Equip afterwards: ${report.devicesInEquip}`);
}

try {
  print(await measure(process.env.BENCH_MDM_SYNC_DB_URL ?? null));
  if (!process.env.BENCH_MDM_SYNC_DB_URL && process.env.BENCH_MDM_SYNC_POSTGRES !== 'false') {
    let pgUrl = null;
    try {
      pgUrl = await freshPostgresDatabase(BENCH_PG, 'equip_bench_mdm_sync');
    } catch (error) {
      console.log(`  (PostgreSQL at ${BENCH_PG} not reachable: ${error.message}; PGlite only)`);
    }
    if (pgUrl) print(await measure(pgUrl));
  }
} finally {
  fake.kill('SIGTERM');
}
