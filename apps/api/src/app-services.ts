import type { AppJobs } from './background/app-job-types.ts';
import type { DeferredTasks } from './background/deferred-tasks.ts';
import type { AppConfig } from './config/env.ts';
import type { Database } from './db/client.ts';
import type { App } from './http/types.ts';
import type { AuditLogService } from './modules/audit-log/service.ts';
import type {
  AccessTokens,
  AuthService,
  InstallationKeys,
  LiveSessions,
  SsoService,
} from './modules/auth/service.ts';
import type { DeviceActionsService, DevicesService } from './modules/devices/service.ts';
import type { EmployeesService } from './modules/employees/service.ts';
import type { EnrollmentService } from './modules/enrollment/service.ts';
import type { FlagsService } from './modules/flags/service.ts';
import type { HealthService } from './modules/health/service.ts';
import type { InstallationService } from './modules/installation/service.ts';
import type { JobsAdminService } from './modules/jobs-admin/service.ts';
import type { MdmConnectionsService } from './modules/mdm-connections/service.ts';
import type { NotificationsService } from './modules/notifications/service.ts';
import type { OrganizationsService } from './modules/organizations/service.ts';
import type { OutboxService } from './modules/outbox/service.ts';
import type { ProviderAdminsService } from './modules/provider-admins/service.ts';
import type { WebhookService } from './modules/webhooks/service.ts';
import type { Mailer } from './providers/mail/mailer.ts';
import type { MdmAdapters } from './providers/mdm/mdm-adapters.ts';
import type { SmsSender } from './providers/sms/sms.ts';

/*
 * What the composition root (services.ts) hands to the modules, as types only. Modules import these
 * from here, never services.ts, which imports the modules: the import graph has no cycle (issue 25). The
 * files named above are the adapters and shared services themselves; none of them imports this file.
 */

/** Configuration, the database and every adapter, built once by services.ts and handed to each module. */
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
  flags: FlagsService;
  // Each area's service, built once by its factory (docs/architecture.md, "How a module is wired").
  auditLog: AuditLogService;
  devices: DevicesService;
  deviceActions: DeviceActionsService;
  employees: EmployeesService;
  enrollment: EnrollmentService;
  health: HealthService;
  installation: InstallationService;
  jobsAdmin: JobsAdminService;
  mdmConnections: MdmConnectionsService;
  notifications: NotificationsService;
  organizations: OrganizationsService;
  outbox: OutboxService;
  providerAdmins: ProviderAdminsService;
}

/** Each area registers its routes through one of these. */
export type ModuleRoutes = (app: App, services: AppServices) => Promise<void> | void;
