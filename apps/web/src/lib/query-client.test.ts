import { describe, expect, it } from 'vitest';
import { createQueryClient, MUTATION_RETRY, QUERY_RETRY, QUERY_STALE_TIME_MS } from './query-client';

describe('query client', () => {
  it('uses the spec defaults: fresh for 120000 ms, queries retry once, mutations never', () => {
    expect(QUERY_STALE_TIME_MS).toBe(120000);
    expect(QUERY_RETRY).toBe(1);
    expect(MUTATION_RETRY).toBe(false);
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.staleTime).toBe(120000);
    expect(defaults.queries?.retry).toBe(1);
    expect(defaults.mutations?.retry).toBe(false);
  });

  it('creates a fresh client each time (no cache shared between tests or pages)', () => {
    expect(createQueryClient()).not.toBe(createQueryClient());
  });
});
