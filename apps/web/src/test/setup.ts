import '@testing-library/jest-dom/vitest';
import '@equip/domain/zod-messages';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { connectivity } from '@/lib/connectivity';
import { deleteCookie } from '@/lib/cookies';
import { activateLocale, loadAllCatalogs } from '@/lib/i18n/i18n';

// Pages load lazily: the first import of a page (and its transform) can take over a second on a busy
// 2-core machine, so `findBy…` waits up to 5 s instead of 1 s.
configure({ asyncUtilTimeout: 5_000 });

// Tests read English unless they switch (the catalogs are the built ones, compiled from the .po files).
await activateLocale('en', 'Europe/Berlin');
await loadAllCatalogs();

// No test reaches the network: a request the test did not fake answers 404 in the API's error payload
// (tests that fake the API stub `fetch` themselves, over this).
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async (input: RequestInfo | URL) =>
        new Response(
          JSON.stringify({
            errors: [{ msg: `No fake for ${String(input)}`, errorCode: 404, errorType: 'NotFound' }],
          }),
          { status: 404, headers: { 'content-type': 'application/json' } },
        ),
    ),
  );
});

afterEach(() => {
  cleanup();
  // A test whose requests failed must not leave the next one offline.
  connectivity.reportReachable();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) deleteCookie(name);
  }
});
