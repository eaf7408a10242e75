import type { AppJobs } from './background/app-job-types.ts';
import type { DeferredTasks } from './background/deferred-tasks.ts';
import type { AppConfig } from './config/env.ts';
import type { Database } from './db/client.ts';
import type { App } from './http/types.ts';
import type {
  AccessTokens,
  AuthService,
  InstallationKeys,
  LiveSessions,
  SsoService,
} from './modules/auth/service.ts';
import type { FlagsService } from './modules/flags/service.ts';
import type { WebhookService } from './modules/webhooks/service.ts';
import type { HrAdapters } from './providers/hr/hr-adapters.ts';
import type { Mailer } from './providers/mail/mailer.ts';
import type { MdmAdapters } from './providers/mdm/mdm-adapters.ts';
import type { SmsSender } from './providers/sms/sms.ts';
import type { WorkspaceAdapters } from './providers/workspace/workspace-adapters.ts';

/*
 * What the composition root (services.ts) hands to the modules, as types only. Modules import these
 * from here, never services.ts, which imports the modules: the import graph has no cycle (issue 25). The
 * files named above are the adapters and shared services themselves; none of them imports this file.
 */

/**
 * Configuration, the database, every adapter and the services others are built on (identity, webhooks,
 * flags), built once by services.ts before the modules' own.
 */
export interface CoreServices {
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
  /** The HR adapters (decision 029): an integration's real client or the sandbox HR system. */
  hr: HrAdapters;
  /** The workspace adapters (decision 033): Google Workspace's or Microsoft 365's client, or the sandbox. */
  workspace: WorkspaceAdapters;
  /** Identity: sign-in, sessions, invitations, resets, second factors. */
  auth: AuthService;
  /** Outbound webhooks: endpoints, the fan-out of logged events, the delivery attempts (decision 010). */
  webhooks: WebhookService;
  /** Single sign-on with each organisation's OpenID Connect provider. */
  sso: SsoService;
  /** The feature flags' current values (served with the page and by the experimentation proxy). */
  flags: FlagsService;
}

/**
 * What every module's routes get: the core services and each module's own. A module adds its service
 * here from its `area.ts` (`declare module '../../app-services.ts' { interface AppServices { … } }`,
 * as `http/access.ts` adds to Fastify's request), where it also builds it with its factory; services.ts
 * gathers them from the areas registry, and fails to compile when a module's service is declared here
 * but not built (docs/architecture.md, "How a module is wired").
 */
export interface AppServices extends CoreServices {}

/** Each area registers its routes through one of these. */
export type ModuleRoutes = (app: App, services: AppServices) => Promise<void> | void;
