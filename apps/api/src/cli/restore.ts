/**
 * Restores a backup of `npm run backup` into an empty PGlite folder or an empty PostgreSQL database.
 *
 *   npm run restore -- BACKUP_FOLDER [--database-url postgres://… | --data-dir DIR]
 *
 * Run it with the DATABASE_URL (the database user) Equip will use, Equip stopped or pointed elsewhere.
 * It checks the backup's files against the manifest, restores, then opens every sealed secret with the
 * installation secret Equip will have (JWT_SECRET of this environment, else the backup's secrets.env,
 * else the one in the database) and says how to start Equip on the result. The schema is left as the
 * backup had it: the next start migrates it. Exit status 1 when it failed, or when sealed secrets do
 * not open (the data is restored either way).
 */
import { copyFileSync, createReadStream, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createGunzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { type Db, PGLITE_EXTENSIONS, redactUrl } from '../db/client.ts';
import { ensureTenantRole } from '../db/tenancy.ts';
import { type BackupManifest, DEMO_LOGINS, describeFile, MANIFEST, SECRETS_FILE } from './backup.ts';
import { DATABASE_OPTIONS, DATABASE_USAGE, failWith, loadCliConfig, oneLine } from './common.ts';
import {
  closeSource,
  type DatabaseSource,
  describeSource,
  openSource,
  pgliteFolder,
  readerOf,
} from './database-source.ts';
import {
  allOpen,
  anySealed,
  checkSealedSecrets,
  describeChecks,
  fingerprintOf,
  readInstallationSecret,
  type SealedCheck,
} from './installation-secret.ts';
import { type MigrationStatus, migrationStatus } from './migrate-status.ts';
import { requireTool, runTool, serverVersion } from './pg-tools.ts';

const USAGE = `usage: npm run restore -- BACKUP_FOLDER [options]
${DATABASE_USAGE}`;

export interface RestoreOptions {
  backup: string;
  databaseUrl: string | undefined;
  dataDir: string;
  /** JWT_SECRET of the environment Equip will run with, if any. */
  jwtSecret: string | undefined;
}

export interface RestoreResult {
  target: string;
  manifest: BackupManifest;
  /** Where the secret the check used comes from; `backup` means: start Equip with secrets.env's. */
  secretSource: 'environment' | 'backup' | 'database' | null;
  /** The check's secret is the one the backup was made with. */
  secretMatches: boolean;
  sealedSecrets: SealedCheck[];
  /** What the copy holds against this Equip's migrations: the next start applies the pending ones. */
  migrations: MigrationStatus;
  seconds: number;
}

export async function runRestore(options: RestoreOptions): Promise<RestoreResult> {
  const started = performance.now();
  const manifest = await readManifest(options.backup);
  const dump = path.join(options.backup, manifest.database.file);
  let source: DatabaseSource;
  if (manifest.database.kind === 'postgres') {
    if (!options.databaseUrl)
      throw new Error(
        'this is a backup of a PostgreSQL database: give the one to restore into (DATABASE_URL)',
      );
    await restorePostgres(dump, manifest, options.databaseUrl);
    source = await openSource(options.databaseUrl, options.dataDir);
  } else {
    if (options.databaseUrl)
      throw new Error(
        'this is a backup of the embedded database (PGlite): restore it into a data folder, without DATABASE_URL',
      );
    const folder = pgliteFolder(options.dataDir);
    source = { kind: 'pglite', folder, dataDir: options.dataDir, client: await restorePglite(dump, folder) };
    const logins = path.join(options.backup, DEMO_LOGINS);
    const targetLogins = path.join(options.dataDir, DEMO_LOGINS);
    if (existsSync(logins) && !existsSync(targetLogins)) copyFileSync(logins, targetLogins);
  }

  const fromBackup = manifest.installationSecret?.file
    ? readJwtSecret(path.join(options.backup, manifest.installationSecret.file))
    : undefined;
  try {
    const secret = await readInstallationSecret(readerOf(source), options.jwtSecret ?? fromBackup);
    return {
      target: describeSource(source),
      manifest,
      secretSource:
        secret === null ? null : options.jwtSecret ? 'environment' : fromBackup ? 'backup' : 'database',
      secretMatches:
        secret !== null && fingerprintOf(secret.secret) === manifest.installationSecret?.fingerprint,
      sealedSecrets: secret ? await checkSealedSecrets(readerOf(source), secret.secret) : [],
      migrations: await migrationStatus(readerOf(source)),
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    await closeSource(source);
  }
}

/** The manifest, once every file it lists is there with its size and SHA-256. */
async function readManifest(folder: string): Promise<BackupManifest> {
  const file = path.join(folder, MANIFEST);
  if (!existsSync(file)) throw new Error(`${folder} is not a backup of npm run backup (no ${MANIFEST})`);
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as BackupManifest;
  if (manifest.format !== 'equip-backup' || manifest.version !== 1)
    throw new Error(
      `${file} is not a manifest this Equip reads (format ${manifest.format} ${manifest.version})`,
    );
  for (const [name, expected] of Object.entries(manifest.files)) {
    const actual = existsSync(path.join(folder, name)) ? await describeFile(path.join(folder, name)) : null;
    if (actual?.sha256 !== expected.sha256)
      throw new Error(
        `the backup is damaged: ${name} is ${actual ? 'not the file that was backed up' : 'missing'}`,
      );
  }
  return manifest;
}

/** Unpacks the data folder and answers it open (the checks read it before it is closed). */
async function restorePglite(dump: string, folder: string): Promise<PGlite> {
  if (existsSync(folder) && readdirSync(folder).length > 0)
    throw new Error(`${folder} is not empty: move it aside (or choose another --data-dir) and restore again`);
  mkdirSync(folder, { recursive: true });
  const chunks: Buffer[] = [];
  for await (const chunk of createReadStream(dump).pipe(createGunzip())) chunks.push(chunk as Buffer);
  // PGlite unpacks the tar into the empty folder and opens it; closing leaves a clean data folder.
  return PGlite.create(folder, {
    extensions: PGLITE_EXTENSIONS,
    loadDataDir: new Blob(chunks, { type: 'application/x-tar' }),
  });
}

async function restorePostgres(dump: string, manifest: BackupManifest, url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect().catch((error: unknown) => {
    throw new Error(`cannot connect to ${redactUrl(url)}`, { cause: error });
  });
  try {
    const [{ relations }] = (
      await client.query<{ relations: number }>(
        `select count(*)::int as relations from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'
           and n.nspname not like 'pg_temp%'`,
      )
    ).rows as [{ relations: number }];
    if (relations > 0)
      throw new Error(
        `${redactUrl(url)} is not empty: restore into a new database (createdb) and point Equip at it`,
      );
    const server = await serverVersion(client);
    requireTool(
      'pg_restore',
      Math.max(manifest.database.dumpMajor ?? 0, server.major),
      'a dump or server of PostgreSQL',
    );
    // The dump's policies and grants name the tenant role; it is the cluster's, not the database's.
    await ensureTenantRole(drizzle(client) as unknown as Db);
    // All or nothing; objects belong to the restoring user (Equip's), whoever owned them before.
    await runTool(
      'pg_restore',
      ['--no-owner', '--exit-on-error', '--single-transaction', '--no-password', dump],
      url,
    );
    // The system handle's policies name the role that made them: this database's user is Equip's now.
    const { rows } = await client.query<{ table: string }>(
      `select tablename as table from pg_policies
       where schemaname = 'public' and policyname = 'system_access' and not (current_user = any(roles))`,
    );
    for (const { table } of rows)
      await client.query(`alter policy system_access on "${table}" to current_user`);
  } finally {
    await client.end();
  }
}

function readJwtSecret(file: string): string | undefined {
  return /^JWT_SECRET=(.*)$/m.exec(readFileSync(file, 'utf8'))?.[1];
}

export function describeRestore(result: RestoreResult, backup: string): string[] {
  const { manifest } = result;
  const lines = [
    `Restored the backup of ${manifest.createdAt} (${manifest.migrations.applied} migrations applied, last ${manifest.migrations.last ?? 'none'}) into ${result.target} in ${result.seconds.toFixed(1)} s.`,
  ];
  const made = manifest.installationSecret;
  if (result.secretSource === 'backup')
    lines.push(
      `  Start Equip with JWT_SECRET from ${path.join(backup, SECRETS_FILE)}: the backup was made with it.`,
    );
  if (made?.source === 'environment' && !made.file && !result.secretMatches)
    lines.push(
      `  The backup was made with a JWT_SECRET it does not hold (fingerprint ${made.fingerprint}): start Equip with that one.`,
    );
  else if (made && !result.secretMatches)
    lines.push(
      `  The installation secret here is not the one the backup was made with (${made.source === 'environment' ? 'JWT_SECRET' : 'the stored one'}, fingerprint ${made.fingerprint}).`,
    );
  if (anySealed(result.sealedSecrets))
    lines.push(
      allOpen(result.sealedSecrets)
        ? `  Sealed secrets open: ${describeChecks(result.sealedSecrets)}.`
        : `  SEALED SECRETS DO NOT OPEN (${describeChecks(result.sealedSecrets)}): webhooks and MDM servers will fail until Equip runs with the right JWT_SECRET.`,
    );
  lines.push(
    '  The next start of Equip migrates it to this version (npm run migrate:status shows what is pending).',
  );
  return lines;
}

async function main(): Promise<void> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(process.argv.slice(2));
  } catch (error) {
    failWith('restore', `${oneLine(error)} (see --help)`);
  }
  const { values, positionals } = parsed;
  if (values.help) return console.log(USAGE);
  if (positionals.length !== 1) failWith('restore', 'give one backup folder (see --help)');
  const config = loadCliConfig('restore', values);
  const backup = path.resolve(positionals[0]!);
  try {
    const result = await runRestore({
      backup,
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      jwtSecret: config.jwtSecret,
    });
    console.log(describeRestore(result, backup).join('\n'));
    if (!allOpen(result.sealedSecrets)) process.exitCode = 1;
  } catch (error) {
    failWith('restore', oneLine(error));
  }
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    strict: true,
    allowPositionals: true,
    options: { ...DATABASE_OPTIONS, help: { type: 'boolean', short: 'h' } },
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
