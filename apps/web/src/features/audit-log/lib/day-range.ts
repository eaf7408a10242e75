import { localeSettings } from '@/lib/i18n/i18n';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date `YYYY-MM-DD` that exists (2026-02-30 does not). */
export function isCalendarDay(value: string): boolean {
  const match = DAY.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

/** How far `timeZone`'s wall clock is ahead of UTC at an instant, in ms. */
function offsetAt(instant: number, timeZone: string | undefined): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wall - (instant - (instant % 1000));
}

/**
 * The instant a calendar day begins in the organisation's time zone (the one dates are shown in), as
 * an ISO instant: the audit log's `from`. `addDays` moves to a later day first (the exclusive `to` of
 * a range that ends with a day is the start of the next one).
 */
export function dayStart(day: string, addDays = 0, timeZone = localeSettings().timeZone): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, date + addDays);
  // Two passes find the offset on that day, also around a daylight-saving change.
  let instant = wall - offsetAt(wall, timeZone);
  instant = wall - offsetAt(instant, timeZone);
  return new Date(instant).toISOString();
}
