import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveSpecifier } from '../../../scripts/architecture/import-cycles.ts';
import linguiConfig from '../lingui.config';
import { domainSchemaModules, staticValueImports } from '../vite-schema-modules';
import { DASHBOARD_PAGES } from './app/routes/dashboard-pages';
import { CATALOG_AREAS } from './lib/i18n/i18n';

/**
 * What a dashboard page runs before its first paint is what its modules import statically (a dynamic
 * `import()` loads later, a type-only import never). The registries of every area (the domain's
 * `areas.ts`, which builds each area's zod schemas, and the web's `areas.ts`, their words) are no part of
 * it, nor is any schema of the domain (zod and the modules building on it are the build's 'schemas'
 * chunk, vite.config.ts): together ~50 ms of a phone's first load and ~40 kB of its download
 * (bench/lighthouse.mjs). They load with what needs them: the notifications panel, the forms, the audit
 * log, the webhooks page.
 */

const WEB_SRC = import.meta.dirname;
const DOMAIN_SRC = resolve(WEB_SRC, '../../../packages/domain/src');
const REPOSITORY = resolve(WEB_SRC, '../../..');

/** The modules the dashboard's frame and the employees page start from (`app/router.tsx`). */
const FIRST_LOAD_ROOTS = [
  'main.tsx',
  'app/layout/app-shell.tsx',
  'app/layout/authenticated-layout.tsx',
  'app/routes/dashboard-page.tsx',
  'features/employees/routes/employees-page.tsx',
].map((file) => join(WEB_SRC, file));

/** Modules that build every area's registry. */
const AREA_REGISTRIES = ['packages/domain/src/areas.ts', 'apps/web/src/areas.ts'];

/** The web app's and the domain's import aliases (tsconfig), as folders of the repository. */
const ALIASES = { '@/': 'apps/web/src/', '@equip/domain/': 'packages/domain/src/' };
const resolveModule = (from: string, specifier: string) =>
  resolveSpecifier(REPOSITORY, from, specifier, ALIASES);

const readSource = (file: string) => readFileSync(file, 'utf8');

/** `import('…')` calls: a module's code loaded on demand. */
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;
const dynamicImports = (text: string) =>
  [...text.matchAll(DYNAMIC_IMPORT)].map(([, specifier]) => specifier!);

/** Every module of the repository reached from `roots` through static value imports (repository paths). */
function staticallyReached(
  roots: readonly string[],
  read: (file: string) => string = readSource,
  resolveFrom: (from: string, specifier: string) => string | undefined = resolveModule,
  importsOf: (text: string) => string[] = staticValueImports,
): Set<string> {
  const reached = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (reached.has(file)) continue;
    reached.add(file);
    for (const specifier of importsOf(read(file))) {
      const target = resolveFrom(file, specifier);
      if (target && !reached.has(target)) queue.push(target);
    }
  }
  return new Set([...reached].map((file) => relative(REPOSITORY, file).replaceAll('\\', '/')));
}

