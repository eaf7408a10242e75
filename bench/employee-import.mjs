// Prints the time of a CSV import (upload + validation + all-or-nothing commit) of 10,000 and
// 100,000 employees on PostgreSQL, with the server's peak memory. Targets (issue #4): 10,000 rows
// ≤ 2 s (≥ 5,000 rows/s); 100,000 rows ≤ 30 s, memory not growing beyond the rows themselves.
import { BENCH_PG, freshPostgresDatabase, login, readLogins, seed, startServer, tempDir } from './lib.mjs';

function csv(rows, tag) {
  const lines = ['First Name,Last Name,Email,Phone,Start Date,End Date,Department,Position'];
  const departments = ['Engineering', 'Sales', 'Marketing', 'Finance', 'People', 'Operations'];
  for (let i = 0; i < rows; i++) {
    lines.push(
      `Person${i},Import${tag},p${i}.${tag}@import.example,+49 30 ${String(1000000 + i)},2026-0${(i % 9) + 1}-1${i % 9},,${departments[i % departments.length]},Specialist`,
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
    for (const rows of [10_000, 100_000]) {
      const body = csv(rows, `${label}${rows}`);
      const t0 = performance.now();
      const res = await fetch(`${server.url}/api/employees/import`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${accessToken}`,
          'content-type': 'text/csv',
          'x-file-name': `bench-${rows}.csv`,
        },
        body,
      });
      const seconds = (performance.now() - t0) / 1000;
      if (res.status !== 201) throw new Error(`${res.status} ${(await res.text()).slice(0, 300)}`);
      console.log(
        `  ${label.padEnd(10)} ${rows.toLocaleString('en').padStart(7)} rows (${(body.length / 1024 / 1024).toFixed(1)} MB): ${seconds.toFixed(2)} s, ${(rows / seconds).toFixed(0)} rows/s, server peak RSS ${server.peakRssMiB().toFixed(0)} MiB (at start ${baseline.toFixed(0)} MiB)`,
      );
    }
  } finally {
    await server.stop();
  }
}

console.log('CSV import of employees (one request, validated and committed in one transaction)');
const pgUrl = await freshPostgresDatabase(BENCH_PG, 'equip_bench_import');
const pgData = tempDir('import-pg');
seed(['--employees', '100', '--devices', '0', '--database-url', pgUrl, '--data-dir', pgData]);
await run('PostgreSQL', { DATABASE_URL: pgUrl }, pgData);
const pgliteData = tempDir('import-pglite');
seed(['--employees', '100', '--devices', '0', '--data-dir', pgliteData]);
await run('PGlite', {}, pgliteData);
