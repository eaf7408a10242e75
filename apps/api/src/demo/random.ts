/**
 * A small seeded pseudo-random generator (mulberry32) with the helpers the seeders need. The same seed
 * always yields the same sequence, so demo data is reproducible without a faker dependency.
 * Not for anything security-related: passwords come from node:crypto.
 */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** True with the given probability. */
  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('Random.pick: empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** Picks a value with probability proportional to its weight. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
    if (entries.length === 0 || total <= 0) throw new Error('Random.weighted: no positive weight');
    let roll = this.next() * total;
    for (const [value, weight] of entries) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return entries[entries.length - 1]![0];
  }

  /** A new array with the items in random order (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy;
  }

  /** `count` distinct items (fewer when the list is shorter). */
  sample<T>(items: readonly T[], count: number): T[] {
    return this.shuffle(items).slice(0, Math.max(0, count));
  }

  /** A moment between `from` and `to`. */
  dateBetween(from: Date, to: Date): Date {
    return new Date(from.getTime() + Math.floor(this.next() * (to.getTime() - from.getTime())));
  }

  /** A string of `length` characters drawn from `alphabet`. */
  chars(alphabet: string, length: number): string {
    let out = '';
    for (let i = 0; i < length; i++) out += alphabet[Math.floor(this.next() * alphabet.length)];
    return out;
  }

  digits(length: number): string {
    return this.chars('0123456789', length);
  }
}

export function createRandom(seed: number): Random {
  return new Random(seed);
}

/**
 * A list with exactly the given number of each value, in random order: guarantees that every value
 * occurs (a weighted pick per row might miss a rare one).
 */
export function quotas<T>(random: Random, counts: readonly (readonly [T, number])[]): T[] {
  return random.shuffle(counts.flatMap(([value, count]) => Array.from({ length: count }, () => value)));
}

/** Quotas for `total` rows from relative shares; every value with a positive share occurs at least once. */
export function spread<T>(random: Random, total: number, shares: readonly (readonly [T, number])[]): T[] {
  const weightSum = shares.reduce((sum, [, share]) => sum + share, 0);
  const counts = shares.map(
    ([value, share]) => [value, Math.max(1, Math.floor((share / weightSum) * total))] as const,
  );
  const assigned = counts.reduce((sum, [, count]) => sum + count, 0);
  // Hand the remainder to (or take the excess from) the largest share.
  const largest = counts.reduce((best, entry, index) => (entry[1] > counts[best]![1] ? index : best), 0);
  const [value, count] = counts[largest]!;
  counts[largest] = [value, Math.max(1, count + total - assigned)];
  return quotas(random, counts);
}

const DAY_MS = 86_400_000;

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

/** The calendar date (UTC) as YYYY-MM-DD, the format of date columns. */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}
