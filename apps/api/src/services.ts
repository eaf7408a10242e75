import type { AppConfig } from './config/env.ts';
import type { Database } from './db/client.ts';
import type { AppServices } from './http/types.ts';
import { AccessTokens } from './modules/auth/access-tokens.ts';
import { loadInstallationKeys } from './modules/auth/keys.ts';
import { createMailer, type Mailer } from './providers/mail/mailer.ts';

/** Wires configuration, database and adapters into the services the modules use. */
export async function createServices(
  config: AppConfig,
  database: Database,
  overrides: { mailer?: Mailer } = {},
): Promise<AppServices> {
  const keys = await loadInstallationKeys(database.db, config.jwtSecret);
  return {
    config,
    database,
    keys,
    accessTokens: new AccessTokens(keys.jwtSecret, config.accessTokenTtlSeconds),
    mailer: overrides.mailer ?? createMailer(database.db, config.smtpUrl, config.mailFrom),
  };
}
