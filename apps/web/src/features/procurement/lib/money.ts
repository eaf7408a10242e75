import { formatCurrency } from '@/lib/format';

/** An amount the API counts in the currency's minor unit (cents), in the reader's format. */
export function formatCents(cents: number, currency = 'EUR'): string {
  return formatCurrency(cents / 100, currency);
}
