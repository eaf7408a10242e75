import '@testing-library/jest-dom/vitest';
import '@equip/domain/zod-messages';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { deleteCookie } from '@/lib/cookies';
import { activateLocale, loadAllCatalogs } from '@/lib/i18n/i18n';

// Tests read English unless they switch (the catalogs are the built ones, compiled from the .po files).
await activateLocale('en', 'Europe/Berlin');
await loadAllCatalogs();

afterEach(() => {
  cleanup();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) deleteCookie(name);
  }
});
