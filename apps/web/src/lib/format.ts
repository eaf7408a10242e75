import { WEEKDAYS, type Weekday } from '@equip/domain/weekdays';
import { plural } from '@lingui/core/macro';
import { localeSettings, onLocaleSettingsChange } from '@/lib/i18n/i18n';

/**
 * How the web app writes dates, times, numbers and names: one locale and one time-zone rule for every
 * screen, so one value never reads differently on two of them. Small functions, imported from here
 * only; they follow the person's language and the organisation's time zone (`localeSettings()`).
 *
 * - Locale: the format locale of the chosen language: `23 Nov 2026` (en-GB), `23.11.2026` (de-DE).
 * - Calendar dates (`YYYY-MM-DD`: start date, last day) are days, not instants: shown as written,
 *   whatever the time zone.
 * - Instants (ISO date-times: created, sent, last seen) are shown in the organisation's time zone once
 *   signed in, the browser's before.
 */

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

type FormatterName =
  | 'calendarDate'
  | 'instantDate'
  | 'instantDateTime'
  | 'instantTime'
  | 'number'
  | 'relative'
  | 'fileSize';

let cache = new Map<
  string,
  Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat | Intl.Collator | Intl.DisplayNames
>();
onLocaleSettingsChange(() => {
  cache = new Map();
});

/** One formatter per kind (and per locale and zone: the cache is dropped when either changes). */
function formatter<
  T extends
    | Intl.DateTimeFormat
    | Intl.NumberFormat
    | Intl.RelativeTimeFormat
    | Intl.Collator
    | Intl.DisplayNames,
>(name: FormatterName | string, create: (locale: string, timeZone: string | undefined) => T): T {
  let found = cache.get(name) as T | undefined;
  if (!found) {
    const { formatLocale, timeZone } = localeSettings();
    found = create(formatLocale, timeZone);
    cache.set(name, found);
  }
  return found;
}

const calendarDate = () =>
  formatter(
    'calendarDate',
    (locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }),
  );
const instantDate = () =>
  formatter(
    'instantDate',
    (locale, timeZone) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone }),
  );
const instantDateTime = () =>
  formatter(
    'instantDateTime',
    (locale, timeZone) =>
      new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }),
  );
const instantTime = () =>
  formatter(
    'instantTime',
    (locale, timeZone) => new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone }),
  );
const numberFormat = () => formatter('number', (locale) => new Intl.NumberFormat(locale));

/** The formatted date, or what was given when it is not one. */
function formatWith(format: Intl.DateTimeFormat, value: string, parse = value): string {
  const date = new Date(parse);
  return Number.isNaN(date.getTime()) ? value : format.format(date);
}

/** `2026-11-23` → `23 Nov 2026` / `23.11.2026`; a date-time → its day in the time zone. Empty for none. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  if (CALENDAR_DATE.test(value)) return formatWith(calendarDate(), value, `${value}T00:00:00Z`);
  return formatWith(instantDate(), value);
}

/** A date-time → `23 Nov 2026, 14:05` / `23.11.2026, 14:05` in the time zone. Empty for none. */
export function formatDateTime(value: string | null | undefined): string {
  return value ? formatWith(instantDateTime(), value) : '';
}

/** A calendar month `2026-11` → `November 2026` / `November 2026`. */
export function formatMonth(value: string): string {
  const format = formatter(
    'calendarMonth',
    (locale) => new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }),
  );
  return /^\d{4}-\d{2}$/.test(value) ? formatWith(format, value, `${value}-01T00:00:00Z`) : value;
}

/** The time of day of an instant → `14:05` in the time zone. */
export function formatTime(value: Date): string {
  return instantTime().format(value);
}

/**
 * Whole numbers below a thousand read the same in every language Equip offers, whatever the region
 * (no grouping, Latin digits), unless the locale asks for other digits (`-u-nu-`).
 */
const plainCount = (value: number) =>
  Number.isInteger(value) && value >= 0 && value < 1000 && !localeSettings().formatLocale.includes('-u-');

