import { readFileSync } from 'node:fs';
import pg from 'pg';
import { expect, inject } from 'vitest';
import { type Database, openDatabase } from '../db/client.ts';

/**
 * One database per test file, opened on first use and kept for every test of the file; the worker
 * closes it when its next file asks for one (the api project runs with isolate: false, so this module
 * lives on between files). Tests do not reset it: each creates its own organisations, and tenant
 * isolation keeps them apart. A database of its own per file keeps what is not an organisation's (the
 * application catalog, the hourly plans over every organisation's connections) to the file that wrote
 * it: with one database per worker, which files met depended on the order they ran in.
 *
 * EQUIP_TEST_DB=postgres runs the same tests on the PostgreSQL server at TEST_DATABASE_URL, each file
 * in a database of its own.
 */
let opened: { file: string; database: Promise<Database> } | undefined;
let fileCount = 0;

export function testDatabaseKind(): 'pglite' | 'postgres' {
  return process.env.EQUIP_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

export function getTestDatabase(): Promise<Database> {
  const file = expect.getState().testPath ?? '';
  if (opened?.file !== file) {
    const previous = opened?.database;
    void previous?.then((database) => database.close()).catch(() => {});
    fileCount += 1;
    opened = { file, database: open(`file${fileCount}`) };
  }
  return opened.database;
}

let freshCount = 0;

/**
 * A database of its own, migrated and empty, for a test that needs an installation nobody else writes
 * to (the first set-up). The caller closes it.
 */
export function openFreshTestDatabase(): Promise<Database> {
  freshCount += 1;
  return open(`fresh${freshCount}`);
}

async function open(suffix = ''): Promise<Database> {
  if (testDatabaseKind() === 'pglite') {
    const snapshot = new Blob([readFileSync(inject('pgliteSnapshotPath'))]);
    return openDatabase({ kind: 'pglite', dataDir: null, snapshot });
  }
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('EQUIP_TEST_DB=postgres needs TEST_DATABASE_URL');
  // Named after the run, so the run's teardown drops it with the others.
  const name = `equip_test_${inject('testRunId')}_${process.env.VITEST_POOL_ID ?? '0'}${suffix ? `_${suffix}` : ''}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 5 });
}
