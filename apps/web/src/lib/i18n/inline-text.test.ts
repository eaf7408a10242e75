import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * No UI text is written inline: words in JSX and in the attributes people read (labels, placeholders,
 * titles, alt texts) go through Lingui's `<Trans>` or `t`, so the catalogs hold every text of every
 * screen. Tests and the catalogs themselves are exempt.
 */
const SRC = join(__dirname, '../..');
const TRANSLATING_ELEMENTS = new Set(['Trans', 'Plural', 'Select', 'SelectOrdinal']);
const TEXT_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-placeholder',
  'aria-roledescription',
  'aria-valuetext',
  'placeholder',
  'title',
  'alt',
  'label',
  'description',
  'hint',
  'heading',
  'emptyText',
]);
/** Words that read the same in every language: the product and format names. */
const UNTRANSLATED = /^(Equip|CSV|XLSX|SSO|MFA|ID|OK|E-?Mail|[A-Z]{2,5}|[-–—·•|/:,.()+…×%0-9\s]*)$/;

const hasWords = (text: string) => /\p{L}{2,}/u.test(text) && !UNTRANSLATED.test(text.trim());

/** The inline texts of one .tsx source, as `line: text`. */
export function inlineTexts(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const report = (node: ts.Node, text: string) =>
    found.push(
      `${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${text.trim().slice(0, 60)}`,
    );
  const insideTranslation = (node: ts.Node): boolean => {
    for (let parent = node.parent; parent; parent = parent.parent) {
      if (ts.isJsxElement(parent) && TRANSLATING_ELEMENTS.has(parent.openingElement.tagName.getText(file))) {
        return true;
      }
    }
    return false;
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && hasWords(node.text) && !insideTranslation(node)) report(node, node.text);
    if (ts.isJsxAttribute(node) && TEXT_ATTRIBUTES.has(node.name.getText(file))) {
      const value = node.initializer;
      const literal =
        value && ts.isStringLiteral(value)
          ? value
          : value && ts.isJsxExpression(value) && value.expression && ts.isStringLiteralLike(value.expression)
            ? value.expression
            : undefined;
      if (literal && hasWords(literal.text)) report(node, `${node.name.getText(file)}="${literal.text}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' || entry.name === 'locales' ? [] : sources(path);
    return entry.name.endsWith('.tsx') && !entry.name.includes('.test.') ? [path] : [];
  });
}

describe('UI text goes through the catalogs', () => {
  it('finds inline words in JSX and in read attributes, and accepts translated ones (planted)', () => {
    const planted = `
      export const A = () => <p title="Open it">Hello there <b>{name}</b></p>;
      export const B = () => <p><Trans>Hello there</Trans> <Icon aria-label={t\`Close\`} /> {'·'} CSV</p>;
      export const C = () => <input placeholder={'Search people'} />;`;
    expect(inlineTexts('planted.tsx', planted)).toEqual([
      '2: title="Open it"',
      '2: Hello there',
      '4: placeholder="Search people"',
    ]);
  });

  it('holds for every screen', () => {
    const offenders = sources(SRC).flatMap((path) =>
      inlineTexts(path, readFileSync(path, 'utf8')).map((text) => `${relative(SRC, path)}:${text}`),
    );
    expect(offenders, offenders.join('\n')).toEqual([]);
  });
});
