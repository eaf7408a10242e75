import { formatCurrency } from '@/lib/format';

/** An amount the API counts in the currency's minor unit (cents), in the reader's format. */
export function formatCents(cents: number, currency = 'EUR'): string {
  return formatCurrency(cents / 100, currency);
}

/**
 * An amount a person typed ("1299", "1.299,00", "1,299.50", "1299.5") in cents; null when it is not one.
 * The last `.` or `,` followed by one or two digits is the decimal mark; other marks group thousands.
 */
export function parseAmountToCents(text: string): number | null {
  const clean = text.replace(/[\s€$£]/g, '');
  if (!/^\d[\d.,]*$/.test(clean)) return null;
  const decimal = /[.,](\d{1,2})$/.exec(clean);
  const whole = (decimal ? clean.slice(0, decimal.index) : clean).replace(/[.,]/g, '');
  const cents = Number(whole) * 100 + (decimal ? Number(decimal[1]!.padEnd(2, '0')) : 0);
  return Number.isSafeInteger(cents) && cents <= 100_000_000 ? cents : null;
}

/** Cents as the plain amount a form field starts from ("1299.00"). */
export const centsToAmountText = (cents: number | null): string =>
  cents === null ? '' : (cents / 100).toFixed(2);
