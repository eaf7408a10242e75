import { buildApp } from '../app.ts';
import type { AppServices } from '../app-services.ts';
import { loadConfig } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import type { App } from '../http/types.ts';
import type { Mailer, MailLog } from '../providers/mail/mailer.ts';
import { createServices } from '../services.ts';
import { getTestDatabase } from './database.ts';

export interface TestApp {
  app: App;
  services: AppServices;
}

/**
 * The real app on the worker's test database, for `app.inject`. Built once per test file (in a
 * beforeAll) and closed in afterAll; the database stays open for the worker.
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    mailer?: Mailer;
    /** Where the mail job logs SMTP failures (silent otherwise). */
    log?: MailLog;
    serveWeb?: boolean;
    /** Another database than the worker's (e.g. openFreshTestDatabase's); the caller closes it. */
    database?: Database;
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await getTestDatabase());
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    EQUIP_DATA_DIR: '.data-test',
    ...options.env,
  });
  const services = await createServices(config, database, { mailer: options.mailer, log: options.log });
  const app = await buildApp(services, { logger: false, serveWeb: options.serveWeb ?? false });
  // The job runner works in the test process (mail goes out through it), polling every half second.
  await services.jobs.start();
  app.addHook('onClose', () => services.jobs.stop());
  await app.ready();
  return { app, services };
}
