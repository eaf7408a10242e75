import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { selectionState, toggleId } from './selection.ts';

describe('selection state', () => {
  it('is None for an empty list or nothing selected, All when every listed id is, else Partial', () => {
    expect(selectionState([], ['a'])).toBe('None');
    expect(selectionState(['a', 'b'], [])).toBe('None');
    expect(selectionState(['a', 'b'], ['a', 'b', 'c'])).toBe('All');
    expect(selectionState(['a', 'b'], ['b'])).toBe('Partial');
  });

  it('property: toggling twice restores the selection', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string()), fc.string(), (selected, id) => {
        expect(new Set(toggleId(toggleId(selected, id), id))).toEqual(new Set(selected));
      }),
    );
  });
});
