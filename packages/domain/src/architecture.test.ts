import { describe, expect, it } from 'vitest';
import { importCycles, importGraph } from '../../../scripts/architecture/import-cycles.ts';

describe('domain architecture', () => {
  it('has no import cycle, type-only imports included (the check is shown catching one in the API)', () => {
    const graph = importGraph(import.meta.dirname);
    expect(graph.size).toBeGreaterThan(20);
    expect(importCycles(graph)).toEqual([]);
  });
});
