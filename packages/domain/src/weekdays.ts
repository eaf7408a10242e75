/**
 * Days of the week as the API names them (an organisation's working days). Apart from the countries so
 * that the browser's formatting, which names days, ships no list of countries.
 */

/** The days of the week, Monday first (ISO 8601). */
export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Monday to Friday: an organisation's working days until it says otherwise. */
export const DEFAULT_WORKING_DAYS: readonly Weekday[] = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
];

/** Working days in week order, each once (what the server stores whatever order they came in). */
export function inWeekOrder(days: readonly Weekday[]): Weekday[] {
  return WEEKDAYS.filter((day) => days.includes(day));
}
