/**
 * Languages and time zones, kept free of zod so that the sign-in page loads none (issue 9);
 * `locale.ts` builds the schemas on them and re-exports them.
 *
 * The UI ships complete English and German catalogs; the other HR languages (SPEC §3) can be chosen and
 * read English until they are translated (their dates and numbers are still their own).
 */
export const LOCALES = ['en', 'de', 'fr', 'it', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const SHIPPED_LOCALES = ['en', 'de'] as const satisfies readonly Locale[];
export type ShippedLocale = (typeof SHIPPED_LOCALES)[number];
export const DEFAULT_LOCALE: ShippedLocale = 'en';
export const DEFAULT_TIME_ZONE = 'Europe/Berlin';

const languageOf = (tag: string) => tag.toLowerCase().split(/[-_]/)[0] ?? '';
const isLocale = (language: string): language is Locale => (LOCALES as readonly string[]).includes(language);

/** The catalog a language reads from: its own when shipped, else English. */
export function catalogLocale(locale: string | null | undefined): ShippedLocale {
  const language = languageOf(locale ?? '');
  return (SHIPPED_LOCALES as readonly string[]).includes(language)
    ? (language as ShippedLocale)
    : DEFAULT_LOCALE;
}

/** The first of the browser's languages (navigator.languages) that Equip knows, else English. */
export function localeFromLanguages(languages: readonly string[]): Locale {
  for (const tag of languages) {
    const language = languageOf(tag);
    if (isLocale(language)) return language;
  }
  return DEFAULT_LOCALE;
}
