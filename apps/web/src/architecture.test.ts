import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph } from '../../../scripts/architecture/import-cycles.ts';

/**
 * The import rules of the web app (bulletproof-react): app → features → shared (ui, lib, config).
 * A feature uses another only through that feature's `public.ts` (what other areas may show of it: its
 * enums' words, badges, fields), which re-exports its own folder's pieces and nothing else; shared code
 * never imports features or app, and `ui` is generic: it imports no area's contract of the domain (an
 * area's badge or icon lives in its feature); no barrel files; and the browser never imports server code
 * (contracts come from `@equip/domain/*`).
 *
 * Each rule is a pure function of one source file (its path inside `src`, and what it imports): the
 * tree is checked against every rule, and every rule is shown to catch a planted violation.
 */

/** Where `src` is in the repository (to see where a relative import leads). */
const WEB_SRC = 'apps/web/src';

/** A source file: its path inside `src` (with `/`) and the specifiers it imports. */
interface SourceFile {
  path: string;
  imports: readonly string[];
}

/** A rule answers the violations in one file, each as `file → what it should not import`. */
type Rule = (file: SourceFile) => string[];

/** `@/x/y` or a relative specifier as a path inside src; undefined for packages. */
function target(file: string, specifier: string): string | undefined {
  if (specifier.startsWith('@/')) return specifier.slice(2);
  if (specifier.startsWith('.')) return posix.join(posix.dirname(file), specifier);
  return undefined;
}

function offending(file: SourceFile, isBad: (path: string) => boolean): string[] {
  return file.imports
    .map((specifier) => target(file.path, specifier))
    .filter((path): path is string => path !== undefined && isBad(path))
    .map((path) => `${file.path} → ${path}`);
}

/**
 * The domain's modules that are no area's: what `ui` may import. A new area's module (assets, bundles …)
 * is not among them, so its badges, icons and fields live in its feature. `notifications` holds the
 * toast and tooltip timings and severities.
 */
const GENERIC_DOMAIN_MODULES = new Set([
  'common',
  'countries',
  'csv-import',
  'errors',
  'error-catalogue',
  'locale-rules',
  'notifications',
  'toast-timings',
  'selection',
  'text',
  'weekdays',
]);

const RULES = {
  'features import another feature only through its public.ts': (file) => {
    const own = /^features\/([^/]+)\//.exec(file.path)?.[1];
    if (!own) return [];
    return offending(
      file,
      (path) =>
        path.startsWith('features/') &&
        !path.startsWith(`features/${own}/`) &&
        !/^features\/[^/]+\/public$/.test(path),
    );
  },
  "a feature's public.ts re-exports its own folder only": (file) => {
    const own = /^features\/([^/]+)\/public\.ts$/.exec(file.path)?.[1];
    if (!own) return [];
    return file.imports
      .filter((specifier) => !target(file.path, specifier)?.startsWith(`features/${own}/`))
      .map((specifier) => `${file.path} → ${target(file.path, specifier) ?? specifier}`);
  },
  'ui is generic: it imports no area of the domain and no area labels': (file) => {
    if (!file.path.startsWith('ui/')) return [];
    return file.imports
      .filter((specifier) => {
        const module = /^@equip\/domain\/([^/]+)/.exec(specifier)?.[1];
        if (module) return !GENERIC_DOMAIN_MODULES.has(module.replace(/\.ts$/, ''));
        return /(^|\/)[a-z-]*labels$/.test(target(file.path, specifier) ?? '');
      })
      .map((specifier) => `${file.path} → ${specifier}`);
  },
  'shared code (ui, lib, config) does not import features or app': (file) => {
    if (!/^(ui|lib|config)\//.test(file.path)) return [];
    return offending(file, (path) => path.startsWith('features/') || path.startsWith('app/'));
  },
  'lib does not import ui (components live in ui or their feature)': (file) => {
    if (!file.path.startsWith('lib/')) return [];
    return offending(file, (path) => path.startsWith('ui/'));
  },
  "an area's words (features/<area>/area.ts) import no other feature and no app, and only src/areas.ts gathers them":
    (file) => {
      const own = /^features\/([^/]+)\/area\.ts$/.exec(file.path)?.[1];
      const reaching = own
        ? offending(
            file,
            (path) =>
              path.startsWith('app/') ||
              (path.startsWith('features/') && !path.startsWith(`features/${own}/`)),
          )
        : [];
      const gathering =
        file.path === 'areas.ts' ? [] : offending(file, (path) => /^features\/[^/]+\/area$/.test(path));
      return [...reaching, ...gathering];
    },
  'has no barrel files': (file) => (/(^|\/)index\.tsx?$/.test(file.path) ? [file.path] : []),
  'never imports server code': (file) =>
    file.imports
      .filter(
        (specifier) =>
          /^@equip\/api(\/|$)/.test(specifier) ||
          (specifier.startsWith('.') &&
            posix.join(WEB_SRC, posix.dirname(file.path), specifier).startsWith('apps/api/')),
      )
      .map((specifier) => `${file.path} → ${specifier}`),
} satisfies Record<string, Rule>;

type RuleName = keyof typeof RULES;

function violations(files: readonly SourceFile[], rule: RuleName): string[] {
  return files.flatMap((file) => RULES[rule](file));
}

/** Static imports, re-exports and dynamic `import('…')`. */
function importsOf(text: string): string[] {
  return [...text.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)].map((match) => match[1]!);
}

