import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPo } from './read-po';

/**
 * The catalogs are complete: every message the code uses is in the English catalogs (extraction is
 * current), and every English message has its German translation. Either failing fails `npm test`.
 */
const WEB = join(__dirname, '../../..');
const LOCALES = join(WEB, 'src/locales');

function catalogsIn(root: string, locale: string): Map<string, Map<string, string>> {
  const folder = join(root, locale);
  return new Map(
    readdirSync(folder)
      .filter((file) => file.endsWith('.po'))
      .map((file) => [file, readPo(readFileSync(join(folder, file), 'utf8'))]),
  );
}

describe('message catalogs', () => {
  it('reads Lingui .po entries, continued lines included', () => {
    const po =
      'msgid ""\nmsgstr ""\n"Language: de\\n"\n\nmsgid "Save"\nmsgstr "Speichern"\n\nmsgid ""\n"Two "\n"lines"\nmsgstr ""\n';
    expect([...readPo(po)]).toEqual([
      ['Save', 'Speichern'],
      ['Two lines', ''],
    ]);
  });

  it('translates every English message into German', () => {
    const english = catalogsIn(LOCALES, 'en');
    const german = catalogsIn(LOCALES, 'de');
    const missing: string[] = [];
    for (const [file, messages] of english) {
      for (const id of messages.keys()) {
        if (!german.get(file)?.get(id)) missing.push(`de/${file}: ${id}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('translates a message the same way in every area', () => {
    const translations = new Map<string, Set<string>>();
    for (const messages of catalogsIn(LOCALES, 'de').values()) {
      for (const [id, text] of messages) translations.set(id, (translations.get(id) ?? new Set()).add(text));
    }
    const differing = [...translations]
      .filter(([, texts]) => texts.size > 1)
      .map(([id, texts]) => `${id}: ${[...texts].join(' | ')}`);
    expect(differing).toEqual([]);
  });

  it('holds every message the code uses (run `npm run i18n:extract -w @equip/web` after changing texts)', () => {
    const fresh = mkdtempSync(join(tmpdir(), 'equip-catalogs-'));
    try {
      const run = spawnSync('npx', ['lingui', 'extract', '--locale', 'en'], {
        cwd: WEB,
        env: { ...process.env, LINGUI_CATALOG_ROOT: fresh },
        encoding: 'utf8',
      });
      expect(run.status, run.stderr).toBe(0);
      const extracted = catalogsIn(fresh, 'en');
      const committed = catalogsIn(LOCALES, 'en');
      const ids = (catalogs: Map<string, Map<string, string>>) =>
        [...catalogs]
          .flatMap(([file, messages]) => [...messages.keys()].map((id) => `${file}: ${id}`))
          .sort();
      expect(ids(committed)).toEqual(ids(extracted));
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
  }, 60_000);
});
