import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The catalogs are complete: every message the code uses is in the English catalogs (extraction is
 * current), and every English message has its German translation. Either failing fails `npm test`.
 */
const WEB = join(__dirname, '../../..');
const LOCALES = join(WEB, 'src/locales');

/** msgid → msgstr of a .po file (single-line entries, as Lingui writes them, and continued lines). */
export function readPo(text: string): Map<string, string> {
  const entries = new Map<string, string>();
  const unquote = (line: string) => JSON.parse(line.trim()) as string;
  let field: 'id' | 'str' | null = null;
  let id = '';
  let str = '';
  const flush = () => {
    if (id) entries.set(id, str);
    id = '';
    str = '';
  };
  for (const line of text.split('\n')) {
    if (line.startsWith('msgid ')) {
      flush();
      field = 'id';
      id = unquote(line.slice(6));
    } else if (line.startsWith('msgstr ')) {
      field = 'str';
      str = unquote(line.slice(7));
    } else if (line.startsWith('"') && field) {
      if (field === 'id') id += unquote(line);
      else str += unquote(line);
    } else {
      field = null;
    }
  }
  flush();
  return entries;
}

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
