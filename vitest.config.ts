import { defineConfig } from 'vitest/config';

/**
 * One retry on CI: a red CI lands nothing, so a test that fails once under load must not cost the day.
 * `npm test` lists every test that passed only on its retry, so a flaky one stays in sight;
 * EQUIP_TEST_RETRIES=0 turns retries off (issue 25's check of five clean runs).
 */
const TEST_RETRIES = Number(process.env.EQUIP_TEST_RETRIES ?? (process.env.CI ? 1 : 0));

// One Vitest run covers the domain rules, the API (on PGlite, and on PostgreSQL when
// TEST_DATABASE_URL is set) and the web components.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          retry: TEST_RETRIES,
          include: ['packages/domain/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          retry: TEST_RETRIES,
          include: ['apps/api/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/api/src/test/global-setup.ts'],
          // Workers keep their database across test files (see apps/api/src/test/database.ts).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The companion agent, run against a real API server on the test database.
        test: {
          name: 'agent',
          retry: TEST_RETRIES,
          include: ['apps/agent/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/api/src/test/global-setup.ts'],
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web/vite.config.ts',
    ],
  },
});
