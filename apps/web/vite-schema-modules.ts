import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Which of the domain's modules build zod schemas, for the build's 'schemas' chunk (vite.config.ts):
 * zod and those modules load with the pages and forms that use them, not with every dashboard page
 * (bench/lighthouse.mjs). `src/first-load.test.ts` walks the same imports to hold the first load to it.
 */

/** The specifiers a module imports for its values: no `import type`/`export type`, no `import()`. */
export function staticValueImports(text: string): string[] {
  const fromClauses = [
    ...text.matchAll(/^\s*(?:import|export)\s+(?!type\b)[^'";]*?\bfrom\s*['"]([^'"]+)['"]/gm),
  ];
  const sideEffects = [...text.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm)];
  return [...fromClauses, ...sideEffects].map((match) => match[1]!);
}

/**
 * The domain's source files (absolute paths) that import zod, or import (statically, for values) a
 * module of the domain that does: evaluating any of them builds schemas.
 */
export function domainSchemaModules(domainSrc: string): Set<string> {
  const files = readdirSync(domainSrc, { recursive: true, encoding: 'utf8' })
    .filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.startsWith(`test${path.sep}`),
    )
    .map((file) => path.join(domainSrc, file));
  const imports = new Map(files.map((file) => [file, staticValueImports(readFileSync(file, 'utf8'))]));
  const building = new Map<string, boolean>();
  const builds = (file: string): boolean => {
    const known = building.get(file);
    if (known !== undefined) return known;
    building.set(file, false); // the domain has no import cycle (its architecture test); this ends one
    const found = (imports.get(file) ?? []).some(
      (specifier) =>
        specifier === 'zod' ||
        (specifier.startsWith('.') && builds(path.resolve(path.dirname(file), specifier))),
    );
    building.set(file, found);
    return found;
  };
  return new Set(files.filter(builds));
}
