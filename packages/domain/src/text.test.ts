import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findControlCharacter, PlainText } from './text.ts';

describe('control characters in input', () => {
  it('finds NUL and other control characters at their path, in values and keys', () => {
    expect(findControlCharacter({ a: 'fine', b: ['ok', 'bad\u0000'] })).toEqual(['b', 1]);
    expect(findControlCharacter({ nested: { 'k\u0001': 'x' } })).toEqual(['nested', 'k\u0001']);
    expect(findControlCharacter('\u007f')).toEqual([]);
    expect(findControlCharacter({ n: 1, t: true, z: null })).toBeNull();
  });

  it('lets tabs, line breaks and every printable character through', () => {
    expect(findControlCharacter({ notes: 'line one\r\nline\ttwo — Ågren Łukasz 😀' })).toBeNull();
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        const hasControl = [...text].some((c) => {
          const code = c.codePointAt(0)!;
          return (code < 0x20 && c !== '\t' && c !== '\n' && c !== '\r') || code === 0x7f;
        });
        expect(findControlCharacter(text) !== null).toBe(hasControl);
        expect(PlainText.safeParse(text).success).toBe(!hasControl);
      }),
    );
  });
});
