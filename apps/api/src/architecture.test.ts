import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TABLE_OWNERS } from './db/ownership.ts';

/**
 * The layering of the API (docs/architecture.md), as rules over each source file's imports and table
 * accesses. Each rule is a pure function, shown to catch a planted violation below.
 * - routes are HTTP only: a `routes.ts` imports neither `drizzle-orm` nor anything under `db/`;
 * - `http/` (the framework glue) never imports a module;
 * - a module uses another module only through that module's `index.ts`;
 * - a module reads and writes only the tables it owns (db/ownership.ts); others go through the owner.
 */
const root = import.meta.dirname;

export interface SourceFile {
  /** Path inside src, with forward slashes. */
  path: string;
  text: string;
}

function sourceFiles(dir: string): SourceFile[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(path);
    if (!/\.ts$/.test(entry.name) || /\.test\.ts$/.test(entry.name)) return [];
    return [{ path: relative(root, path).replaceAll('\\', '/'), text: readFileSync(path, 'utf8') }];
  });
}

function importsOf(file: SourceFile): string[] {
  return [...file.text.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)].map((match) => match[1]!);
}

/** A relative specifier as a path inside src; packages stay as they are. */
function resolve(file: SourceFile, specifier: string): string {
  if (!specifier.startsWith('.')) return specifier;
  const parts = file.path.split('/').slice(0, -1);
  for (const segment of specifier.split('/')) {
    if (segment === '..') parts.pop();
    else if (segment !== '.') parts.push(segment);
  }
  return parts.join('/');
}

const moduleOf = (path: string) => /^modules\/([^/]+)\//.exec(path)?.[1];

export function routesThatTouchTheDatabase(files: SourceFile[]): string[] {
  return files
    .filter((file) => /^modules\/[^/]+\/routes\.ts$/.test(file.path))
    .flatMap((file) =>
      importsOf(file)
        .map((specifier) => resolve(file, specifier))
        .filter((target) => target === 'drizzle-orm' || target.startsWith('db/'))
        .map((target) => `${file.path} → ${target}`),
    );
}

export function httpImportingModules(files: SourceFile[]): string[] {
  return files
    .filter((file) => file.path.startsWith('http/'))
    .flatMap((file) =>
      importsOf(file)
        .map((specifier) => resolve(file, specifier))
        .filter((target) => target.startsWith('modules/'))
        .map((target) => `${file.path} → ${target}`),
    );
}

export function reachesIntoOtherModules(files: SourceFile[]): string[] {
  return files.flatMap((file) => {
    const own = moduleOf(file.path);
    if (!own) return [];
    return importsOf(file)
      .map((specifier) => resolve(file, specifier))
      .filter((target) => {
        const other = moduleOf(`${target}/`);
        return other !== undefined && other !== own && target !== `modules/${other}/index.ts`;
      })
      .map((target) => `${file.path} → ${target}`);
  });
}

/** Drizzle table variables the schema exports, by the table they stand for (`users` → users). */
const TABLE_ACCESS = /\.(?:from|insert|update|delete|innerJoin|leftJoin|rightJoin)\(\s*(\w+)\b/g;

export function tablesOutsideTheirOwner(
  files: SourceFile[],
  owners: Record<string, readonly string[]>,
): string[] {
  return files.flatMap((file) => {
    const own = moduleOf(file.path);
    if (!own) return [];
    return [...file.text.matchAll(TABLE_ACCESS)]
      .map((match) => match[1]!)
      .filter((table) => table in owners && !owners[table]!.includes(own))
      .map((table) => `${file.path} uses ${table} (owned by ${owners[table]!.join(', ')})`);
  });
}

describe('API architecture', () => {
  const files = sourceFiles(root);

  it('finds the source files', () => {
    expect(files.some((f) => f.path === 'app.ts')).toBe(true);
    expect(files.filter((f) => f.path.endsWith('/routes.ts')).length).toBeGreaterThan(5);
  });

  it('keeps routes HTTP only: no drizzle-orm or db/ in a routes.ts', () => {
    expect(routesThatTouchTheDatabase(files)).toEqual([]);
    const planted = {
      path: 'modules/devices/routes.ts',
      text: "import { eq } from 'drizzle-orm';\nimport { devices } from '../../db/schema/index.ts';",
    };
    expect(routesThatTouchTheDatabase([planted])).toEqual([
      'modules/devices/routes.ts → drizzle-orm',
      'modules/devices/routes.ts → db/schema/index.ts',
    ]);
  });

  it('keeps http/ free of modules', () => {
    expect(httpImportingModules(files)).toEqual([]);
    const planted = {
      path: 'http/spa.ts',
      text: "import { readFlagValues } from '../modules/flags/service.ts';",
    };
    expect(httpImportingModules([planted])).toEqual(['http/spa.ts → modules/flags/service.ts']);
  });

  it('lets a module use another only through its index.ts', () => {
    expect(reachesIntoOtherModules(files)).toEqual([]);
    const planted = {
      path: 'modules/devices/service.ts',
      text: "import { logEvent } from '../events/log.ts';\nimport { logEvent as ok } from '../events/index.ts';\nimport { x } from './queries.ts';",
    };
    expect(reachesIntoOtherModules([planted])).toEqual([
      'modules/devices/service.ts → modules/events/log.ts',
    ]);
  });

  it('lets a module touch only the tables it owns', () => {
    expect(tablesOutsideTheirOwner(files, TABLE_OWNERS)).toEqual([]);
    const planted = {
      path: 'modules/employees/service.ts',
      text: 'await tx.update(devices).set({ assignedToUuid: null });\nawait tx.select().from(users);',
    };
    expect(tablesOutsideTheirOwner([planted], { devices: ['devices'], users: ['employees'] })).toEqual([
      'modules/employees/service.ts uses devices (owned by devices)',
    ]);
  });

  it('gives every table of the schema an owner', async () => {
    const schema = await import('./db/schema/index.ts');
    const { getTableName, is } = await import('drizzle-orm');
    const { PgTable } = await import('drizzle-orm/pg-core');
    const tables = Object.entries(schema)
      .filter(([, value]) => is(value, PgTable))
      .map(([name, value]) => ({ name, table: getTableName(value as never) }));
    expect(tables.filter((t) => !(t.name in TABLE_OWNERS)).map((t) => t.table)).toEqual([]);
  });
});
