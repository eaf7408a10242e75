import { z } from 'zod';

/**
 * Languages. The UI ships complete English and German catalogs; the other HR languages (SPEC §3) can be
 * chosen and fall back to English until they are translated.
 */
export const Locale = z.enum(['en', 'de', 'fr', 'it', 'es']);
export type Locale = z.infer<typeof Locale>;
export const SHIPPED_LOCALES = ['en', 'de'] as const satisfies readonly Locale[];
export type ShippedLocale = (typeof SHIPPED_LOCALES)[number];
export const DEFAULT_LOCALE: ShippedLocale = 'en';

/** The catalog a language reads from: its own when shipped, else English. */
export function catalogLocale(locale: string | null | undefined): ShippedLocale {
  const language = locale?.toLowerCase().split(/[-_]/)[0];
  return (SHIPPED_LOCALES as readonly string[]).includes(language ?? '')
    ? (language as ShippedLocale)
    : DEFAULT_LOCALE;
}

/** The first of the browser's languages (navigator.languages) that Equip knows, as a Locale. */
export function localeFromLanguages(languages: readonly string[]): Locale {
  for (const tag of languages) {
    const language = Locale.safeParse(tag.toLowerCase().split(/[-_]/)[0]);
    if (language.success) return language.data;
  }
  return DEFAULT_LOCALE;
}

/** An IANA time zone the runtime knows (Europe/Berlin, America/New_York …). */
export const TimeZone = z.string().refine(
  (zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  },
  { message: 'Unknown time zone' },
);
export const DEFAULT_TIME_ZONE = 'Europe/Berlin';

export const SetLocaleRequest = z.object({ locale: Locale.nullable() });
export type SetLocaleRequest = z.infer<typeof SetLocaleRequest>;
