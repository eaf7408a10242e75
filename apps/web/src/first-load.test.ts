import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveSpecifier } from '../../../scripts/architecture/import-cycles.ts';
import { domainSchemaModules, staticValueImports } from '../vite-schema-modules';

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

/** Every module of the repository reached from `roots` through static value imports (repository paths). */
function staticallyReached(
  roots: readonly string[],
  read: (file: string) => string = (file) => readFileSync(file, 'utf8'),
  resolveFrom: (from: string, specifier: string) => string | undefined = resolveModule,
): Set<string> {
  const reached = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (reached.has(file)) continue;
    reached.add(file);
    for (const specifier of staticValueImports(read(file))) {
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
