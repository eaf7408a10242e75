// Prints the gzip size of the JavaScript a route loads: the entry chunk, the route module's chunk
// and everything they import statically (from dist/.vite/manifest.json). Run after `vite build`:
//   node apps/web/scripts/route-size.mjs [src/features/auth/routes/login-page.tsx ...]
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const routeModules = process.argv.slice(2);
if (routeModules.length === 0) routeModules.push('src/features/auth/routes/login-page.tsx');

function collect(key, seen) {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return;
  seen.add(chunk.file);
  for (const imported of chunk.imports ?? []) collect(imported, seen);
}

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
for (const route of routeModules) {
  if (!manifest[route]) throw new Error(`${route} is not a chunk in the manifest`);
  const files = new Set();
  collect(entry, files);
  collect(route, files);
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const content = readFileSync(join(dist, file));
    raw += content.length;
    gzip += gzipSync(content, { level: 9 }).length;
  }
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
  console.log(`${route}: ${files.size} chunks, ${kb(raw)} raw, ${kb(gzip)} gzip`);
}