const root = import.meta.dirname;

function sourceFiles(dir: string): SourceFile[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    if (!/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) return [];
    return [
      { path: relative(root, path).split(sep).join('/'), imports: importsOf(readFileSync(path, 'utf8')) },
    ];
  });
}

describe('architecture', () => {
  it('has no import cycle, type-only and dynamic imports included (the check is shown catching one in the API)', () => {
    expect(importCycles(importGraph(import.meta.dirname, { '@/': '' }))).toEqual([]);
  });

  const tree = sourceFiles(root).filter((file) => !file.path.startsWith('test/'));

  it('reads the source tree', () => {
    expect(tree.length).toBeGreaterThan(50);
    expect(tree.find((file) => file.path === 'app/router.tsx')?.imports).toContain(
      './routes/dashboard-pages',
    );
  });

  it.each(Object.keys(RULES) as RuleName[])('%s', (rule) => {
    expect(violations(tree, rule)).toEqual([]);
  });
});

describe('architecture rules catch planted violations', () => {
  const planted: Record<RuleName, { bad: SourceFile; good: SourceFile; reported: string[] }> = {
    'features import another feature only through its public.ts': {
      bad: {
        path: 'features/devices/components/device-row.tsx',
        imports: [
          '@/features/employees/lib/format',
          '../../employees/api/get-employees',
          '../api/get-devices',
        ],
      },
      good: {
        path: 'features/devices/components/device-row.tsx',
        imports: [
          '../api/get-devices',
          '@/features/devices/lib/x',
          '@/features/employees/public',
          '../../employees/public',
          '@/lib/format',
          'react',
        ],
      },
      reported: [
        'features/devices/components/device-row.tsx → features/employees/lib/format',
        'features/devices/components/device-row.tsx → features/employees/api/get-employees',
      ],
    },
    'shared code (ui, lib, config) does not import features or app': {
      bad: { path: 'ui/table.tsx', imports: ['@/features/employees/lib/format', '../app/router'] },
      good: { path: 'ui/table.tsx', imports: ['@/lib/format', './button', '@equip/domain/employees'] },
      reported: ['ui/table.tsx → features/employees/lib/format', 'ui/table.tsx → app/router'],
    },
    'lib does not import ui (components live in ui or their feature)': {
      bad: { path: 'lib/csv-import/use-import-flow.ts', imports: ['@/ui/toast', '../../ui/button'] },
      good: { path: 'ui/csv-import/use-import-flow.ts', imports: ['@/ui/toast', '@/lib/csv-import/upload'] },
      reported: [
        'lib/csv-import/use-import-flow.ts → ui/toast',
        'lib/csv-import/use-import-flow.ts → ui/button',
      ],
    },
    "a feature's public.ts re-exports its own folder only": {
      bad: {
        path: 'features/devices/public.ts',
        imports: ['./components/device-badges', '../employees/public', '@/ui/badge', 'react'],
      },
      good: {
        path: 'features/devices/public.ts',
        imports: ['./components/device-badges', './lib/device-labels', '@/features/devices/lib/x'],
      },
      reported: [
        'features/devices/public.ts → features/employees/public',
        'features/devices/public.ts → ui/badge',
        'features/devices/public.ts → react',
      ],
    },
    'ui is generic: it imports no area of the domain and no area labels': {
      // What ui/status-badges.tsx and ui/device-type-icon.tsx imported before they moved to their areas.
      bad: {
        path: 'ui/status-badges.tsx',
        imports: [
          '@equip/domain/devices',
          '@equip/domain/identity',
          '@/lib/labels',
          '../features/devices/lib/device-labels',
          './badge',
        ],
      },
      good: {
        path: 'ui/toast.tsx',
        imports: [
          '@equip/domain/notifications',
          '@equip/domain/csv-import/schema',
          './badge',
          '@/lib/format',
        ],
      },
      reported: [
        'ui/status-badges.tsx → @equip/domain/devices',
        'ui/status-badges.tsx → @equip/domain/identity',
        'ui/status-badges.tsx → @/lib/labels',
        'ui/status-badges.tsx → ../features/devices/lib/device-labels',
      ],
    },
    "an area's words (features/<area>/area.ts) import no other feature and no app, and only src/areas.ts gathers them":
      {
        bad: {
          path: 'features/devices/area.ts',
          imports: [
            '@/features/employees/public',
            '../../app/routes/dashboard-pages',
            '@/features/employees/area',
            './lib/device-labels',
            '@/lib/define-area',
          ],
        },
        good: {
          path: 'areas.ts',
          imports: ['@/features/devices/area', '@/features/employees/area', '@/lib/define-area'],
        },
        reported: [
          'features/devices/area.ts → features/employees/public',
          'features/devices/area.ts → app/routes/dashboard-pages',
          'features/devices/area.ts → features/employees/area',
          'features/devices/area.ts → features/employees/area',
        ],
      },
    'has no barrel files': {
      bad: { path: 'features/devices/index.ts', imports: ['./routes/devices-page'] },
      good: { path: 'features/devices/routes/devices-page.tsx', imports: [] },
      reported: ['features/devices/index.ts'],
    },
    'never imports server code': {
      bad: {
        path: 'features/employees/api/get-employees.ts',
        imports: ['@equip/api/modules/employees/service', '../../../../../api/src/db/client'],
      },
      good: { path: 'features/employees/api/get-employees.ts', imports: ['@equip/domain/employees'] },
      reported: [
        'features/employees/api/get-employees.ts → @equip/api/modules/employees/service',
        'features/employees/api/get-employees.ts → ../../../../../api/src/db/client',
      ],
    },
  };

  it.each(Object.keys(planted) as RuleName[])('%s', (rule) => {
    const { bad, good, reported } = planted[rule];
    expect(violations([bad], rule)).toEqual(reported);
    expect(violations([good], rule)).toEqual([]);
  });

  it('covers every rule', () => {
    expect(Object.keys(planted).sort()).toEqual(Object.keys(RULES).sort());
  });

  it('reads static, dynamic and re-exported imports', () => {
    const text = [
      "import { a } from '@/lib/a';",
      "import type { B } from '../b';",
      "export { c } from './c';",
      "const d = () => import('@/features/d/routes/d-page');",
      "import './side-effect';",
    ].join('\n');
    expect(importsOf(text)).toEqual([
      '@/lib/a',
      '../b',
      './c',
      '@/features/d/routes/d-page',
      './side-effect',
    ]);
  });
});
