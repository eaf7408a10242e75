import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * Import cycles of a source tree, type-only imports included (issue 25): a cycle makes the order in
 * which modules load decide what is defined, and it blurs which layer sits on which. The API, the web
 * app and the domain package each test that their tree has none, through this one function.
 */

/** Each file (path inside the root, with `/`) and the files of the same tree it imports. */
export type ImportGraph = ReadonlyMap<string, readonly string[]>;

/** `import … from`, `export … from`, `import '…'` and `import('…')`, type-only ones included. */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g;

/**
 * The import graph of the .ts and .tsx files under `root`. `aliases` maps a prefix such as `@/` to a
 * folder inside the root; other non-relative specifiers are packages and left out.
 */
export function importGraph(root: string, aliases: Readonly<Record<string, string>> = {}): ImportGraph {
  const absoluteRoot = resolve(root);
  const files = sourceFiles(absoluteRoot);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const targets = new Set<string>();
    for (const [, specifier] of text.matchAll(SPECIFIER)) {
      const target = resolveSpecifier(absoluteRoot, file, specifier!, aliases);
      if (target) targets.add(relative(absoluteRoot, target).replaceAll('\\', '/'));
    }
    graph.set(relative(absoluteRoot, file).replaceAll('\\', '/'), [...targets]);
  }
  return graph;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return ['node_modules', 'dist', 'migrations'].includes(entry.name) ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/**
 * The source file `specifier` names, imported from `from`: an alias (a folder inside `root`) or a relative
 * path, with or without its extension, or a folder's index. A package's specifier names none.
 */
export function resolveSpecifier(
  root: string,
  from: string,
  specifier: string,
  aliases: Readonly<Record<string, string>>,
): string | undefined {
  const alias = Object.keys(aliases).find((prefix) => specifier.startsWith(prefix));
  let base: string;
  if (alias !== undefined) base = join(root, aliases[alias]!, specifier.slice(alias.length));
  else if (specifier.startsWith('.')) base = resolve(dirname(from), specifier);
  else return undefined;
  const stem = base.replace(/\.js$/, '');
  return [base, `${stem}.ts`, `${stem}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find(
    (candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate),
  );
}

/**
 * The cycles of a graph: each strongly connected set of more than one file (or a file importing
 * itself), its files sorted. Tarjan's algorithm, iterative, so a long chain cannot overflow the stack.
 */
export function importCycles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  let next = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; edge: number }[] = [{ node: start, edge: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const edges = graph.get(frame.node) ?? [];
      if (frame.edge < edges.length) {
        const target = edges[frame.edge++]!;
        if (!graph.has(target)) continue;
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, edge: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.node);
      if (component.length > 1 || edges.includes(frame.node)) cycles.push(component.sort());
    }
  }
  return cycles;
}