/**
 * `1234` → `1,234` / `1.234`. A count under a thousand is written without Intl: the first number
 * format a page makes loads the locale's data, ~25 ms on a phone in the middle of the first render
 * (the list's count, and Lingui's `plural`, which makes one for each count; bench/lighthouse.mjs).
 */
export function formatNumber(value: number): string {
  return plainCount(value) ? String(value) : numberFormat().format(value);
}

/** `1234.5, 'EUR'` → `€1,234.50` / `1.234,50 €`. */
export function formatCurrency(amount: number, currency = 'EUR'): string {
  return formatter(
    `currency:${currency}`,
    (locale) => new Intl.NumberFormat(locale, { style: 'currency', currency }),
  ).format(amount);
}

/** `DE` → `Germany` / `Deutschland` (an ISO 3166-1 code); the code itself when the browser has no name. */
export function formatCountry(code: string | null | undefined): string {
  if (!code) return '';
  return (
    formatter('country', (locale) => new Intl.DisplayNames([locale], { type: 'region' })).of(code) ?? code
  );
}

/** A Monday (1 January 2024), from which the week's days are named. */
const A_MONDAY = Date.UTC(2024, 0, 1);

/** `monday` → `Monday` / `Montag` (`Mon` / `Mo.` when short). */
export function formatWeekday(day: Weekday, width: 'long' | 'short' = 'long'): string {
  const names = formatter(
    `weekday:${width}`,
    (locale) => new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' }),
  );
  return names.format(new Date(A_MONDAY + WEEKDAYS.indexOf(day) * 24 * 3600 * 1000));
}

const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/**
 * An instant relative to now: `5 minutes ago`, `in 2 days`, `yesterday` / `vor 5 Minuten`,
 * `in 2 Tagen`, `gestern`. Empty for none; what was given when it is not a date.
 */
export function formatRelativeTime(value: string | Date | null | undefined, now: Date = new Date()): string {
  if (!value) return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  const seconds = (date.getTime() - now.getTime()) / 1000;
  const [unit, size] = RELATIVE_UNITS.find(([, size]) => Math.abs(seconds) >= size) ?? ['second', 1];
  return formatter('relative', (locale) => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })).format(
    Math.round(seconds / size),
    unit,
  );
}

/** `1 person` / `2 people` (`1 Person` / `2 Personen`). */
export function people(count: number): string {
  const n = formatNumber(count);
  return plural(count, { one: `${n} person`, other: `${n} people` });
}

/** `1 employee` / `2 employees` (`1 Mitarbeiter` / `2 Mitarbeitende`). */
export function employeesCount(count: number): string {
  const n = formatNumber(count);
  return plural(count, { one: `${n} employee`, other: `${n} employees` });
}

/** `512 B`, `12 KB`, `3.4 MB` (`3,4 MB` in German). */
export function formatFileSize(bytes: number): string {
  const unit = (digits: number) =>
    formatter(
      `fileSize:${digits}`,
      (locale) => new Intl.NumberFormat(locale, { maximumFractionDigits: digits }),
    );
  if (bytes < 1024) return `${unit(0).format(bytes)} B`;
  if (bytes < 1024 * 1024) return `${unit(0).format(bytes / 1024)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${unit(1).format(bytes / (1024 * 1024))} MB`;
  return `${unit(1).format(bytes / (1024 * 1024 * 1024))} GB`;
}

interface PersonName {
  firstName: string;
  lastName: string;
}

/** `Ada Lovelace`. */
export function fullName(person: PersonName): string {
  return `${person.firstName} ${person.lastName}`.trim();
}

/** `AL`; `?` when both names are empty. */
export function initials(person: PersonName): string {
  return `${person.firstName.trim().charAt(0)}${person.lastName.trim().charAt(0)}`.toUpperCase() || '?';
}

/**
 * Compares two texts as readers of the current language sort them: accents and case are secondary
 * (`Ågren` among the A names), digits by value (`Room 9` before `Room 10`). For lists sorted in the
 * browser; the server's lists sort with the database's ICU collation (docs/decisions/006-collation.md).
 */
export function compareText(left: string, right: string): number {
  return formatter('collator', (locale) => new Intl.Collator(locale, { numeric: true })).compare(left, right);
}
