import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph } from '../../../scripts/architecture/import-cycles.ts';

/** A source file of the product (no test, no test helper) and what it imports. */
interface SourceFile {
  path: string;
  imports: readonly string[];
}

const isTestFile = (path: string) => /(^|\/)test\//.test(path) || /\.test\.tsx?$/.test(path);

/**
 * The product never imports the domain's test-only folder (`src/test/`: the toy area the registries'
 * tests gather), so nothing of it reaches a build: neither the domain's own files (`./test/…`) nor the
 * apps' (`@equip/domain/test/…`).
 */
export function productImportingTests(files: readonly SourceFile[]): string[] {
  return files
    .filter((file) => !isTestFile(file.path))
    .flatMap((file) =>
      file.imports
        .filter(
          (specifier) =>
            /^@equip\/domain\/test\//.test(specifier) ||
            (file.path.startsWith('packages/domain/') && /^(\.\.?\/)+test\//.test(specifier)),
        )
        .map((specifier) => `${file.path} → ${specifier}`),
    );
}

function sourceFiles(root: string, dir = root): SourceFile[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return ['node_modules', 'dist'].includes(entry.name) ? [] : sourceFiles(root, path);
    if (!/\.tsx?$/.test(entry.name)) return [];
    const text = readFileSync(path, 'utf8');
    const imports = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g)].map((m) => m[1]!);
    return [{ path: relative(root, path).replaceAll('\\', '/'), imports }];
  });
}

describe('domain architecture', () => {
  it('has no import cycle, type-only imports included (the check is shown catching one in the API)', () => {
    const graph = importGraph(import.meta.dirname);
    expect(graph.size).toBeGreaterThan(20);
    expect(importCycles(graph)).toEqual([]);
  });

  it('keeps its test folder out of the product (the domain, the API and the web app)', () => {
    const repository = join(import.meta.dirname, '../../..');
    const files = ['packages/domain/src', 'apps/api/src', 'apps/web/src'].flatMap((folder) =>
      sourceFiles(repository, join(repository, folder)),
    );
    expect(files.length).toBeGreaterThan(200);
    expect(productImportingTests(files)).toEqual([]);
    // Planted: the product's registries listing the toy area.
    const planted = [
      { path: 'packages/domain/src/areas.ts', imports: ['./test/toy-area.ts', './areas/devices.ts'] },
      { path: 'apps/web/src/areas.ts', imports: ['@equip/domain/test/toy-area', '@/features/devices/area'] },
      { path: 'apps/api/src/areas.test.ts', imports: ['@equip/domain/test/toy-area'] },
      { path: 'packages/domain/src/test/other.ts', imports: ['./toy-area.ts'] },
      // The API's own test helpers are its business (its db fixtures use them).
      { path: 'apps/api/src/db/fixtures/make-fixture.ts', imports: ['../../test/fleet-fake.ts'] },
    ];
    expect(productImportingTests(planted)).toEqual([
      'packages/domain/src/areas.ts → ./test/toy-area.ts',
      'apps/web/src/areas.ts → @equip/domain/test/toy-area',
    ]);
  });
});
