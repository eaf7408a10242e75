import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph } from '../../../scripts/architecture/import-cycles.ts';
import { TABLE_OWNERS } from './db/ownership.ts';

/**
 * The layering of the API (docs/architecture.md), as rules over each source file's imports and table
 * accesses. Each rule is a pure function, shown to catch a planted violation below.
 * - routes are HTTP only: a `routes.ts` or `*-routes.ts` imports neither `drizzle-orm` nor anything under `db/`;
 * - `http/` (the framework glue) never imports a module;
 * - a module uses another module only through that module's `index.ts`, which holds what other areas may
 *   call and never its routes (its area.ts lists them, for app.ts);
 * - no import cycle, type-only imports included (the same check runs on the web app and the domain);
 * - a module reads and writes only the tables it owns (db/ownership.ts); others go through the owner;
 * - one wiring style (docs/architecture.md, "How a module is wired"): a module's `area.ts` builds its
 *   service with the factory of its `service.ts` and lists its routes; the areas registry (src/areas.ts)
 *   alone reads the area.ts files; the composition root (services.ts, app-services.ts) otherwise uses only
 *   a module's `service.ts` (the core ones) and `index.ts`, never its other files; no routes file builds a
 *   service.
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
    .filter((file) => /^modules\/[^/]+\/([\w-]+-)?routes\.ts$/.test(file.path))
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

/** A module's index.ts that hands out its routes: other modules would import the HTTP layer, and cycles follow. */
export function indexesExportingRoutes(files: SourceFile[]): string[] {
  return files
    .filter((file) => /^modules\/[^/]+\/index\.ts$/.test(file.path))
    .flatMap((file) =>
      importsOf(file)
        .filter((specifier) => /routes\.ts$/.test(specifier))
        .map((specifier) => `${file.path} → ${resolve(file, specifier)}`),
    );
}

/** The composition root's imports of a module that are neither its service.ts (the factory) nor its index.ts. */
export function compositionRootReachingIn(files: SourceFile[]): string[] {
  return files
    .filter((file) => file.path === 'services.ts' || file.path === 'app-services.ts')
    .flatMap((file) =>
      importsOf(file)
        .map((specifier) => resolve(file, specifier))
        .filter(
          (target) => target.startsWith('modules/') && !/^modules\/[^/]+\/(index|service)\.ts$/.test(target),
        )
        .map((target) => `${file.path} → ${target}`),
    );
}

/**
 * A module's area.ts (its routes, its service built by its factory, its events in words) is read by the
 * areas registry alone (src/areas.ts, which app.ts and services.ts read), and the registry reads nothing
 * of a module but its area.ts: a module is registered in one place, and no module reaches another's
 * wiring.
 */
export function areaFilesOutsideTheRegistry(files: SourceFile[]): string[] {
  return files.flatMap((file) =>
    importsOf(file)
      .map((specifier) => resolve(file, specifier))
      .filter((target) => {
        if (!target.startsWith('modules/')) return false;
        const isArea = /^modules\/[^/]+\/area\.ts$/.test(target);
        return file.path === 'areas.ts' ? !isArea : isArea;
      })
      .map((target) => `${file.path} → ${target}`),
  );
}

