// Bundles the agent (src/cli.ts with the domain package) into dist/equip-agent.mjs with esbuild, when
// the bundle is missing or older than its sources: Node 20 runs no TypeScript by itself.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const AGENT_BUNDLE = path.join(root, 'dist/equip-agent.mjs');
const SOURCES = [path.join(root, 'src'), path.join(root, '../../packages/domain/src')];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

export function agentBundleIsStale() {
  if (!existsSync(AGENT_BUNDLE)) return true;
  const builtAt = statSync(AGENT_BUNDLE).mtimeMs;
  return SOURCES.some((source) => newestMtime(source) > builtAt);
}

export async function buildAgent() {
  const { build } = await import('esbuild');
  await build({
    entryPoints: [path.join(root, 'src/cli.ts')],
    outfile: AGENT_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: ['systeminformation'],
    logLevel: 'warning',
  });
}

if (process.argv[1] && import.meta.url === `file://${process.argv[1]}`) {
  await buildAgent();
  console.log(`Built ${path.relative(process.cwd(), AGENT_BUNDLE)}`);
}
