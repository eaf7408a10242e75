import { describe, expect, it } from 'vitest';
import { centsToAmountText, parseAmountToCents } from './money';

describe('parseAmountToCents', () => {
  it.each([
    ['1299', 129_900],
    ['1299.5', 129_950],
    ['1.299,00', 129_900],
    ['1,299.50', 129_950],
    ['49,9', 4_990],
    [' 2 499 € ', 249_900],
    ['0', 0],
  ])('reads %j as %i cents', (text, cents) => {
    expect(parseAmountToCents(text)).toBe(cents);
  });

  it.each(['', 'abc', '-5', '12.3.4x', '1e5', '99999999999'])('refuses %j', (text) => {
    expect(parseAmountToCents(text)).toBeNull();
  });

  it('writes cents back as the amount a field starts from', () => {
    expect(centsToAmountText(129_950)).toBe('1299.50');
    expect(centsToAmountText(null)).toBe('');
    expect(parseAmountToCents(centsToAmountText(4_990))).toBe(4_990);
  });
});
