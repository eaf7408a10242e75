// Prints the gzip size of the JavaScript a route loads: the entry chunk and everything it imports
// statically (index.html's scripts and dist/.vite/manifest.json), plus, for a lazily loaded route module named on the
// command line, that module's chunk and its static imports. The sign-in page ships in the entry, so
// the entry alone is what it loads. Run after `vite build`:
//   node apps/web/scripts/route-size.mjs [src/features/employees/routes/employees-page.tsx ...]
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));

function collect(key, seen) {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return;
  seen.add(chunk.file);
  for (const imported of chunk.imports ?? []) collect(imported, seen);
}

/** What the page loads first: the scripts index.html names (the entry may be split into several). */
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const initialFiles = [...html.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g)].map((match) => match[1]);
const routeModules = process.argv.slice(2);
for (const route of routeModules.length > 0 ? routeModules : [undefined]) {
  if (route && !manifest[route]) throw new Error(`${route} is not a chunk of its own in the manifest`);
  const files = new Set();
  for (const file of initialFiles) {
    const key = keyOfFile.get(file);
    if (key) collect(key, files);
    else files.add(file);
  }
  if (route) collect(route, files);
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const content = readFileSync(join(dist, file));
    raw += content.length;
    gzip += gzipSync(content, { level: 9 }).length;
  }
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
  const name = route ?? 'entry (with the sign-in page)';
  console.log(`${name}: ${files.size} chunks, ${kb(raw)} raw, ${kb(gzip)} gzip`);
}
