import '@testing-library/jest-dom/vitest';
import '@equip/domain/zod-messages';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { deleteCookie } from '@/lib/cookies';

afterEach(() => {
  cleanup();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) deleteCookie(name);
  }
});
