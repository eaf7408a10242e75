/**
 * Which of this Equip's migrations the database has, and which it will apply at the next start.
 *
 *   npm run migrate:status [-- --database-url postgres://… | --data-dir DIR]
 *
 * Reads only: nothing is migrated. On PGlite while Equip runs, it asks the running server (decision 018).
 * Exit status 0 when the database is up to date, 1 when migrations are pending or it cannot be read.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { MIGRATIONS_FOLDER } from '../db/client.ts';
import { DATABASE_OPTIONS, DATABASE_USAGE, failWith, loadCliConfig, oneLine } from './common.ts';
import { closeSource, describeSource, openSource, type Read, readerOf } from './database-source.ts';

const USAGE = `usage: npm run migrate:status [-- options]
${DATABASE_USAGE}`;

export interface Migration {
  tag: string;
  /** The journal's `when`: drizzle records it as the applied row's created_at and orders by it. */
  when: number;
  hash: string;
}

export interface MigrationStatus {
  applied: (Migration & { changed: boolean })[];
  /** What the next start applies: migrations newer than the last applied one. */
  pending: Migration[];
  /**
   * Older than the last applied one yet not applied: drizzle never applies these (a migration added
   * out of order, or a database restored across branches). Should stay empty.
   */
  skipped: Migration[];
  /** Applied rows this Equip does not know: the database was migrated by a newer Equip. */
  unknown: { when: number; hash: string }[];
}

/** This Equip's migrations, from drizzle's journal; the hash is drizzle's (sha256 of the file). */
export function knownMigrations(folder = MIGRATIONS_FOLDER): Migration[] {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries.map(({ tag, when }) => ({
    tag,
    when,
    hash: createHash('sha256')
      .update(readFileSync(path.join(folder, `${tag}.sql`), 'utf8'))
      .digest('hex'),
  }));
}

export async function appliedMigrations(read: Read): Promise<{ when: number; hash: string }[]> {
  const [table] = await read<{ present: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!table?.present) return [];
  const rows = await read<{ created_at: string; hash: string }>(
    'select created_at::text as created_at, hash from drizzle.__drizzle_migrations order by created_at',
  );
  return rows.map((row) => ({ when: Number(row.created_at), hash: row.hash }));
}

export function compareMigrations(
  known: Migration[],
  applied: { when: number; hash: string }[],
): MigrationStatus {
  const appliedAt = new Map(applied.map((row) => [row.when, row.hash]));
  const last = Math.max(0, ...applied.map((row) => row.when));
  const knownWhens = new Set(known.map((m) => m.when));
  return {
    applied: known
      .filter((m) => appliedAt.has(m.when))
      .map((m) => ({ ...m, changed: appliedAt.get(m.when) !== m.hash })),
    pending: known.filter((m) => !appliedAt.has(m.when) && m.when > last),
    skipped: known.filter((m) => !appliedAt.has(m.when) && m.when <= last),
    unknown: applied.filter((row) => !knownWhens.has(row.when)),
  };
}

export async function migrationStatus(read: Read): Promise<MigrationStatus> {
  return compareMigrations(knownMigrations(), await appliedMigrations(read));
}

export function describeStatus(status: MigrationStatus): string[] {
  const lines = [
    `${status.applied.length} applied, ${status.pending.length} pending${status.skipped.length ? `, ${status.skipped.length} skipped` : ''}${status.unknown.length ? `, ${status.unknown.length} unknown` : ''}`,
  ];
  const rows = [
    ...status.applied.map((m) => ({
      when: m.when,
      line: `  applied  ${m.tag}${m.changed ? '  (its file changed since it was applied)' : ''}`,
    })),
    ...status.pending.map((m) => ({ when: m.when, line: `  pending  ${m.tag}` })),
    ...status.skipped.map((m) => ({
      when: m.when,
      line: `  skipped  ${m.tag}  (older than the last applied one: the next start will not apply it)`,
    })),
    ...status.unknown.map((m) => ({
      when: m.when,
      line: `  unknown  applied at ${new Date(m.when).toISOString()} by a newer Equip (hash ${m.hash.slice(0, 12)})`,
    })),
  ];
  return [...lines, ...rows.sort((a, b) => a.when - b.when).map((r) => r.line)];
}

export const isUpToDate = (status: MigrationStatus) =>
  status.pending.length === 0 && status.skipped.length === 0;

async function main(): Promise<void> {
  let values: ReturnType<typeof parse>['values'];
  try {
    ({ values } = parse(process.argv.slice(2)));
  } catch (error) {
    failWith('migrate:status', `${oneLine(error)} (see --help)`);
  }
  if (values.help) return console.log(USAGE);
  const config = loadCliConfig('migrate:status', values);
  const source = await openSource(config.databaseUrl, config.dataDir).catch((error: unknown) =>
    failWith('migrate:status', oneLine(error)),
  );
  try {
    const status = await migrationStatus(readerOf(source));
    console.log(`Migrations of ${describeSource(source)}: ${describeStatus(status).join('\n')}`);
    if (!isUpToDate(status)) process.exitCode = 1;
  } catch (error) {
    console.error(`migrate:status: ${oneLine(error)}`);
    process.exitCode = 1;
  } finally {
    await closeSource(source);
  }
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    strict: true,
    options: { ...DATABASE_OPTIONS, help: { type: 'boolean', short: 'h' } },
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
