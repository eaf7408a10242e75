// Prints: cold start to ready (first start with migrations and the demo seed, then a restart on the
// same data), clean shutdown time, and the JavaScript (gzip) the login route loads.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ensureWebBuild, ms, root, startServer, tempDir } from './lib.mjs';

ensureWebBuild();
const dataDir = tempDir('startup');
const first = await startServer({ EQUIP_DATA_DIR: dataDir });
const firstStop = await first.stop();
const second = await startServer({ EQUIP_DATA_DIR: dataDir });
const secondStop = await second.stop();
const third = await startServer({ EQUIP_DATA_DIR: dataDir });
await third.stop();

console.log('Startup (PGlite, one process)');
console.log(`  first start to ready (migrations + demo seed): ${(first.readyMs / 1000).toFixed(2)} s`);
console.log(
  `  restart to ready (existing data):              ${(Math.min(second.readyMs, third.readyMs) / 1000).toFixed(2)} s`,
);
console.log(`  clean shutdown (Ctrl-C):                       ${ms(Math.max(firstStop, secondStop))}`);
console.log('Initial JavaScript of the login route');
console.log(
  `  ${execFileSync(process.execPath, [path.join(root, 'apps/web/scripts/route-size.mjs')], { encoding: 'utf8' }).trim()}`,
);