describe("a dashboard page's first load", () => {
  it('imports no registry of every area and no schema of the domain, statically, from the frame or the employees page', () => {
    const reached = staticallyReached(FIRST_LOAD_ROOTS);
    expect(reached.size).toBeGreaterThan(100);
    // The walk follows the aliases into the domain.
    expect(reached).toContain('packages/domain/src/employees-rules.ts');
    expect(AREA_REGISTRIES.filter((registry) => reached.has(registry))).toEqual([]);
    // No schema of the domain: the list's constants come from zod-free modules (`employees-rules.ts`,
    // `hr-providers.ts`, `toast-timings.ts`), and zod's messages come with the schemas (`common.ts`).
    const schemaModules = domainSchemaModules(DOMAIN_SRC);
    expect(schemaModules).toContain(join(DOMAIN_SRC, 'areas.ts')); // through the areas' declarations
    expect(schemaModules).not.toContain(join(DOMAIN_SRC, 'employees-rules.ts'));
    expect([...reached].filter((file) => schemaModules.has(join(REPOSITORY, file)))).toEqual([]);
  });

  it("starts each list's prefetch from its definition and query alone, with no schema of the domain", () => {
    // A prefetch module and what it imports are the build's 'list-prefetch' chunk (vite.config.ts),
    // loaded beside the frame's: a schema would bring zod with it, the list hooks or the page 'shared'.
    const prefetches = readdirSync(join(WEB_SRC, 'features'), { recursive: true, encoding: 'utf8' })
      .filter((file) => /(^|\/)api\/prefetch-[^/]+\.ts$/.test(file.replaceAll('\\', '/')))
      .map((file) => join(WEB_SRC, 'features', file));
    expect(prefetches.map((file) => relative(WEB_SRC, file)).sort()).toEqual([
      'features/devices/api/prefetch-devices.ts',
      'features/employees/api/prefetch-employees.ts',
    ]);
    const schemaModules = domainSchemaModules(DOMAIN_SRC);
    for (const prefetch of prefetches) {
      const reached = staticallyReached([prefetch]);
      expect(reached.size).toBeGreaterThan(5);
      expect([...reached].filter((file) => schemaModules.has(join(REPOSITORY, file)))).toEqual([]);
      expect(
        [...reached].filter((file) =>
          /\/(ui|app)\/|\/routes\/|\/components\/|use-list-table|use-list-state|list-slice|\/store\.ts$/.test(
            file,
          ),
        ),
      ).toEqual([]);
    }
  });

  it('reads static value imports only, and follows them', () => {
    expect(
      staticValueImports(
        [
          "import { a, type B } from './a';",
          "import type { C } from './c';",
          "export type { D } from './d';",
          "export { e } from './e';",
          "import './f.css';",
          "const g = () => import('./g');",
          'import {\n  h,\n  i,\n} from "./h";',
        ].join('\n'),
      ),
    ).toEqual(['./a', './e', './h', './f.css']);
    // Planted: a module that reaches a registry through a re-export, and one that loads it lazily.
    const files: Record<string, string> = {
      '/r/main.ts': "import { x } from './x';\nconst later = () => import('./lazy');",
      '/r/x.ts': "export { y } from './registry';",
      '/r/registry.ts': 'export const y = 1;',
      '/r/lazy.ts': "import { z } from './other-registry';",
      '/r/other-registry.ts': 'export const z = 1;',
    };
    const reached = staticallyReached(
      ['/r/main.ts'],
      (file) => files[file]!,
      (_from, specifier) => `/r/${specifier.slice(2)}.ts`,
    );
    expect([...reached].map((file) => file.replace(/^.*\/r\//, ''))).toEqual([
      'main.ts',
      'x.ts',
      'registry.ts',
    ]);
  });
});

/**
 * A dashboard page opened directly waits for the catalogs of the shell and of the areas it names
 * (`DashboardPage.catalogs`), not for every area's (lib/i18n): each text it shows must be in one of
 * them, or it would show its message id. What its code, or the shell's, loads on demand from other
 * areas brings their catalogs (`withCatalogs`). The route table's own on-demand pages are left to it
 * (`lazyPage`, `dashboardRoute`: every catalog unless a page names its own).
 */
describe("a dashboard page's texts", () => {
  /** Each page that names its catalogs, by its path, and its module. */
  const PAGE_MODULES: Record<string, string> = {
    overview: 'features/overview/routes/overview-page.tsx',
    'employees/:employeeUuid?': 'features/employees/routes/employees-page.tsx',
  };
  const ENTRY_CATALOGS = ['common', 'auth'];
  const SHELL_CATALOGS = [...ENTRY_CATALOGS, 'shell'];
  const ROUTE_TABLE = ['app/router.tsx', 'app/routes/dashboard-pages.ts'].map((file) => join(WEB_SRC, file));

  /** The catalogs a source file's texts are extracted into (lingui.config.ts); none for other files. */
  const catalogsOf = (file: string): string[] => {
    const path = relative(WEB_SRC, resolve(REPOSITORY, file)).replaceAll('\\', '/');
    const within = (pattern: string) => {
      const folder = pattern.replace('<rootDir>/src/', '').replace(/\/\*\*$/, '');
      return path === folder || path.startsWith(`${folder}/`);
    };
    return (linguiConfig.catalogs ?? [])
      .filter((catalog) => catalog.include.some(within) && !(catalog.exclude ?? []).some(within))
      .map((catalog) => catalog.path.split('/').at(-1)!);
  };
  const catalogsReached = (files: Iterable<string>) => new Set([...files].flatMap(catalogsOf));
  const beyond = (needed: Set<string>, have: readonly string[]) =>
    [...needed].filter((c) => !have.includes(c));

  /** The areas a file's `withCatalogs(() => import('…'), …)` brings with each module it loads on demand. */
  const broughtCatalogs = (text: string): Map<string, readonly string[]> =>
    new Map(
      [
        ...text.matchAll(
          /withCatalogs\(\s*\(\)\s*=>\s*import\(\s*['"]([^'"]+)['"]\s*\)\s*,\s*('all'|\[[^\]]*\])/g,
        ),
      ].map(([, specifier, areas]) => [
        specifier!,
        areas === "'all'" ? ['*'] : [...areas!.matchAll(/'([^']+)'/g)].map(([, area]) => area!),
      ]),
    );

  /**
   * What is missing from a screen whose code starts at `root` and comes with `have`: the catalogs its
   * code imports statically, and for each module loaded on demand, those of everything that module can
   * load that it does not bring.
   */
  function missingTexts(root: string, have: readonly string[]): string[] {
    const reached = staticallyReached([root]);
    const problems = beyond(catalogsReached(reached), have).map((c) => `${relative(WEB_SRC, root)}: ${c}`);
    for (const file of reached) {
      const absolute = join(REPOSITORY, file);
      if (ROUTE_TABLE.includes(absolute)) continue;
      const text = readSource(absolute);
      const brought = broughtCatalogs(text);
      for (const specifier of dynamicImports(text)) {
        const target = resolveModule(absolute, specifier);
        if (!target) continue;
        const extra = brought.get(specifier) ?? [];
        if (extra.includes('*')) continue;
        const everything = staticallyReached([target], readSource, resolveModule, (source) => [
          ...staticValueImports(source),
          ...dynamicImports(source),
        ]);
        for (const catalog of beyond(catalogsReached(everything), [...have, ...extra]))
          problems.push(`${file}: import('${specifier}') needs ${catalog}`);
      }
    }
    return problems;
  }

  it('finds the catalogs of a file as Lingui extracts them', () => {
    expect(catalogsOf('apps/web/src/features/employees/routes/employees-page.tsx')).toEqual(['employees']);
    expect(catalogsOf('apps/web/src/features/employees/components/import/x.tsx')).toEqual(['import']);
    expect(catalogsOf('apps/web/src/app/layout/top-bar.tsx')).toEqual(['shell']);
    expect(catalogsOf('apps/web/src/ui/button.tsx')).toEqual(['common']);
    expect(catalogsOf('packages/domain/src/employees-rules.ts')).toEqual([]);
    expect(
      broughtCatalogs(
        "const a = withCatalogs(() => import('./a'), 'all');\nwithCatalogs(() => import('./b'), ['x', 'y'])",
      ),
    ).toEqual(
      new Map([
        ['./a', ['*']],
        ['./b', ['x', 'y']],
      ]),
    );
  });

  it('holds the sign-in page, the shell and each page that names its catalogs to them, and what they load on demand to the catalogs it brings', () => {
    expect(missingTexts(join(WEB_SRC, 'main.tsx'), ENTRY_CATALOGS)).toEqual([]);
    for (const shell of ['app/layout/app-shell.tsx', 'app/layout/authenticated-layout.tsx'])
      expect(missingTexts(join(WEB_SRC, shell), SHELL_CATALOGS)).toEqual([]);
    const naming = DASHBOARD_PAGES.filter((page) => page.catalogs);
    expect(naming.map((page) => page.path)).toEqual(Object.keys(PAGE_MODULES));
    for (const page of naming) {
      expect(page.catalogs!.filter((c) => !CATALOG_AREAS.includes(c))).toEqual([]);
      const module = join(WEB_SRC, PAGE_MODULES[page.path]!);
      expect(missingTexts(module, [...SHELL_CATALOGS, ...page.catalogs!])).toEqual([]);
    }
  });

  it('fails a page whose code reaches another area statically, or loads one on demand without its catalogs', () => {
    const employees = join(WEB_SRC, 'features/employees/routes/employees-page.tsx');
    expect(missingTexts(employees, [...SHELL_CATALOGS, 'employees'])).toContain(
      'features/employees/routes/employees-page.tsx: import',
    );
    // The drawer loads the devices', bundles' and assets' parts with their catalog ('areas'): without it,
    // the page above fails (shown with the drawer's bare `import('./employee-detail')`).
    const drawer = join(WEB_SRC, 'features/employees/components/employee-drawer.tsx');
    expect(broughtCatalogs(readSource(drawer)).get('./employee-detail')).toEqual(['areas']);
  });
});
