import { useEffect, useState } from 'react';

let painted: Promise<void> | undefined;

/**
 * Resolves once the page has loaded and painted and the browser has a quiet moment (at most a second
 * later): when the clients that are no part of the first screen (analytics, experimentation) may load
 * without delaying it (issue 9).
 */
export function afterFirstPaint(): Promise<void> {
  painted ??= new Promise<void>((resolve) => {
    const idle = () =>
      typeof requestIdleCallback === 'function'
        ? requestIdleCallback(() => resolve(), { timeout: 1000 })
        : setTimeout(resolve, 0);
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  });
  return painted;
}

let hasPainted = false;

/**
 * False until `afterFirstPaint`, then true for good: a query that is no part of the first screen (the
 * bell's count, the next page of a list) waits for it, so its request and its answer's work do not
 * delay that screen (bench/lighthouse.mjs, largest contentful paint).
 */
export function useAfterFirstPaint(): boolean {
  const [done, setDone] = useState(hasPainted);
  useEffect(() => {
    if (done) return;
    let current = true;
    void afterFirstPaint().then(() => {
      hasPainted = true;
      if (current) setDone(true);
    });
    return () => {
      current = false;
    };
  }, [done]);
  return done;
}
