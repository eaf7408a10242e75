import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { readPo } from '../../apps/web/src/lib/i18n/read-po.ts';

const LOCALES = path.resolve(import.meta.dirname, '../../apps/web/src/locales');
let german: Map<string, string> | undefined;

/**
 * The German text of an English message, from the committed catalogs: the specs assert what a German
 * reader sees without repeating the translations (and fail if a screen shows the English text).
 */
export function de(english: string): string {
  german ??= new Map(
    readdirSync(path.join(LOCALES, 'de'))
      .filter((file) => file.endsWith('.po'))
      .flatMap((file) => [...readPo(readFileSync(path.join(LOCALES, 'de', file), 'utf8'))]),
  );
  const text = german.get(english);
  if (!text) throw new Error(`No German translation of "${english}" in apps/web/src/locales/de`);
  return text;
}
