// `npm run bench`: every benchmark, one after another.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
for (const script of [
  'startup.mjs',
  'login-page-weight.mjs',
  'lighthouse.mjs',
  'login.mjs',
  'employees-list.mjs',
  'devices-list.mjs',
  'agent-checkins.mjs',
  'employee-import.mjs',
  'asset-import.mjs',
  'import-fairness.mjs',
  'jobs.mjs',
  'mdm-sync.mjs',
  'webhooks.mjs',
  'noisy-neighbour.mjs',
  'request-bounds.mjs',
]) {
  console.log(`\n== ${script}`);
  const result = spawnSync(process.execPath, [path.join(here, script)], { stdio: 'inherit' });
  if (result.status !== 0) process.exitCode = 1;
}
