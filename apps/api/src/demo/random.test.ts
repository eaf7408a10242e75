import { describe, expect, it } from 'vitest';
import { addDays, createRandom, isoDate, quotas, spread } from './random.ts';

describe('seeded random', () => {
  it('gives the same sequence for the same seed and another for another seed', () => {
    const draw = (seed: number) => {
      const random = createRandom(seed);
      return Array.from({ length: 20 }, () => random.next());
    };
    expect(draw(42)).toEqual(draw(42));
    expect(draw(42)).not.toEqual(draw(43));
    expect(draw(42).every((value) => value >= 0 && value < 1)).toBe(true);
  });

  it('makes every helper deterministic', () => {
    const run = (seed: number) => {
      const random = createRandom(seed);
      return {
        int: random.int(1, 6),
        pick: random.pick(['a', 'b', 'c']),
        weighted: random.weighted([
          ['x', 1],
          ['y', 3],
        ] as const),
        shuffle: random.shuffle([1, 2, 3, 4, 5]),
        sample: random.sample(['p', 'q', 'r', 's'], 2),
        date: random
          .dateBetween(new Date('2024-01-01T00:00:00Z'), new Date('2025-01-01T00:00:00Z'))
          .toISOString(),
        chars: random.chars('ABC', 8),
      };
    };
    expect(run(7)).toEqual(run(7));
  });

  it('keeps ints within their bounds and reaches both ends', () => {
    const random = createRandom(1);
    const values = new Set(Array.from({ length: 500 }, () => random.int(3, 6)));
    expect([...values].sort()).toEqual([3, 4, 5, 6]);
  });

  it('picks by weight and never a value of weight zero', () => {
    const random = createRandom(5);
    const counts = { a: 0, b: 0, c: 0 };
    for (let i = 0; i < 4000; i++) {
      counts[
        random.weighted([
          ['a', 1],
          ['b', 3],
          ['c', 0],
        ] as const)
      ]++;
    }
    expect(counts.c).toBe(0);
    expect(counts.b / counts.a).toBeGreaterThan(2.5);
    expect(counts.b / counts.a).toBeLessThan(3.5);
  });

  it('shuffles into a permutation without touching the input', () => {
    const input = [1, 2, 3, 4, 5, 6, 7, 8];
    const shuffled = createRandom(3).shuffle(input);
    expect([...shuffled].sort((a, b) => a - b)).toEqual(input);
    expect(input).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('keeps dates within the range', () => {
    const random = createRandom(9);
    const from = new Date('2024-03-01T00:00:00Z');
    const to = new Date('2024-03-31T00:00:00Z');
    for (let i = 0; i < 100; i++) {
      const date = random.dateBetween(from, to);
      expect(date >= from && date <= to).toBe(true);
    }
  });

  it('quotas give exact counts; spread gives the total with every value at least once', () => {
    const random = createRandom(11);
    const exact = quotas(random, [
      ['a', 2],
      ['b', 5],
    ]);
    expect(exact.filter((v) => v === 'a')).toHaveLength(2);
    expect(exact).toHaveLength(7);
    for (const total of [5, 17, 150, 1001]) {
      const values = spread(random, total, [
        ['common', 90],
        ['rare', 1],
        ['medium', 9],
      ]);
      expect(values).toHaveLength(total);
      expect(new Set(values)).toEqual(new Set(['common', 'rare', 'medium']));
    }
  });

  it('formats calendar dates', () => {
    expect(isoDate(addDays(new Date('2024-12-31T12:00:00Z'), 1))).toBe('2025-01-01');
  });
});
