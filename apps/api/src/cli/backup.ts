/**
 * A backup of Equip's database, made while Equip runs, with what it takes to open its sealed secrets.
 *
 *   npm run backup [-- --out DIR] [--without-jwt-secret] [--database-url postgres://… | --data-dir DIR]
 *
 * Writes DIR/equip-backup-<UTC time>/ (DIR: ./backups), readable by its owner only:
 * - database.pgdump (PostgreSQL: pg_dump's custom format) or pglite.tar.gz (the PGlite data folder,
 *   copied between two transactions by the running server, or directly when none runs: decision 018);
 * - secrets.env: JWT_SECRET, when the environment sets it (sealed secrets open with nothing else; the
 *   generated installation secret is in the database, so in the dump). --without-jwt-secret leaves it
 *   out for those who keep it elsewhere; the manifest still recognises it by its fingerprint;
 * - demo-logins.json when the data folder has one;
 * - manifest.json: what was copied, when, from which schema, each file's size and SHA-256, and whether
 *   every sealed secret opened with the installation secret.
 * Exit status 1 when something failed, or when sealed secrets did not open (the backup is still kept).
 */
import { createHash, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import {
  copyFileSync,
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createGzip } from 'node:zlib';
import type pg from 'pg';
import { consistentDump } from '../db/client.ts';
import { fetchSnapshot } from '../db/pglite-control.ts';
import { DATABASE_OPTIONS, DATABASE_USAGE, failWith, loadCliConfig, oneLine } from './common.ts';
import {
  closeSource,
  type DatabaseSource,
  describeSource,
  openSource,
  readerOf,
  readRows,
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
import { migrationStatus } from './migrate-status.ts';
import { requireTool, runTool, serverVersion } from './pg-tools.ts';

const USAGE = `usage: npm run backup [-- options]
  --out DIR                     where the backup folder goes (default ./backups)
  --without-jwt-secret          leave JWT_SECRET out of the backup (keep it elsewhere: sealed secrets need it)
${DATABASE_USAGE}`;

export const MANIFEST = 'manifest.json';
export const SECRETS_FILE = 'secrets.env';
export const DEMO_LOGINS = 'demo-logins.json';

export interface BackupManifest {
  format: 'equip-backup';
  version: 1;
  createdAt: string;
  database: {
    kind: 'pglite' | 'postgres';
    /** The dump, in this folder. */
    file: string;
    serverVersion: string;
    /** pg_dump's major version (PostgreSQL): pg_restore must be at least as new. */
    dumpMajor: number | null;
  };
  migrations: { applied: number; last: string | null; pending: number };
  /** Null when the database was never started by Equip (no secret was generated yet). */
  installationSecret: {
    source: 'environment' | 'database';
    fingerprint: string;
    /** secrets.env when JWT_SECRET came from the environment and was kept; else null. */
    file: string | null;
  } | null;
  sealedSecrets: SealedCheck[];
  files: Record<string, { bytes: number; sha256: string }>;
}

export interface BackupOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  /** JWT_SECRET of the environment, if any. */
  jwtSecret: string | undefined;
  out: string;
  withoutJwtSecret?: boolean;
  now?: Date;
}

export interface BackupResult {
  folder: string;
  manifest: BackupManifest;
  seconds: number;
  source: string;
}

export async function runBackup(options: BackupOptions): Promise<BackupResult> {
  const started = performance.now();
  const now = options.now ?? new Date();
  const source = await openSource(options.databaseUrl, options.dataDir);
  const name = `equip-backup-${now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}`;
  const folder = uniqueFolder(path.resolve(options.out), name);
  // Written under another name and renamed when complete: a folder named equip-backup-… is whole.
  const partial = path.join(
    path.dirname(folder),
    `.${path.basename(folder)}.${randomUUID().slice(0, 8)}.partial`,
  );
  mkdirSync(partial, { recursive: true, mode: 0o700 });
  try {
    const database = await copyDatabase(source, partial);
    const secret = await readInstallationSecret(readerOf(source), options.jwtSecret);
    const sealedSecrets = secret ? await checkSealedSecrets(readerOf(source), secret.secret) : [];
    const status = await migrationStatus(readerOf(source));
    let secretFile: string | null = null;
    if (secret?.source === 'environment' && !options.withoutJwtSecret) {
      secretFile = SECRETS_FILE;
      writeFileSync(path.join(partial, SECRETS_FILE), `JWT_SECRET=${options.jwtSecret}\n`, { mode: 0o600 });
    }
    const demoLogins = path.join(options.dataDir, DEMO_LOGINS);
    if (existsSync(demoLogins)) copyFileSync(demoLogins, path.join(partial, DEMO_LOGINS));

    const manifest: BackupManifest = {
      format: 'equip-backup',
      version: 1,
      createdAt: now.toISOString(),
      database,
      migrations: {
        applied: status.applied.length,
        last: status.applied.at(-1)?.tag ?? null,
        pending: status.pending.length,
      },
      installationSecret: secret
        ? { source: secret.source, fingerprint: fingerprintOf(secret.secret), file: secretFile }
        : null,
      sealedSecrets,
      files: {},
    };
    for (const file of [database.file, secretFile, existsSync(demoLogins) ? DEMO_LOGINS : null]) {
      if (file) manifest.files[file] = await describeFile(path.join(partial, file));
    }
    writeFileSync(path.join(partial, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    renameSync(partial, folder);
    return {
      folder,
      manifest,
      seconds: (performance.now() - started) / 1000,
      source: describeSource(source),
    };
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    throw error;
  } finally {
    await closeSource(source);
  }
}

async function copyDatabase(source: DatabaseSource, folder: string): Promise<BackupManifest['database']> {
  if (source.kind === 'postgres') {
    const server = await serverVersion(source.client);
    const dumpMajor = requireTool('pg_dump', server.major);
    const file = 'database.pgdump';
    // One snapshot of the whole database (pg_dump runs in one repeatable-read transaction).
    await runTool(
      'pg_dump',
      [
        '--format=custom',
        '--no-password',
        ...(await rowSecurityFlags(source.client)),
        `--file=${path.join(folder, file)}`,
      ],
      source.url,
    );
    return { kind: 'postgres', file, serverVersion: server.text, dumpMajor };
  }
  const [version] = await readRows<{ version: string }>(
    source,
    `select current_setting('server_version') as version`,
  );
  const file = 'pglite.tar.gz';
  const tar: Readable =
    'server' in source
      ? await fetchSnapshot(source.server)
      : Readable.fromWeb(
          (await consistentDump(source.client, 'none')).stream() as import('node:stream/web').ReadableStream,
        );
  await pipeline(tar, createGzip({ level: 4 }), createWriteStream(path.join(folder, file), { mode: 0o600 }));
  return { kind: 'pglite', file, serverVersion: version!.version, dumpMajor: null };
}

/**
 * Tables have forced row-level security (decision 001). pg_dump turns it off and stops if its user
 * cannot bypass it; a user that cannot (Equip's own, not a superuser) dumps under the policies instead,
 * which is only whole when the system_access policy lets that user see every row of every such table.
 */
async function rowSecurityFlags(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ bypass: boolean; hidden: string | null }>(
    `select (select rolsuper or rolbypassrls from pg_roles where rolname = current_user) as bypass,
       (select string_agg(c.relname, ', ') from pg_class c
        where c.relnamespace = 'public'::regnamespace and c.relrowsecurity
          and not exists (select 1 from pg_policies p where p.schemaname = 'public' and p.tablename = c.relname
            and p.policyname = 'system_access' and (current_user = any(p.roles) or 'public' = any(p.roles)))) as hidden`,
  );
  const [{ bypass, hidden }] = rows as [{ bypass: boolean; hidden: string | null }];
  if (bypass) return [];
  if (hidden)
    throw new Error(
      `this database user would not see every row of ${hidden} (row-level security): back up as Equip's own database user or a superuser`,
    );
  return ['--enable-row-security'];
}

export async function describeFile(file: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  const stream = createReadStream(file);
  stream.on('data', (chunk) => hash.update(chunk));
  await once(stream, 'end');
  return { bytes: statSync(file).size, sha256: hash.digest('hex') };
}

function uniqueFolder(parent: string, name: string): string {
  let folder = path.join(parent, name);
  for (let n = 2; existsSync(folder); n++) folder = path.join(parent, `${name}-${n}`);
  return folder;
}

export function describeBackup(result: BackupResult): string[] {
  const { manifest } = result;
  const bytes = Object.values(manifest.files).reduce((sum, f) => sum + f.bytes, 0);
  const secret = manifest.installationSecret;
  const lines = [
    `Backed up ${result.source} to ${result.folder} (${(bytes / 1e6).toFixed(1)} MB in ${result.seconds.toFixed(1)} s).`,
    `  database: ${manifest.database.kind} ${manifest.database.serverVersion}, ${manifest.migrations.applied} migrations applied (last ${manifest.migrations.last ?? 'none'})`,
    secret === null
      ? '  installation secret: none yet (Equip never started on this database)'
      : secret.source === 'database'
        ? '  installation secret: the one stored in the database (in the dump)'
        : secret.file
          ? `  installation secret: JWT_SECRET from the environment, in ${SECRETS_FILE} (keep the backup as safe as that secret)`
          : `  installation secret: JWT_SECRET from the environment, NOT in the backup (fingerprint ${secret.fingerprint}): keep it elsewhere, sealed secrets open with nothing else`,
  ];
  if (anySealed(manifest.sealedSecrets))
    lines.push(
      allOpen(manifest.sealedSecrets)
        ? `  sealed secrets open: ${describeChecks(manifest.sealedSecrets)}`
        : `  SEALED SECRETS DO NOT OPEN with this installation secret (${describeChecks(manifest.sealedSecrets)}): run the backup with the JWT_SECRET the server uses`,
    );
  return lines;
}

async function main(): Promise<void> {
  let values: ReturnType<typeof parse>['values'];
  try {
    ({ values } = parse(process.argv.slice(2)));
  } catch (error) {
    failWith('backup', `${oneLine(error)} (see --help)`);
  }
  if (values.help) return console.log(USAGE);
  const config = loadCliConfig('backup', values);
  try {
    const result = await runBackup({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      jwtSecret: config.jwtSecret,
      out: values.out ?? 'backups',
      withoutJwtSecret: values['without-jwt-secret'],
    });
    console.log(describeBackup(result).join('\n'));
    if (!allOpen(result.manifest.sealedSecrets)) process.exitCode = 1;
  } catch (error) {
    failWith('backup', oneLine(error));
  }
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    strict: true,
    options: {
      ...DATABASE_OPTIONS,
      out: { type: 'string' },
      'without-jwt-secret': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
