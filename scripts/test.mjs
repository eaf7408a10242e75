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
    ...(step.report ? readReport(step.report, run.status === 0) : { failures: [], flaky: [] }),
  });
  // A failed build makes the end-to-end step meaningless.
  if (run.status !== 0 && step.name === 'web build') break;
}

console.log('\nSummary:');
for (const r of results) {
  console.log(`  ${r.ok ? '✔' : '✘'} ${r.name} (${r.seconds} s)`);
  for (const failure of r.failures) console.log(`      ✘ ${failure}`);
  for (const flaky of r.flaky) console.log(`      ↻ passed on its retry: ${flaky}`);
}
process.exit(results.every((r) => r.ok) && results.length === steps.length ? 0 : 1);

/**
 * From a Vitest JSON report: each failed test (or failed file), and each test that passed only on its
 * retry (it carries the failure of its first try), as "file › test: first line of the error".
 */
function readReport(reportPath, ok) {
  if (!existsSync(reportPath)) return { failures: ok ? [] : ['(no report written)'], flaky: [] };
  const report = JSON.parse(readFileSync(reportPath, 'utf8'));
  const cwd = process.cwd();
  const firstLine = (text) =>
    String(text ?? '')
      .split('\n')
      .find((line) => line.trim()) ?? '';
  const failures = [];
  const flaky = [];
  for (const file of report.testResults ?? []) {
    const where = String(file.name).replace(`${cwd}/`, '');
    const line = (test) =>
      `${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`.slice(0, 400);
    const tests = file.assertionResults ?? [];
    const failed = tests.filter((test) => test.status === 'failed');
    failures.push(...failed.map(line));
    flaky.push(...tests.filter((test) => test.status === 'passed' && test.failureMessages?.length).map(line));
    if (failed.length === 0 && file.status === 'failed')
      failures.push(`${where}: ${firstLine(file.message)}`.slice(0, 400));
  }
  if (!ok && failures.length === 0) failures.push('(the run failed outside any test: see its output above)');
  return { failures, flaky };
}
