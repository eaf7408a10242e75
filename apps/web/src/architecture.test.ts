import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The import rules of the web app (bulletproof-react): app → features → shared (ui, lib, config).
 * Features never import each other; shared code never imports features or app.
 */
const root = import.meta.dirname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)].map((match) => match[1]!);
}

/** `@/features/x/...` or a relative path, as a path inside src (or undefined for packages). */
function target(file: string, specifier: string): string | undefined {
  if (specifier.startsWith('@/')) return specifier.slice(2);
  if (specifier.startsWith('.')) return relative(root, join(file, '..', specifier));
  return undefined;
}

describe('architecture', () => {
  const files = sourceFiles(root).filter((file) => !relative(root, file).startsWith('test/'));

  it('features do not import other features', () => {
    const violations = files.flatMap((file) => {
      const own = relative(root, file).match(/^features\/([^/]+)\//)?.[1];
      if (!own) return [];
      return importsOf(file)
        .map((specifier) => target(file, specifier))
        .filter((path) => path?.startsWith('features/') && !path.startsWith(`features/${own}/`))
        .map((path) => `${relative(root, file)} → ${path}`);
    });
    expect(violations).toEqual([]);
  });

  it('shared code (ui, lib, config) does not import features or app', () => {
    const violations = files.flatMap((file) => {
      if (!/^(ui|lib|config)\//.test(relative(root, file))) return [];
      return importsOf(file)
        .map((specifier) => target(file, specifier))
        .filter((path) => path?.startsWith('features/') || path?.startsWith('app/'))
        .map((path) => `${relative(root, file)} → ${path}`);
    });
    expect(violations).toEqual([]);
  });

  it('has no barrel files', () => {
    expect(files.filter((file) => /\/index\.tsx?$/.test(file))).toEqual([]);
  });
});