const BUILDS_A_SERVICE = /\b(?:new\s+[A-Z]\w*Service|create[A-Z]\w*Service)\s*\(/g;

/** Routes files that build a service (services.ts builds each once; routes take it from AppServices). */
export function routesBuildingServices(files: SourceFile[]): string[] {
  return files
    .filter((file) => /^modules\/[^/]+\/([\w-]+-)?routes\.ts$/.test(file.path))
    .flatMap((file) => [...file.text.matchAll(BUILDS_A_SERVICE)].map((m) => `${file.path}: ${m[0]}`));
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
    const plantedBesideIt = { ...planted, path: 'modules/devices/actions-routes.ts' };
    expect(routesThatTouchTheDatabase([plantedBesideIt])).toHaveLength(2);
  });

  it('keeps http/ free of modules', () => {
    expect(httpImportingModules(files)).toEqual([]);
    const planted = {
      path: 'http/spa.ts',
      text: "import { readFlagValues } from '../modules/flags/service.ts';",
    };
    expect(httpImportingModules([planted])).toEqual(['http/spa.ts → modules/flags/service.ts']);
  });

  it('keeps routes out of every index.ts', () => {
    expect(indexesExportingRoutes(files)).toEqual([]);
    const planted = { path: 'modules/devices/index.ts', text: "export { deviceRoutes } from './routes.ts';" };
    expect(indexesExportingRoutes([planted])).toEqual([
      'modules/devices/index.ts → modules/devices/routes.ts',
    ]);
  });

  it('has no import cycle, type-only and dynamic imports included', () => {
    expect(importCycles(importGraph(root))).toEqual([]);
    const planted = mkdtempSync(join(tmpdir(), 'equip-cycles-'));
    try {
      mkdirSync(join(planted, 'modules'));
      writeFileSync(join(planted, 'app.ts'), "import { a } from './modules/a.ts';");
      writeFileSync(join(planted, 'modules/a.ts'), "import type { B } from './b';\nexport const a = 1;");
      writeFileSync(
        join(planted, 'modules/b.ts'),
        "export type B = 1;\nconst c = () => import('../services.ts');",
      );
      writeFileSync(join(planted, 'services.ts'), "export { a } from './modules/a.ts';");
      expect(importCycles(importGraph(planted))).toEqual([['modules/a.ts', 'modules/b.ts', 'services.ts']]);
    } finally {
      rmSync(planted, { recursive: true, force: true });
    }
  });

  it('lets a module use another only through its index.ts', () => {
    expect(reachesIntoOtherModules(files)).toEqual([]);
    const planted = {
      path: 'modules/devices/service.ts',
      text: "import { logEvent } from '../audit-log/log.ts';\nimport { logEvent as ok } from '../audit-log/index.ts';\nimport { x } from './queries.ts';",
    };
    expect(reachesIntoOtherModules([planted])).toEqual([
      'modules/devices/service.ts → modules/audit-log/log.ts',
    ]);
  });

  it('builds modules in services.ts only through their service.ts and index.ts', () => {
    expect(compositionRootReachingIn(files)).toEqual([]);
    const planted = {
      path: 'services.ts',
      text: "import { AccessTokens } from './modules/auth/access-tokens.ts';\nimport { createAuthService } from './modules/auth/service.ts';\nimport { onEventsLogged } from './modules/audit-log/index.ts';",
    };
    expect(compositionRootReachingIn([planted])).toEqual(['services.ts → modules/auth/access-tokens.ts']);
    const plantedTypes = {
      path: 'app-services.ts',
      text: "import type { SsoService } from './modules/auth/sso.ts';",
    };
    expect(compositionRootReachingIn([plantedTypes])).toEqual(['app-services.ts → modules/auth/sso.ts']);
  });

  it('registers a module only through its area.ts, read by the areas registry alone', () => {
    expect(areaFilesOutsideTheRegistry(files)).toEqual([]);
    const planted = [
      {
        path: 'areas.ts',
        text: "import { devicesApiArea } from './modules/devices/area.ts';\nimport { deviceRoutes } from './modules/devices/routes.ts';",
      },
      {
        path: 'app.ts',
        text: "import { API_REGISTRY } from './areas.ts';\nimport { healthApiArea } from './modules/health/area.ts';",
      },
      {
        path: 'modules/devices/service.ts',
        text: "import { employeesApiArea } from '../employees/area.ts';",
      },
    ];
    expect(areaFilesOutsideTheRegistry(planted)).toEqual([
      'areas.ts → modules/devices/routes.ts',
      'app.ts → modules/health/area.ts',
      'modules/devices/service.ts → modules/employees/area.ts',
    ]);
  });

  it('builds no service in a routes file', () => {
    expect(routesBuildingServices(files)).toEqual([]);
    const planted = {
      path: 'modules/provider-admins/routes.ts',
      text: 'const service = new ProviderAdminsService(database.db, auth);\nconst devices = createDevicesService({ jobs });\nconst limiter = new RateLimiter(db);',
    };
    expect(routesBuildingServices([planted])).toEqual([
      'modules/provider-admins/routes.ts: new ProviderAdminsService(',
      'modules/provider-admins/routes.ts: createDevicesService(',
    ]);
    expect(routesBuildingServices([{ ...planted, path: 'modules/devices/actions-routes.ts' }])).toHaveLength(
      2,
    );
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
