// Bundles the API server (apps/api/src/main.ts with the domain package) into one ES module with esbuild,
// when the bundle is missing or older than its sources. `npm start` runs the bundle: loading one
// prebuilt file takes a fraction of compiling a hundred TypeScript files at every start (tsx).
// Packages from node_modules stay external; only our own code is bundled.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { isStale } from './freshness.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_BUNDLE = path.join(root, 'apps/api/dist/main.mjs');
/**
 * The bundle's entry points: the server (`npm start`) and the job worker alone (EQUIP_ROLE=worker; the
 * container runs `node apps/api/dist/worker.mjs`, without tsx). Each becomes apps/api/dist/<name>.mjs.
 */
export const SERVER_ENTRIES = { main: 'apps/api/src/main.ts', worker: 'apps/api/src/worker.ts' };
const SOURCES = ['apps/api/src', 'apps/api/package.json', 'packages/domain/src'];

export function serverBundleIsStale() {
  return isStale(
    SERVER_BUNDLE,
    SOURCES.map((source) => path.join(root, source)),
  );
}

export async function buildServer() {
  const manifest = JSON.parse(readFileSync(path.join(root, 'apps/api/package.json'), 'utf8'));
  const external = Object.keys(manifest.dependencies ?? {})
    .filter((name) => !name.startsWith('@equip/'))
    .flatMap((name) => [name, `${name}/*`]);
  // A dynamic import of our own code becomes a chunk of its own (chunks/, named by content hash and left
  // in place for a server still running an older build), loaded when it runs: the packages it imports
  // then load with it, not at start-up (the mail templates load React at the first mail).
  await build({
    entryPoints: Object.fromEntries(
      Object.entries(SERVER_ENTRIES).map(([name, source]) => [name, path.join(root, source)]),
    ),
    outdir: path.dirname(SERVER_BUNDLE),
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    splitting: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external,
    sourcemap: 'linked',
    logLevel: 'warning',
    // Bundled CommonJS helpers may call require(): give the module one.
    banner: {
      js: "import { createRequire as __equipCreateRequire } from 'node:module'; const require = __equipCreateRequire(import.meta.url);",
    },
  });
}

if (process.argv[1] && import.meta.url === `file://${process.argv[1]}`) {
  await buildServer();
  console.log(`Built ${path.relative(root, SERVER_BUNDLE)}`);
}
