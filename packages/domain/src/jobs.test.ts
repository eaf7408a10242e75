import { describe, expect, it } from 'vitest';
import { dailyRunDue, dueAt, endOfLocalDay, JOBS, localDateAndHour } from './jobs.ts';

const iso = (d: Date) => d.toISOString();

describe('dueAt', () => {
  it('places a local time in winter and in summer time', () => {
    expect(iso(dueAt('2026-01-15', '08:00', 'Europe/Berlin'))).toBe('2026-01-15T07:00:00.000Z');
    expect(iso(dueAt('2026-07-15', '08:00', 'Europe/Berlin'))).toBe('2026-07-15T06:00:00.000Z');
    expect(iso(dueAt('2026-07-15', '08:00', 'UTC'))).toBe('2026-07-15T08:00:00.000Z');
    expect(iso(dueAt('2026-07-15', '08:00', 'Asia/Kolkata'))).toBe('2026-07-15T02:30:00.000Z');
    expect(iso(dueAt('2026-07-15', '08:00:30', 'America/Los_Angeles'))).toBe('2026-07-15T15:00:30.000Z');
  });

  it('is exact on both sides of the spring change', () => {
    // Berlin jumps from 02:00 CET to 03:00 CEST on 29 March 2026.
    expect(iso(dueAt('2026-03-29', '01:59', 'Europe/Berlin'))).toBe('2026-03-29T00:59:00.000Z');
    expect(iso(dueAt('2026-03-29', '03:00', 'Europe/Berlin'))).toBe('2026-03-29T01:00:00.000Z');
    expect(iso(dueAt('2026-03-29', '08:00', 'Europe/Berlin'))).toBe('2026-03-29T06:00:00.000Z');
    expect(iso(dueAt('2026-03-28', '08:00', 'Europe/Berlin'))).toBe('2026-03-28T07:00:00.000Z');
  });

  it('moves a time that does not exist forward by the jump', () => {
    expect(iso(dueAt('2026-03-29', '02:30', 'Europe/Berlin'))).toBe('2026-03-29T01:30:00.000Z');
    // New York jumps from 02:00 EST to 03:00 EDT on 8 March 2026: 02:30 is 03:30 EDT.
    expect(iso(dueAt('2026-03-08', '02:30', 'America/New_York'))).toBe('2026-03-08T07:30:00.000Z');
    // Lord Howe Island changes by half an hour: 02:15 does not exist on 4 October 2026 (02:45 LHDT).
    expect(iso(dueAt('2026-10-04', '02:15', 'Australia/Lord_Howe'))).toBe('2026-10-03T15:45:00.000Z');
  });

  it('takes the first of a time that happens twice', () => {
    // Berlin goes back from 03:00 CEST to 02:00 CET on 25 October 2026: 02:30 happens at 00:30Z and 01:30Z.
    expect(iso(dueAt('2026-10-25', '02:30', 'Europe/Berlin'))).toBe('2026-10-25T00:30:00.000Z');
    expect(iso(dueAt('2026-10-25', '03:00', 'Europe/Berlin'))).toBe('2026-10-25T02:00:00.000Z');
    expect(iso(dueAt('2026-11-01', '01:30', 'America/New_York'))).toBe('2026-11-01T05:30:00.000Z');
  });

  it('works in the southern hemisphere, where summer time spans the new year', () => {
    expect(iso(dueAt('2026-01-10', '08:00', 'Pacific/Auckland'))).toBe('2026-01-09T19:00:00.000Z');
    expect(iso(dueAt('2026-07-10', '08:00', 'Pacific/Auckland'))).toBe('2026-07-09T20:00:00.000Z');
    // Auckland goes from 02:00 NZST to 03:00 NZDT on 27 September 2026.
    expect(iso(dueAt('2026-09-27', '02:30', 'Pacific/Auckland'))).toBe('2026-09-26T14:30:00.000Z');
  });

  it('ends a day at the next local midnight, 23 or 25 hours after it began on a change', () => {
    expect(iso(endOfLocalDay('2026-03-29', 'Europe/Berlin'))).toBe('2026-03-29T22:00:00.000Z');
    expect(iso(endOfLocalDay('2026-10-25', 'Europe/Berlin'))).toBe('2026-10-25T23:00:00.000Z');
    expect(iso(endOfLocalDay('2026-12-31', 'Europe/Berlin'))).toBe('2026-12-31T23:00:00.000Z');
  });

  it('refuses dates, times and zones that do not exist', () => {
    expect(() => dueAt('2026-02-30', '08:00', 'Europe/Berlin')).toThrow();
    expect(() => dueAt('2026-02-10', '24:00', 'Europe/Berlin')).toThrow();
    expect(() => dueAt('2026-02-10', '08:00', 'Mars/Olympus')).toThrow();
  });

  it('round-trips with localDateAndHour at every hour of a changing day', () => {
    for (let hour = 0; hour < 24; hour++) {
      if (hour === 2) continue; // does not exist on this day
      const due = dueAt('2026-03-29', `${String(hour).padStart(2, '0')}:00`, 'Europe/Berlin');
      expect(localDateAndHour(due, 'Europe/Berlin')).toEqual({ localDate: '2026-03-29', hour });
    }
  });
});

describe('dailyRunDue', () => {
  it('is due from the local time on, for the local date', () => {
    // 07:59Z is 08:59 in Berlin in winter; 08:00Z is 09:00.
    expect(dailyRunDue(new Date('2026-01-15T07:59:00Z'), '09:00', 'Europe/Berlin')).toBeNull();
    expect(dailyRunDue(new Date('2026-01-15T08:00:00Z'), '09:00', 'Europe/Berlin')).toBe('2026-01-15');
    expect(dailyRunDue(new Date('2026-01-15T22:59:00Z'), '09:00', 'Europe/Berlin')).toBe('2026-01-15');
    // Past local midnight it is the next date, not due until 09:00 again.
    expect(dailyRunDue(new Date('2026-01-15T23:00:00Z'), '09:00', 'Europe/Berlin')).toBeNull();
  });

  it('follows the zone across a change and in half-hour zones', () => {
    // On 29 March Berlin is on summer time by 09:00: due at 07:00Z, not 08:00Z.
    expect(dailyRunDue(new Date('2026-03-29T07:00:00Z'), '09:00', 'Europe/Berlin')).toBe('2026-03-29');
    expect(dailyRunDue(new Date('2026-03-29T06:59:00Z'), '09:00', 'Europe/Berlin')).toBeNull();
    expect(dailyRunDue(new Date('2026-01-15T03:30:00Z'), '09:00', 'Asia/Kolkata')).toBe('2026-01-15');
    expect(dailyRunDue(new Date('2026-01-15T03:29:00Z'), '09:00', 'Asia/Kolkata')).toBeNull();
    // Auckland's 09:00 on 16 January is 20:00Z on the 15th.
    expect(dailyRunDue(new Date('2026-01-15T20:00:00Z'), '09:00', 'Pacific/Auckland')).toBe('2026-01-16');
  });
});

describe('the job catalogue', () => {
  it('checks payloads', () => {
    expect(JOBS['mail.send'].safeParse({ outboxUuid: 'nope' }).success).toBe(false);
    expect(
      JOBS['reminders.send'].safeParse({ organizationUuid: crypto.randomUUID(), localDate: '2026-01-01' })
        .success,
    ).toBe(true);
  });
});
