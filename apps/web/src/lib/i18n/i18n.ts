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

/** A catalog's area (lingui.config.ts): `common`, `auth`, `shell`, `employees` … */
export type CatalogArea = string;
/** The areas whose catalogs a screen reads; `all` for every one. */
export type CatalogAreas = readonly CatalogArea[] | 'all';

const catalogFiles = Object.entries(catalogs).map(([file, load]) => {
  const [, locale, area] = /\/locales\/([^/]+)\/([^/]+)\.po$/.exec(file) ?? [];
  return { file, locale, area: area ?? '', load };
});
/** Every area Equip ships a catalog for. */
export const CATALOG_AREAS: readonly CatalogArea[] = [...new Set(catalogFiles.map((c) => c.area))];

/**
 * The catalogs the sign-in page needs (lingui.config.ts): the app's entry loads these. Every other
 * screen loads its own with its code (`loadCatalogAreas`), so the sign-in page carries no other page's
 * texts (issue 9), and a dashboard page opened directly waits for no other area's (issue 26).
 */
const ENTRY_AREAS: readonly CatalogArea[] = ['common', 'auth'];
/** The areas asked for so far: a switch of language loads these in the new one. */
const wanted = new Set<CatalogArea>(ENTRY_AREAS);
/** `de/common.po` … of the catalogs loaded or on their way (a second caller waits for the same load). */
const loaded = new Map<string, Promise<void>>();

const areasOf = (areas: CatalogAreas) => (areas === 'all' ? CATALOG_AREAS : areas);

/** Loads the catalogs of `areas` in `locale` not loaded yet into Lingui (merged with what it holds). */
async function loadCatalogs(locale: ShippedLocale, areas: Iterable<CatalogArea>): Promise<void> {
  const names = new Set(areas);
  const files = catalogFiles.filter((c) => c.locale === locale && names.has(c.area));
  const missing = files.filter(({ file }) => !loaded.has(file));
  if (missing.length > 0) {
    const loading = Promise.all(missing.map(({ load }) => load())).then((modules) => {
      i18n.load(locale, Object.assign({}, ...modules.map((module) => module.messages)));
    });
    for (const { file } of missing) loaded.set(file, loading);
    // A load that fails is tried again by the next caller.
    loading.catch(() => {
      for (const { file } of missing) loaded.delete(file);
    });
  }
  await Promise.all(files.map(({ file }) => loaded.get(file)));
}

/**
 * The catalogs of `areas` in the current language (and in any language switched to from now on):
 * a screen's code asks for its own with itself, before it renders.
 */
export async function loadCatalogAreas(areas: CatalogAreas): Promise<void> {
  const asked = areasOf(areas);
  for (const area of asked) wanted.add(area);
  await loadCatalogs(catalogLocale(settings.locale), asked);
}

/**
 * `load` (a module's dynamic import) with the catalogs of the areas its texts are in: what a screen
 * loads on demand from another area than its own (a drawer, a panel) renders with its texts.
 */
export function withCatalogs<M>(load: () => Promise<M>, areas: CatalogAreas): () => Promise<M> {
  return () => Promise.all([load(), loadCatalogAreas(areas)]).then(([module]) => module);
}

/**
 * Fetches the catalogs of the current language not asked for yet, without installing them: the
 * screens that install them later (another page, a drawer) find them in the module cache. Installing
 * one re-renders every translated text, which a page that just painted need not pay for.
 */
export function prefetchCatalogs(): void {
  const locale = catalogLocale(settings.locale);
  for (const { locale: of, file, load } of catalogFiles)
    if (of === locale && !loaded.has(file)) void load().catch(() => {});
}

/** Switches the UI's language (and optionally time zone); components re-render through I18nProvider. */
export async function activateLocale(locale: Locale, timeZone = settings.timeZone): Promise<void> {
  const catalog = catalogLocale(locale);
  await loadCatalogs(catalog, wanted);
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
