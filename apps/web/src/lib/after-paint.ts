let painted: Promise<void> | undefined;

/**
 * Resolves once the page has loaded and painted and the browser has a quiet moment (at most a second
 * later): when the clients that are no part of the first screen (analytics, experimentation) may load
 * without delaying it (issue 9).
 */
export function afterFirstPaint(): Promise<void> {
  painted ??= new Promise((resolve) => {
    const idle = () =>
      typeof requestIdleCallback === 'function'
        ? requestIdleCallback(() => resolve(), { timeout: 1000 })
        : setTimeout(resolve, 0);
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  });
  return painted;
}
