// Bundles the agent (src/cli.ts with the domain package) into dist/equip-agent.mjs with esbuild, when
// the bundle is missing or older than its sources: Node 20 runs no TypeScript by itself.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isStale } from '../../../scripts/freshness.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const AGENT_BUNDLE = path.join(root, 'dist/equip-agent.mjs');
const SOURCES = [path.join(root, 'src'), path.join(root, '../../packages/domain/src')];

export function agentBundleIsStale() {
  return isStale(AGENT_BUNDLE, SOURCES);
}

/** Builds in memory and replaces the bundle in one step: an agent starting meanwhile reads a whole one. */
export async function buildAgent() {
  const { build } = await import('esbuild');
  const { outputFiles } = await build({
    entryPoints: [path.join(root, 'src/cli.ts')],
    outfile: AGENT_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: ['systeminformation'],
    logLevel: 'warning',
    write: false,
  });
  await mkdir(path.dirname(AGENT_BUNDLE), { recursive: true });
  const temporary = `${AGENT_BUNDLE}.${process.pid}.tmp`;
  await writeFile(temporary, outputFiles[0].contents);
  await rename(temporary, AGENT_BUNDLE);
}

if (process.argv[1] && import.meta.url === `file://${process.argv[1]}`) {
  await buildAgent();
  console.log(`Built ${path.relative(process.cwd(), AGENT_BUNDLE)}`);
}
