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

  it('answers the first in document order, a key before its value', () => {
    expect(findControlCharacter({ a: ['x', { b: 'y\u0001' }], c: 'z\u0002' })).toEqual(['a', 1, 'b']);
    expect(findControlCharacter({ 'k\u0001': 'v\u0000' })).toEqual(['k\u0001']);
    expect(findControlCharacter({ a: '\u0000', 'b\u0001': 'x' })).toEqual(['a']);
    expect(findControlCharacter([[], {}, ['ok', ['\u0003']]])).toEqual([2, 1, 0]);
  });

  it('walks any depth without recursion (issue 24: 5,000 levels overflowed the stack)', () => {
    let value: unknown = 'bottom\u0000';
    for (let level = 0; level < 100_000; level++) value = level % 2 ? { k: value } : [value];
    const path = findControlCharacter(value);
    expect(path).toHaveLength(100_000);
    expect(path!.slice(0, 4)).toEqual(['k', 0, 'k', 0]);
    // Without one, the walk ends with null at the same depth.
    let clean: unknown = 'bottom';
    for (let level = 0; level < 100_000; level++) clean = [clean];
    expect(findControlCharacter(clean)).toBeNull();
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
