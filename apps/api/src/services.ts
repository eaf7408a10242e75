import type { FlagValues } from '@equip/domain/flags';
import { type AppJobs, createAppJobs, registerAppJobs } from './background/app-jobs.ts';
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
import { type Mailer, OutboxMailer, QueuedMailer, SmtpDelivery } from './providers/mail/mailer.ts';
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
  /** Work done after the answer in this process (timing-sensitive replies; durable work is a job). */
  deferred: DeferredTasks;
  /**
   * The durable job queue (pg-boss, decision 009): `jobs.send(name, payload, { db: tx })`. Started by
   * the process (main.ts, worker.ts, the test app) before it serves; stopped on close.
   */
  jobs: AppJobs;
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
  const jobs = createAppJobs(config, database);
  const smtp = config.smtpUrl ? new SmtpDelivery(database.db, config.smtpUrl, config.mailFrom) : null;
  const mailer =
    overrides.mailer ??
    (smtp
      ? new QueuedMailer(database.db, {
          enqueue: async (tx, outboxUuid) => {
            await jobs.send('mail.send', { outboxUuid }, { db: tx, key: outboxUuid });
          },
          kick: () => jobs.kick('mail.send'),
        })
      : new OutboxMailer(database.db));
  registerAppJobs(jobs, { config, database, mailer, smtp });
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
  return {
    config,
    database,
    keys,
    accessTokens,
    sessions,
    deferred,
    jobs,
    mailer,
    sms,
    auth,
    sso,
    readFlags,
  };
}
