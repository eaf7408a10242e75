import { z } from 'zod';
import { MdmProvider } from './mdm.ts';

/**
 * The background jobs' catalogue: each job's name and the zod schema of its payload (decision 009).
 * The API enqueues and works them through pg-boss; a payload is checked when it is sent and again when
 * it is worked, so a job written by an older version that no longer fits fails loudly instead of
 * half-working.
 */

/** A calendar date as the organisation sees it (`2026-03-29`). */
export const LocalDate = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'YYYY-MM-DD');
export type LocalDate = z.infer<typeof LocalDate>;
/** A wall-clock time (`08:00`, `23:59:59`). */
export const LocalTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'HH:MM or HH:MM:SS');
export type LocalTime = z.infer<typeof LocalTime>;

export const JOBS = {
  /** Sends one mail of the outbox over SMTP (the row is the mail; the job only carries its id). */
  'mail.send': z.object({ outboxUuid: z.uuid() }),
  /** Hourly: enqueues the reminders of every organisation where it is now the reminder hour. */
  'reminders.plan': z.object({}),
  /** One organisation's daily device-registration reminders for one local date. */
  'reminders.send': z.object({ organizationUuid: z.uuid(), localDate: LocalDate }),
  /** Sends one MDM command (a device_commands row) to the device's provider. */
  'mdm.command': z.object({ organizationUuid: z.uuid(), commandUuid: z.uuid() }),
  /** Asks the provider whether the device has carried out a sent command; again until it reports. */
  'mdm.check': z.object({ organizationUuid: z.uuid(), commandUuid: z.uuid() }),
  /** Hourly: enqueues `mdm.connections.check` for every stored connection to an MDM server. */
  'mdm.connections.plan': z.object({}),
  /** Tests one organisation's connection to its MDM server again and records the outcome (decision 015). */
  'mdm.connections.check': z.object({ organizationUuid: z.uuid(), provider: MdmProvider }),
  /** Daily: deletes expired tokens and old sent mail. */
  'maintenance.clean-up': z.object({}),
  /**
   * One attempt of one webhook delivery (the row holds the payload; decision 010): `attempt` is the
   * delivery's attempt number this job makes, `firstAttempt` the one its series (or redelivery) began at.
   * `organizationUuid` gives the organisation its fair share of the workers (decision 009); attempts
   * queued before it was added have none.
   */
  'webhooks.deliver': z.object({
    organizationUuid: z.uuid().optional(),
    deliveryUuid: z.uuid(),
    attempt: z.number().int().min(1),
    firstAttempt: z.number().int().min(1),
  }),
} as const;

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
