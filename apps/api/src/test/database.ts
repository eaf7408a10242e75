import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../db/client.ts';

/**
 * One database per test worker, opened on first use and kept for every test file the worker runs
 * (the api project runs with isolate: false). Tests do not reset it: each creates its own
 * organisations, and tenant isolation keeps them apart.
 *
 * EQUIP_TEST_DB=postgres runs the same tests on the PostgreSQL server at TEST_DATABASE_URL, each worker
 * in a database of its own.
 */
let opened: Promise<Database> | undefined;

export function testDatabaseKind(): 'pglite' | 'postgres' {
  return process.env.EQUIP_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

export function getTestDatabase(): Promise<Database> {
  opened ??= open();
  return opened;
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
