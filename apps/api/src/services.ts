import type { FlagValues } from '@equip/domain/flags';
import { DeferredTasks } from './background/deferred-tasks.ts';
import type { AppConfig } from './config/env.ts';
import type { Database } from './db/client.ts';
import type { App } from './http/types.ts';
import { AccessTokens } from './modules/auth/access-tokens.ts';
import { type InstallationKeys, loadInstallationKeys } from './modules/auth/keys.ts';
import { AuthService } from './modules/auth/service.ts';
import { LiveSessions } from './modules/auth/sessions.ts';
import { SsoService } from './modules/auth/sso.ts';
import { readFlagValues } from './modules/flags/service.ts';
import { createMailer, type Mailer } from './providers/mail/mailer.ts';
import { SandboxSmsSender, type SmsSender } from './providers/sms/sms.ts';

/**
 * The composition root: configuration, the database and every adapter to the outside world are built
 * here, once, and handed to the modules. A module never constructs its own adapter.
 */
export interface AppServices {
  config: AppConfig;
  database: Database;
  keys: InstallationKeys;
  accessTokens: AccessTokens;
  /** Checks that the session behind each access token is still live. */
  sessions: LiveSessions;
  /** Work done after the answer (until the job runner takes it over). */
  deferred: DeferredTasks;
  mailer: Mailer;
  sms: SmsSender;
  /** Identity: sign-in, sessions, invitations, resets, second factors. */
  auth: AuthService;
  /** Single sign-on with each organisation's OpenID Connect provider. */
  sso: SsoService;
  /** The feature flags' current values (served with the page and by the experimentation proxy). */
  readFlags: () => Promise<FlagValues>;
}

/** Each area registers its routes through one of these. */
export type ModuleRoutes = (app: App, services: AppServices) => Promise<void> | void;

/** Wires configuration, database and adapters into the services the modules use. */
export async function createServices(
  config: AppConfig,
  database: Database,
  overrides: { mailer?: Mailer } = {},
): Promise<AppServices> {
  const keys = await loadInstallationKeys(database.db, config.jwtSecret);
  const accessTokens = new AccessTokens(keys.jwtSecret, config.accessTokenTtlSeconds);
  const sessions = new LiveSessions(database.db, accessTokens, config.sessionRecheckMs);
  const deferred = new DeferredTasks();
  const mailer = overrides.mailer ?? createMailer(database.db, config.smtpUrl, config.mailFrom);
  const sms = new SandboxSmsSender(database.db);
  const auth = new AuthService({
    db: database.db,
    config,
    keys,
    accessTokens,
    mailer,
    sms,
    sessions,
    deferred,
  });
  const sso = new SsoService(database.db, auth, config.publicUrl, config.ssoAllowPrivateIssuers);
  const readFlags = () => readFlagValues(database.db);
  return { config, database, keys, accessTokens, sessions, deferred, mailer, sms, auth, sso, readFlags };
}
