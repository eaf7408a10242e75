import type { FlagValues } from '@equip/domain/flags';
import { type AppJobs, createAppJobs, registerAppJobs } from './background/app-jobs.ts';
import { DeferredTasks } from './background/deferred-tasks.ts';
import type { AppConfig } from './config/env.ts';
import type { Database, Db } from './db/client.ts';
import type { App } from './http/types.ts';
import { AccessTokens } from './modules/auth/access-tokens.ts';
import { type InstallationKeys, loadInstallationKeys } from './modules/auth/keys.ts';
import { AuthService } from './modules/auth/service.ts';
import { LiveSessions } from './modules/auth/sessions.ts';
import { SsoService } from './modules/auth/sso.ts';
import { onEventsLogged } from './modules/events/index.ts';
import { readFlagValues } from './modules/flags/service.ts';
import { notifyAbout } from './modules/notifications/index.ts';
import { type PlannedAttempt, WebhookService, webhookSecretKey } from './modules/webhooks/index.ts';
import { type Mailer, OutboxMailer, QueuedMailer, SmtpDelivery } from './providers/mail/mailer.ts';
import { MdmAdapters } from './providers/mdm/mdm-adapters.ts';
import { SandboxSmsSender, type SmsSender } from './providers/sms/sms.ts';
import { SEALED_SECRET_PURPOSES, sealingKey } from './security/sealed-secrets.ts';

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
  /** The MDM adapters (decision 012): a device's provider's real client or its sandbox. */
  mdm: MdmAdapters;
  /** Identity: sign-in, sessions, invitations, resets, second factors. */
  auth: AuthService;
  /** Outbound webhooks: endpoints, the fan-out of logged events, the delivery attempts (decision 010). */
  webhooks: WebhookService;
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
  const mdm = new MdmAdapters(config.mdm, sealingKey(keys.jwtSecret, SEALED_SECRET_PURPOSES.mdmTokens));
  const webhooks = new WebhookService({
    db: database.db,
    queue: {
      enqueue: (tx, attempts) => enqueueWebhookAttempts(jobs, tx, attempts),
      wake: () => jobs.kick('webhooks.deliver'),
    },
    secretKey: webhookSecretKey(keys.jwtSecret),
    policy: { allowPrivate: config.webhooksAllowPrivate },
    // Tests see retries within seconds.
    ...(config.env === 'test' ? { retryDelaysSeconds: [1, 1, 1, 1, 1, 1, 1] } : {}),
  });
  registerAppJobs(jobs, { config, database, mailer, smtp, mdm, webhooks });
  // Webhook deliveries are enqueued with the events that cause them, in the same transaction.
  onEventsLogged('webhooks', (tx, events) => webhooks.publish(tx, events));
  // Notifications are written with the events that cause them, in the same transaction.
  onEventsLogged('notifications', notifyAbout);
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
    mdm,
    webhooks,
    auth,
    sso,
    readFlags,
  };
}

/**
 * The webhooks' attempts as jobs (`webhooks.deliver`), keyed by delivery, series and attempt: a
 * redelivery is not mistaken for the retry already planned with the same attempt number.
 */
async function enqueueWebhookAttempts(jobs: AppJobs, tx: Db, attempts: PlannedAttempt[]): Promise<void> {
  const now = attempts.filter((a) => !a.startAfter);
  if (now.length > 0)
    await jobs.sendMany(
      'webhooks.deliver',
      now.map(({ deliveryUuid, attempt, firstAttempt }) => ({
        payload: { deliveryUuid, attempt, firstAttempt },
        key: `${deliveryUuid}:${firstAttempt}:${attempt}`,
      })),
      { db: tx },
    );
  for (const { startAfter, ...payload } of attempts.filter((a) => a.startAfter))
    await jobs.send('webhooks.deliver', payload, {
      db: tx,
      key: `${payload.deliveryUuid}:${payload.firstAttempt}:${payload.attempt}`,
      startAfter,
    });
}
