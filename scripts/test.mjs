// `npm test`: every test. Unit, API and component tests (API on PGlite), the API tests again on the
// PostgreSQL server when TEST_DATABASE_URL is set (with the agent's, which talks to a real API), then
// the end-to-end specs in Chromium.
import { spawnSync } from 'node:child_process';

const steps = [
  {
    name: 'unit, API (PGlite) and component tests',
    cmd: 'npx',
    args: ['vitest', 'run'],
    env: { EQUIP_TEST_DB: 'pglite' },
  },
];
if (process.env.TEST_DATABASE_URL) {
  steps.push({
    name: 'API and agent tests on PostgreSQL',
    cmd: 'npx',
    args: ['vitest', 'run', '--project', 'api', '--project', 'agent'],
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
  });
  // A failed build makes the end-to-end step meaningless.
  if (run.status !== 0 && step.name === 'web build') break;
}

console.log('\nSummary:');
for (const r of results) console.log(`  ${r.ok ? '✔' : '✘'} ${r.name} (${r.seconds} s)`);
process.exit(results.every((r) => r.ok) && results.length === steps.length ? 0 : 1);
