import '@testing-library/jest-dom/vitest';
import '@equip/domain/zod-messages';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { connectivity } from '@/lib/connectivity';
import { deleteCookie } from '@/lib/cookies';
import { activateLocale, loadCatalogAreas } from '@/lib/i18n/i18n';

// Pages load lazily: the first import of a page (and its transform) can take several seconds on a busy
// 2-core machine (the provider admins page's first table came after 5 s in a CI run with the API suite
// beside it), so `findBy…` waits for its condition up to 15 s instead of 1 s.
configure({ asyncUtilTimeout: 15_000 });

// Tests read English unless they switch (the catalogs are the built ones, compiled from the .po files).
await activateLocale('en', 'Europe/Berlin');
await loadCatalogAreas('all');

// No test reaches the network: a request the test did not fake answers 404 in the API's error payload
// (tests that fake the API stub `fetch` themselves, over this). It is the global `fetch` itself, not a
// stub: `vi.unstubAllGlobals()` restores what was there before the first stub, and a request a test left
// pending (a retry, a refetch) that came after it reached happy-dom's real fetch (ECONNREFUSED
// 127.0.0.1:3000 in the output).
const unfakedFetch = async (input: RequestInfo | URL) =>
  new Response(
    JSON.stringify({
      errors: [{ msg: `No fake for ${String(input)}`, errorCode: 404, errorType: 'NotFound' }],
    }),
    { status: 404, headers: { 'content-type': 'application/json' } },
  );
globalThis.fetch = unfakedFetch as typeof fetch;
beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(unfakedFetch));
});

afterEach(() => {
  cleanup();
  // A test whose requests failed must not leave the next one offline.
  connectivity.reportReachable();
  // Nor a test's tab state (the /start progress) the next one's.
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) deleteCookie(name);
  }
});
