import type { z } from 'zod';
import { REGISTRY } from './areas.ts';
import { LocalDate, LocalTime } from './common.ts';

/**
 * The background jobs' catalogue: each job's name and the zod schema of its payload (decision 009).
 * The API enqueues and works them through pg-boss; a payload is checked when it is sent and again when
 * it is worked, so a job written by an older version that no longer fits fails loudly instead of
 * half-working.
 */

export { LocalDate, LocalTime };

/**
 * Every job, gathered from the areas' declarations (`jobs` in `areas/<area>.ts`): a new area's jobs are
 * its own, and its handlers are registered in the API's `background/app-jobs.ts`.
 */
export const JOBS = REGISTRY.jobs;

export type JobName = keyof typeof JOBS;
export type JobPayload<N extends JobName> = z.infer<(typeof JOBS)[N]>;

/** When the daily device-registration reminders go out, in each organisation's time zone. */
export const REMINDER_LOCAL_TIME = '09:00';

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock fields of an instant in a zone. */
export function localParts(instant: Date, timeZone: string) {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(instant)
      .filter((p) => p.type !== 'literal')
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
  return parts;
}

/** The zone's offset from UTC at an instant, in milliseconds (east positive). */
function offsetAt(instantMs: number, timeZone: string): number {
  const whole = Math.floor(instantMs / 1000) * 1000;
  const p = localParts(new Date(whole), timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - whole;
}

const DAY_MS = 86_400_000;

/**
 * The instant at which a local date and time happens in a time zone: an account to create on a start
 * date at 08:00 in the organisation's zone. Across daylight-saving changes it follows the usual rule
 * (RFC 5545, Temporal's "compatible"): a time that does not exist (clocks jump forward) moves forward
 * by the jump (02:30 → 03:30); a time that happens twice (clocks go back) is the first of the two.
 */
export function dueAt(localDate: string, localTime: string, timeZone: string): Date {
  const date = LocalDate.parse(localDate);
  const time = LocalTime.parse(localTime);
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi, s = 0] = time.split(':').map(Number) as [number, number, number?];
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  if (new Date(wall).getUTCDate() !== d) throw new RangeError(`No such date: ${localDate}`);
  const before = offsetAt(wall - DAY_MS, timeZone);
  const after = offsetAt(wall + DAY_MS, timeZone);
  const valid = [...new Set([before, after])]
    .map((offset) => wall - offset)
    .filter((instant) => offsetAt(instant, timeZone) === wall - instant)
    .sort((a, b) => a - b);
  // In a gap no offset fits: the offset in force before the jump carries the time forward past it.
  return new Date(valid[0] ?? wall - before);
}

/** The first instant after a local date has ended (a login to suspend at the end of a last day). */
export function endOfLocalDay(localDate: string, timeZone: string): Date {
  const [y, mo, d] = LocalDate.parse(localDate).split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, mo - 1, d + 1)).toISOString().slice(0, 10);
  return dueAt(next, '00:00', timeZone);
}

/** The local date (YYYY-MM-DD) and hour of an instant in a zone. */
export function localDateAndHour(instant: Date, timeZone: string): { localDate: string; hour: number } {
  const p = localParts(instant, timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return { localDate: `${p.year}-${pad(p.month)}-${pad(p.day)}`, hour: p.hour };
}

/**
 * A daily run at a local time (the registration reminders at 09:00): the local date whose run is due at
 * `now` in the zone, or null before that day's time. Checked every quarter hour, it fires once the time
 * has passed, also late after a stop; keyed by the date, it runs once a day.
 */
export function dailyRunDue(now: Date, localTime: string, timeZone: string): string | null {
  const { localDate } = localDateAndHour(now, timeZone);
  return now >= dueAt(localDate, localTime, timeZone) ? localDate : null;
}
