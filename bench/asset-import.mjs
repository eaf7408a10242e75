// Prints the time of a peripheral import (upload + validation + all-or-nothing commit through the
// assets module's batch writes) of 10,000 rows, on PostgreSQL (BENCH_DATABASE_URL, else
// 127.0.0.1:5432/test, when it answers) and on PGlite, with the server's peak memory. Target (issue 28):
// 10,000 rows validated and committed ≤ 2 s on PostgreSQL.
import { BENCH_PG, freshPostgresDatabase, login, readLogins, seed, startServer, tempDir } from './lib.mjs';

const ROWS = 10_000;

/** 10,000 items of 20 models in five kinds, a third assigned (by email) and each with a serial and properties. */
function csv(rows, tag, assignee) {
  const lines = [
    'Name,Vendor,Model,Kind,Assigned To,Serial Number,Notes,property:Connector,item property:Purchased',
  ];
  const kinds = ['monitor', 'keyboard', 'mouse', 'headset', 'webcam'];
  for (let i = 0; i < rows; i++) {
    const model = i % 20;
    lines.push(
      [
        `Model ${model} ${tag}`,
        model % 2 ? 'Dell' : 'Logitech',
        `M-${model}`,
        kinds[model % kinds.length],
        i % 3 === 0 ? assignee : '',
        `SN-${tag}-${i}`,
        i % 10 === 0 ? 'Spare' : '',
        model % 2 ? 'USB-C' : 'Bluetooth',
        `2026-0${(i % 9) + 1}-1${i % 9}`,
      ].join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}

async function run(label, env, dataDir) {
  const server = await startServer({ ...env, EQUIP_DATA_DIR: dataDir, EQUIP_DEMO: 'false' });
  try {
    const owner = readLogins(dataDir).find((l) => l.role === 'it-owner');
    const { accessToken } = await login(server.url, owner.email, owner.password);
    const baseline = server.peakRssMiB();
    const body = csv(ROWS, label, owner.email);
    const t0 = performance.now();
    const res = await fetch(`${server.url}/api/assets/import`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${accessToken}`,
        'content-type': 'text/csv',
        'x-file-name': `bench-${ROWS}.csv`,
      },
      body,
    });
    const seconds = (performance.now() - t0) / 1000;
    if (res.status !== 201) throw new Error(`${res.status} ${(await res.text()).slice(0, 300)}`);
    console.log(
      `  ${label.padEnd(10)} ${ROWS.toLocaleString('en')} rows (${(body.length / 1024 / 1024).toFixed(1)} MB): ${seconds.toFixed(2)} s, ${(ROWS / seconds).toFixed(0)} rows/s, server peak RSS ${server.peakRssMiB().toFixed(0)} MiB (at start ${baseline.toFixed(0)} MiB)`,
    );
  } finally {
    await server.stop();
  }
}

async function postgresAnswers(url) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

console.log('CSV import of peripherals (one request, validated and committed in one transaction)');
if (process.env.BENCH_SKIP_PG !== '1' && (await postgresAnswers(BENCH_PG))) {
  const pgUrl = await freshPostgresDatabase(BENCH_PG, 'equip_bench_asset_import');
  const pgData = tempDir('asset-import-pg');
  seed(['--employees', '100', '--devices', '0', '--database-url', pgUrl, '--data-dir', pgData]);
  await run('PostgreSQL', { DATABASE_URL: pgUrl }, pgData);
} else console.log(`  PostgreSQL: ${BENCH_PG} does not answer; skipped`);
const pgliteData = tempDir('asset-import-pglite');
seed(['--employees', '100', '--devices', '0', '--data-dir', pgliteData]);
await run('PGlite', {}, pgliteData);
