// Bundles the agent (src/cli.ts with the domain package) into dist/equip-agent.mjs with esbuild, when
// the bundle is missing or older than its sources: Node 20 runs no TypeScript by itself.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isStale } from '../../../scripts/freshness.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const AGENT_BUNDLE = path.join(root, 'dist/equip-agent.mjs');
const SOURCES = [path.join(root, 'src'), path.join(root, '../../packages/domain/src')];

export function agentBundleIsStale() {
  return isStale(AGENT_BUNDLE, SOURCES);
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
