import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';

/**
 * Runs once per test run. On PGlite it migrates one database and saves it as a snapshot that every
 * worker starts from (creating and migrating a PGlite costs seconds; loading a snapshot far less).
 */
export default async function setup(project: TestProject) {
  if (process.env.EQUIP_TEST_DB === 'postgres') return;
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  const blob = await database.snapshot!();
  await database.close();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'equip-test-'));
  const file = path.join(dir, 'migrated.tar.gz');
  writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  project.provide('pgliteSnapshotPath', file);
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshotPath: string;
  }
}
