// `npm start`: builds the web app and the server bundle when missing or older than their sources, then
// runs the server (SPA + platform API + bundle API + web-app API on one port) in this same process.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildServer, SERVER_BUNDLE, serverBundleIsStale } from './build-server.mjs';
import { newestMtime } from './freshness.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distIndex = path.join(root, 'apps/web/dist/index.html');
const webSources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/domain/src',
];

const builtAt = existsSync(distIndex) ? statSync(distIndex).mtimeMs : 0;
const sourcesAt = Math.max(...webSources.map((s) => newestMtime(path.join(root, s))));
if (builtAt < sourcesAt || process.argv.includes('--build')) {
  console.log(builtAt === 0 ? 'Building the web app (first start)…' : 'Web app sources changed: rebuilding…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@equip/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('The web app build failed; see above.');
    process.exit(result.status ?? 1);
  }
}

if (serverBundleIsStale()) {
  console.log('Building the server…');
  await buildServer();
}

process.env.NODE_ENV ??= 'production';
await import(pathToFileURL(SERVER_BUNDLE).href);
