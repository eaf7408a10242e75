import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * A text is translated once. Lingui's `plural`, `select`, `selectOrdinal` and `t` macros already answer
 * the translated text; handing that to `i18n._` again looks the finished sentence up as a message id,
 * finds none and warns "Uncompiled message detected!" in the console (hundreds of times a session in
 * the production build, issue 25).
 */
const SRC = join(__dirname, '../..');
const TRANSLATING_CALLS = new Set(['plural', 'select', 'selectOrdinal']);

/** `line: code` of each `_(…)` call whose argument is already a translated text. */
export function doubleTranslations(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const translated = (node: ts.Expression): boolean =>
    (ts.isCallExpression(node) && TRANSLATING_CALLS.has(node.expression.getText(file))) ||
    (ts.isTaggedTemplateExpression(node) && node.tag.getText(file) === 't');
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === '_' &&
      node.arguments[0] &&
      translated(node.arguments[0])
    ) {
      found.push(
        `${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${node.getText(file).slice(0, 60)}`,
      );
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'locales' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.') ? [path] : [];
  });
}

describe('texts are translated once', () => {
  it('finds a translated text handed to i18n._ again, and accepts a descriptor (planted)', () => {
    const planted = `
      const a = i18n._(plural(count, { one: '# device', other: '# devices' }));
      const b = i18n._(msg\`Devices\`);
      const c = i18n._(t\`Devices\`);
      const d = plural(count, { one: '# device', other: '# devices' });`;
    expect(doubleTranslations('planted.ts', planted)).toEqual([
      "2: i18n._(plural(count, { one: '# device', other: '# devices' }",
      '4: i18n._(t`Devices`)',
    ]);
  });

  it('holds for every source', () => {
    const offenders = sources(SRC).flatMap((path) =>
      doubleTranslations(path, readFileSync(path, 'utf8')).map((call) => `${relative(SRC, path)}:${call}`),
    );
    expect(offenders, offenders.join('\n')).toEqual([]);
  });
});
