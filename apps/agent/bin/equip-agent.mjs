#!/usr/bin/env node
// `equip-agent`: runs the bundled agent, building it first in a checkout where it is missing or stale.
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { AGENT_BUNDLE, agentBundleIsStale, buildAgent } from './build.mjs';

if (agentBundleIsStale()) {
  if (!existsSync(new URL('../src/cli.ts', import.meta.url))) {
    console.error('equip-agent: the agent bundle is missing');
    process.exit(1);
  }
  await buildAgent();
}
const { main } = await import(pathToFileURL(AGENT_BUNDLE).href);
process.exitCode = await main(process.argv.slice(2));
