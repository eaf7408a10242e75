import {
  catalogLocale,
  DEFAULT_TIME_ZONE,
  type Locale,
  localeFromLanguages,
  type ShippedLocale,
} from '@equip/domain/locale-rules';
import { i18n, type Messages } from '@lingui/core';

/**
 * The UI's language and the time zone dates are shown in (docs/decisions/007-translations.md).
 *
 * - Language: the person's own choice (stored on their user once signed in, in this browser before),
 *   else the first of the browser's languages Equip knows, else English. Languages without a shipped
 *   catalog read English text but keep their own date and number formats.
 * - Time zone: the organisation's, once signed in; the browser's before.
 */
const catalogs = import.meta.glob<{ messages: Messages }>('../../locales/*/*.po');

/** The regional variant formats use when the browser names none for the language. */
const REGION: Record<Locale, string> = { en: 'en-GB', de: 'de-DE', fr: 'fr-FR', it: 'it-IT', es: 'es-ES' };
const CHOSEN_KEY = 'equip.locale';

export interface LocaleSettings {
  /** What the person reads: the catalog. */
  locale: Locale;
  /** How dates and numbers are written: `de-DE`, `en-GB`, `en-US` … */
  formatLocale: string;
  timeZone: string | undefined;
}

let settings: LocaleSettings = { locale: 'en', formatLocale: REGION.en, timeZone: undefined };
const listeners = new Set<() => void>();

export function localeSettings(): LocaleSettings {
  return settings;
}

/** Called when the language or time zone changes (formatters drop their caches). */
export function onLocaleSettingsChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function browserLanguages(): readonly string[] {
  return typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
}

/** `de` → `de-AT` when the browser reads Austrian German, else the language's usual region. */
function formatLocaleFor(locale: Locale): string {
  const regional = browserLanguages().find(
    (tag) => tag.toLowerCase().split('-')[0] === locale && tag.includes('-'),
  );
  return regional ?? REGION[locale];
}

/** The language chosen in this browser before signing in, if any. */
export function chosenLocale(): Locale | null {
  try {
    const stored = localStorage.getItem(CHOSEN_KEY);
    return stored ? localeFromLanguages([stored]) : null;
  } catch {
    return null;
  }
}

/** The language to start in: the one chosen in this browser, else the browser's. */
export function initialLocale(): Locale {
  return chosenLocale() ?? localeFromLanguages(browserLanguages());
}

/**
 * The catalogs the sign-in page needs (lingui.config.ts): the app's entry loads these, and the app
 * shell loads the rest with itself (`loadAllCatalogs`), so the sign-in page carries no other page's
 * texts (issue 9).
 */
const ENTRY_AREAS = ['common', 'auth'];
let allAreas = false;
/** `de/common.po` … of the catalogs loaded or on their way (a second caller waits for the same load). */
const loaded = new Map<string, Promise<void>>();

function catalogFiles(locale: ShippedLocale) {
  return Object.entries(catalogs).filter(([file]) => {
    const [, folder, area] = /\/locales\/([^/]+)\/([^/]+)\.po$/.exec(file) ?? [];
    return folder === locale && (allAreas || ENTRY_AREAS.includes(area ?? ''));
  });
}

/** Loads the catalogs of `locale` not loaded yet into Lingui (merged with what it holds). */
async function loadCatalogs(locale: ShippedLocale): Promise<void> {
  const files = catalogFiles(locale);
  const missing = files.filter(([file]) => !loaded.has(file));
  if (missing.length > 0) {
    const loading = Promise.all(missing.map(([, load]) => load())).then((modules) => {
      i18n.load(locale, Object.assign({}, ...modules.map((module) => module.messages)));
    });
    for (const [file] of missing) loaded.set(file, loading);
    // A load that fails is tried again by the next caller.
    loading.catch(() => {
      for (const [file] of missing) loaded.delete(file);
    });
  }
  await Promise.all(files.map(([file]) => loaded.get(file)));
}

/** Every area's catalog of the current language (and of any language switched to from now on). */
export async function loadAllCatalogs(): Promise<void> {
  allAreas = true;
  await loadCatalogs(catalogLocale(settings.locale));
}

/** Switches the UI's language (and optionally time zone); components re-render through I18nProvider. */
export async function activateLocale(locale: Locale, timeZone = settings.timeZone): Promise<void> {
  const catalog = catalogLocale(locale);
  await loadCatalogs(catalog);
  settings = { locale, formatLocale: formatLocaleFor(locale), timeZone };
  for (const listener of listeners) listener();
  i18n.activate(catalog);
  if (typeof document !== 'undefined') document.documentElement.lang = settings.formatLocale;
}

/** Remembers a choice made before signing in (the login and /start pages) and applies it. */
export async function chooseLocale(locale: Locale): Promise<void> {
  try {
    localStorage.setItem(CHOSEN_KEY, locale);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  await activateLocale(locale);
}

/** After sign-in: the person's stored language (if any) and the organisation's time zone. */
export async function applyUserLocale(user: { locale: Locale | null; timeZone: string }): Promise<void> {
  await activateLocale(user.locale ?? initialLocale(), user.timeZone || DEFAULT_TIME_ZONE);
}

export { i18n };
