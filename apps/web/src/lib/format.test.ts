import type { Locale } from '@equip/domain/locale-rules';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '@/lib/i18n/i18n';
import {
  compareText,
  employeesCount,
  formatCurrency,
  formatDate,
  formatDateTime,
  formatFileSize,
  formatMonth,
  formatNumber,
  formatRelativeTime,
  formatTime,
  people,
} from './format';

/** Non-breaking spaces (Intl writes them before units and currencies) read as plain ones here. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('format', () => {
  beforeAll(() => {
    // A British browser, so English formats as en-GB whatever the test runner's browser says.
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB']);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await activateLocale('en', 'Europe/Berlin');
  });

  it('writes British English', async () => {
    await activateLocale('en', 'Europe/Berlin');
    expect(formatDate('2026-11-23')).toBe('23 Nov 2026');
    expect(formatDate('2026-11-23T23:30:00Z')).toBe('24 Nov 2026'); // already the 24th in Berlin
    expect(formatDateTime('2026-11-23T13:05:00Z')).toBe('23 Nov 2026, 14:05');
    expect(formatTime(new Date('2026-11-23T13:05:00Z'))).toBe('14:05');
    expect(formatNumber(1234567.5)).toBe('1,234,567.5');
    expect(formatCurrency(1234.5)).toBe('€1,234.50');
    expect(formatMonth('2026-03')).toBe('March 2026');
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(3.45 * 1024 * 1024)).toBe('3.5 MB');
    const now = new Date('2026-11-23T12:00:00Z');
    expect(formatRelativeTime('2026-11-23T11:55:00Z', now)).toBe('5 minutes ago');
    expect(formatRelativeTime('2026-11-25T12:00:00Z', now)).toBe('in 2 days');
    expect(formatRelativeTime('2026-11-22T12:00:00Z', now)).toBe('yesterday');
    expect(people(1)).toBe('1 person');
    expect(employeesCount(1200)).toBe('1,200 employees');
  });

  it('writes German, and follows a change of language and time zone at once', async () => {
    await activateLocale('de', 'Europe/Berlin');
    expect(formatDate('2026-11-23')).toBe('23.11.2026');
    expect(formatDateTime('2026-11-23T13:05:00Z')).toBe('23.11.2026, 14:05');
    expect(formatNumber(1234567.5)).toBe('1.234.567,5');
    expect(plain(formatCurrency(1234.5))).toBe('1.234,50 €');
    expect(formatMonth('2026-03')).toBe('März 2026');
    expect(formatFileSize(3.45 * 1024 * 1024)).toBe('3,5 MB');
    const now = new Date('2026-11-23T12:00:00Z');
    expect(formatRelativeTime('2026-11-23T11:55:00Z', now)).toBe('vor 5 Minuten');
    expect(formatRelativeTime('2026-11-22T12:00:00Z', now)).toBe('gestern');
    expect(people(2)).toBe('2 Personen');
    expect(employeesCount(1)).toBe('1 Mitarbeiter');
    expect(employeesCount(1200)).toBe('1.200 Mitarbeitende');

    await activateLocale('de', 'America/New_York');
    expect(formatTime(new Date('2026-11-23T13:05:00Z'))).toBe('08:05');
  });

  it('writes a count under a thousand as Intl does, in every language offered and its regions', async () => {
    const regions = [
      'en-GB',
      'en-US',
      'en-IN',
      'de-DE',
      'de-CH',
      'fr-FR',
      'fr-CA',
      'it-IT',
      'es-ES',
      'es-MX',
    ];
    for (const tag of regions) {
      vi.spyOn(navigator, 'languages', 'get').mockReturnValue([tag]);
      await activateLocale(tag.slice(0, 2) as Locale, 'Europe/Berlin');
      const intl = new Intl.NumberFormat(tag);
      for (const value of [0, 7, 42, 999, 1000, 12_345, -3, 2.5]) {
        expect(formatNumber(value), `${tag} ${value}`).toBe(intl.format(value));
      }
    }
    // Other digits asked for by the region's tag: Intl writes them.
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US-u-nu-arab']);
    await activateLocale('en', 'Europe/Berlin');
    expect(formatNumber(42)).toBe(new Intl.NumberFormat('en-US-u-nu-arab').format(42));
    expect(formatNumber(42)).not.toBe('42');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB']);
  });
});

describe('compareText', () => {
  it('sorts accents and case with their letter and digits by value', () => {
    const names = [
      'Zimmermann',
      'Özdemir',
      'adams',
      'Ågren',
      'Agnes',
      'Şahin',
      'Schmidt',
      'Room 10',
      'Room 9',
    ];
    expect([...names].sort(compareText)).toEqual([
      'adams',
      'Agnes',
      'Ågren',
      'Özdemir',
      'Room 9',
      'Room 10',
      'Şahin',
      'Schmidt',
      'Zimmermann',
    ]);
  });
});
