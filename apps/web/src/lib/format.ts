/**
 * How the web app writes dates, times, numbers and names: one locale and one time-zone rule for every
 * screen, so one value never reads differently on two of them. Small functions, imported from here
 * only: a later change puts them behind the message catalogue and the person's own locale.
 *
 * - Locale: British English (the product's language): `1 Mar 2026`, `14:05`, `1,234`.
 * - Calendar dates (`YYYY-MM-DD`: start date, last day) are days, not instants: shown as written,
 *   whatever the browser's time zone.
 * - Instants (ISO date-times: created, sent, last seen) are shown in the browser's time zone.
 */
const LOCALE = 'en-GB';

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

const calendarDate = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeZone: 'UTC' });
const instantDate = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium' });
const instantDateTime = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'short' });
const instantTime = new Intl.DateTimeFormat(LOCALE, { hour: '2-digit', minute: '2-digit' });
const numberFormat = new Intl.NumberFormat(LOCALE);

/** The formatted date, or what was given when it is not one. */
function formatWith(format: Intl.DateTimeFormat, value: string, parse = value): string {
  const date = new Date(parse);
  return Number.isNaN(date.getTime()) ? value : format.format(date);
}

/** `2026-03-01` → `1 Mar 2026`; a date-time → its day where the browser is. Empty for none. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  if (CALENDAR_DATE.test(value)) return formatWith(calendarDate, value, `${value}T00:00:00Z`);
  return formatWith(instantDate, value);
}

/** A date-time → `1 Mar 2026, 14:05` where the browser is. Empty for none. */
export function formatDateTime(value: string | null | undefined): string {
  return value ? formatWith(instantDateTime, value) : '';
}

/** The time of day of an instant → `14:05` where the browser is. */
export function formatTime(value: Date): string {
  return instantTime.format(value);
}

/** `1234` → `1,234`. */
export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/** `1 person` / `2 people`. */
export function people(count: number): string {
  return `${formatNumber(count)} ${count === 1 ? 'person' : 'people'}`;
}

/** `1 employee` / `2 employees`. */
export function employeesCount(count: number): string {
  return `${formatNumber(count)} ${count === 1 ? 'employee' : 'employees'}`;
}

/** `512 B`, `12 KB`, `3.4 MB`. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
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
