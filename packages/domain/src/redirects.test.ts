import { describe, expect, it } from 'vitest';
import { LEAVING_TARGETS, STAYING_TARGETS } from './redirect-corpus.ts';
import { safeRedirectPath } from './redirects.ts';

const FALLBACK = '/dashboard/overview';
const ORIGIN = 'https://equip.example';

describe('safeRedirectPath', () => {
  it.each(LEAVING_TARGETS.map((target) => [JSON.stringify(target).slice(0, 60), target]))(
    'refuses %s',
    (_name, target) => {
      expect(safeRedirectPath(target, FALLBACK)).toBe(FALLBACK);
      expect(safeRedirectPath(target)).toBeUndefined();
    },
  );

  it.each(STAYING_TARGETS)('keeps %j as %s', (target, path) => {
    expect(safeRedirectPath(target, FALLBACK)).toBe(path);
  });

  it('answers the fallback for no target', () => {
    expect(safeRedirectPath(undefined, FALLBACK)).toBe(FALLBACK);
    expect(safeRedirectPath(null)).toBeUndefined();
  });

  it('answers a very long target at once', () => {
    const started = performance.now();
    expect(safeRedirectPath(`/\t/${'a'.repeat(1_000_000)}`, FALLBACK)).toBe(FALLBACK);
    expect(performance.now() - started).toBeLessThan(50);
  });

  it('answers only printable ASCII paths that a browser keeps on the origin (random targets)', () => {
    const pieces = ['/', '\\', '\t', '\n', '\r', ' ', '\u0000', '.', '..', 'e', ':', '%2F', '@', '?', '#'];
    let seed = 24;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let i = 0; i < 20_000; i++) {
      let target = '';
      for (let n = 1 + Math.floor(random() * 8); n > 0; n--)
        target += pieces[Math.floor(random() * pieces.length)];
      const path = safeRedirectPath(target);
      if (path === undefined) continue;
      expect(path, JSON.stringify(target)).toMatch(/^\/(?![/\\])[\x21-\x7e]*$/);
      const followed = new URL(path, ORIGIN);
      expect(followed.origin, JSON.stringify(target)).toBe(ORIGIN);
      expect(`${followed.pathname}${followed.search}${followed.hash}`).toBe(path);
    }
  });
});
