import { Trans } from '@lingui/react/macro';
export const MAIN_CONTENT_ID = 'main-content';

/** First focusable element of every layout: jumps past the navigation. */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className="sr-only z-50 rounded-lg bg-white px-4 py-2 text-sm font-medium text-indigo-700 shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:outline-2 focus:outline-indigo-600"
    >
      <Trans>Skip to content</Trans>
    </a>
  );
}
