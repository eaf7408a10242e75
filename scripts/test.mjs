// `npm test`: every test. Unit, API and component tests (API on PGlite), the API tests again on the
// PostgreSQL server when TEST_DATABASE_URL is set (with the agent's, which talks to a real API), then
// the end-to-end specs in Chromium.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Each Vitest step also writes a JSON report, so the summary at the very end can name the tests that
// failed: CI keeps only the tail of a long run's output.
const reports = mkdtempSync(join(tmpdir(), 'equip-test-reports-'));
const vitestReport = (name) => [
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${join(reports, `${name}.json`)}`,
];

const steps = [
  {
    name: 'unit, API (PGlite) and component tests',
    cmd: 'npx',
    args: ['vitest', 'run', ...vitestReport('pglite')],
    report: join(reports, 'pglite.json'),
    env: { EQUIP_TEST_DB: 'pglite' },
  },
];
if (process.env.TEST_DATABASE_URL) {
  steps.push({
    name: 'API and agent tests on PostgreSQL',
    cmd: 'npx',
    args: ['vitest', 'run', '--project', 'api', '--project', 'agent', ...vitestReport('postgres')],
    report: join(reports, 'postgres.json'),
    env: { EQUIP_TEST_DB: 'postgres' },
  });
} else {
  console.log('TEST_DATABASE_URL is not set: the API tests run on PGlite only.');
}
if (!process.argv.includes('--no-e2e')) {
  steps.push({ name: 'web build', cmd: 'npm', args: ['run', 'build', '-w', '@equip/web'], env: {} });
  steps.push({
    name: 'end-to-end tests (Chromium)',
    cmd: 'npx',
    args: ['playwright', 'test', '-c', 'e2e/playwright.config.ts'],
    env: {},
  });
}

const results = [];
for (const step of steps) {
  console.log(`\n▶ ${step.name}`);
  const started = Date.now();
  const run = spawnSync(step.cmd, step.args, { stdio: 'inherit', env: { ...process.env, ...step.env } });
  results.push({
    name: step.name,
    ok: run.status === 0,
    seconds: ((Date.now() - started) / 1000).toFixed(1),
    failures: run.status === 0 || !step.report ? [] : failedTests(step.report),
  });
  // A failed build makes the end-to-end step meaningless.
  if (run.status !== 0 && step.name === 'web build') break;
}

console.log('\nSummary:');
for (const r of results) {
  console.log(`  ${r.ok ? '✔' : '✘'} ${r.name} (${r.seconds} s)`);
  for (const failure of r.failures) console.log(`      ✘ ${failure}`);
}
process.exit(results.every((r) => r.ok) && results.length === steps.length ? 0 : 1);

/** "file › test: first line of the error" for each failed test (or failed file) in a Vitest JSON report. */
function failedTests(reportPath) {
  if (!existsSync(reportPath)) return ['(no report written)'];
  const report = JSON.parse(readFileSync(reportPath, 'utf8'));
  const cwd = process.cwd();
  const firstLine = (text) =>
    String(text ?? '')
      .split('\n')
      .find((line) => line.trim()) ?? '';
  const out = [];
  for (const file of report.testResults ?? []) {
    const where = String(file.name).replace(`${cwd}/`, '');
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed)
      out.push(`${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`.slice(0, 400));
    if (failed.length === 0 && file.status === 'failed')
      out.push(`${where}: ${firstLine(file.message)}`.slice(0, 400));
  }
  return out.length > 0 ? out : ['(the run failed outside any test: see its output above)'];
}
