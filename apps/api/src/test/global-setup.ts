import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';

/**
 * Runs once per test run. On PGlite it migrates one database and saves it as a snapshot that every
 * worker starts from (creating and migrating a PGlite costs seconds; loading a snapshot far less).
 */
export default async function setup(project: TestProject) {
  const runId = randomBytes(4).toString('hex');
  project.provide('testRunId', runId);
  if (process.env.EQUIP_TEST_DB === 'postgres') return () => dropRunDatabases(runId);
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  const blob = await database.snapshot!();
  await database.close();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'equip-test-'));
  const file = path.join(dir, 'migrated.tar.gz');
  writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  project.provide('pgliteSnapshotPath', file);
}

/** Each worker made a database named after the run on the PostgreSQL server: drop them afterwards. */
async function dropRunDatabases(runId: string) {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      'select datname from pg_database where datname like $1',
      [`equip_test_${runId}_%`],
    );
    for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
  } finally {
    await admin.end();
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshotPath: string;
    testRunId: string;
  }
}
