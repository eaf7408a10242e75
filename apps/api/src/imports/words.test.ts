import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EVENT_WORDS } from '../areas.ts';
import { EXPORT_WORDS } from './words.ts';

const WEB_CATALOGS = join(import.meta.dirname, '../../../web/src/locales/de');

/** The web's German catalog: English message → German translation. */
function webTranslations(): Map<string, string> {
  const translations = new Map<string, string>();
  for (const file of readdirSync(WEB_CATALOGS).filter((name) => name.endsWith('.po'))) {
    const text = readFileSync(join(WEB_CATALOGS, file), 'utf8');
    for (const [, id, translation] of text.matchAll(/msgid "((?:[^"\\]|\\.)*)"\nmsgstr "((?:[^"\\]|\\.)*)"/g))
      if (id && translation) translations.set(id.replaceAll('\\"', '"'), translation.replaceAll('\\"', '"'));
  }
  return translations;
}

/** Every English word of the catalog beside its German one, by path (`values.deviceStatus.in-stock`). */
function pairs(en: unknown, de: unknown, path = ''): { path: string; en: string; de: string }[] {
  if (typeof en === 'string') return [{ path, en, de: de as string }];
  return Object.entries(en as Record<string, unknown>).flatMap(([key, value]) =>
    pairs(value, (de as Record<string, unknown>)[key], path ? `${path}.${key}` : key),
  );
}

/** The words whose German is not the web's translation of their English. */
const drifted = (en: unknown, de: unknown, translations: Map<string, string>) =>
  pairs(en, de)
    // Product names are the same in every language and in no catalog.
    .filter(({ path }) => !path.startsWith('values.mdmProvider.'))
    .filter(({ en, de }) => translations.get(en) !== de)
    .map(({ path, en, de }) => `${path}: "${en}" → "${de}" (web: "${translations.get(en) ?? 'none'}")`);

describe("the server's export words", () => {
  it('are the web catalog’s messages and their German translations, word for word', () => {
    // The event types' words are each module's (src/areas.ts), held to the catalog the same way.
    const en = { ...EXPORT_WORDS.en, eventTypes: EVENT_WORDS.en };
    const de = { ...EXPORT_WORDS.de, eventTypes: EVENT_WORDS.de };
    expect(drifted(en, de, webTranslations())).toEqual([]);
  });

  it('finds a translation that drifted and a word the web does not have (planted)', () => {
    const planted = drifted(
      { values: { deviceStatus: { 'in-stock': 'In stock' } }, yes: 'Yup' },
      { values: { deviceStatus: { 'in-stock': 'Im Lager' } }, yes: 'Ja' },
      webTranslations(),
    );
    expect(planted).toEqual([
      'values.deviceStatus.in-stock: "In stock" → "Im Lager" (web: "Auf Lager")',
      'yes: "Yup" → "Ja" (web: "none")',
    ]);
  });
});
