import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * End-to-end specs drive the real server (built SPA + APIs on a fresh PGlite data folder with the demo
 * organisation) in Debian's Chromium. Mail goes over SMTP to a local peer started in global setup.
 * The config is evaluated in the runner and again in each worker: the folders are chosen once and
 * handed to the workers through the environment.
 */
const root = path.resolve(import.meta.dirname, '..');
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'equip-e2e-data-'));
process.env.E2E_MAIL_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'equip-e2e-mail-'));
process.env.E2E_PORT ??= '3300';
process.env.E2E_SMTP_PORT ??= '2526';
const baseURL = `http://localhost:${process.env.E2E_PORT}`;

export default defineConfig({
  testDir: './specs',
  outputDir: './.artifacts/results',
  fullyParallel: false,
  workers: process.env.CI ? 2 : 2,
  // One retry on CI (a flaky spec is reported as such); EQUIP_TEST_RETRIES=0 for none.
  retries: Number(process.env.EQUIP_TEST_RETRIES ?? (process.env.CI ? 1 : 0)),
  // Waits are on what the page shows; these bound them. A loaded 2-core machine (the API suites of other
  // work beside it) took 13 s to boot the app after a full navigation, past the 10 s a wait had.
  timeout: 120_000,
  expect: { timeout: 25_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  globalSetup: './support/global-setup.ts',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node scripts/start.mjs',
    cwd: root,
    url: `${baseURL}/readyz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: process.env.E2E_PORT,
      PUBLIC_URL: baseURL,
      EQUIP_DATA_DIR: process.env.E2E_DATA_DIR,
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      // The single sign-on spec runs a local OpenID provider on plain http and loopback.
      SSO_ALLOW_PRIVATE_ISSUERS: 'true',
      // The webhooks spec delivers to a receiver on loopback over plain http.
      WEBHOOKS_ALLOW_PRIVATE: 'true',
      // The MDM servers spec connects a local fake of Fleet on loopback over plain http.
      MDM_ALLOW_PRIVATE_SERVERS: 'true',
      // The sandbox MDM's devices report a command 1.5 s after it is sent: the spec sees it under way.
      MDM_SANDBOX_DELAY_MS: '1500',
      // The sandbox procurement provider takes a step of a checkout or an order every second: the
      // procurement spec sees an order advance to delivered (NODE_ENV=test would make it 0).
      PROCUREMENT_SANDBOX_STEP_MS: '1000',
    },
  },
});
