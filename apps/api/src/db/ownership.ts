/**
 * Which module owns each table (by its Drizzle name). Only the owner reads or writes it; every other
 * module goes through the owner's public index.ts. The architecture test enforces this for
 * `apps/api/src/modules/**`; the demo seeds, the CLI and the providers (adapters) stand outside.
 *
 * `users` is the one shared row of a person and their account (decision 002): the employees module
 * owns the person, identity (auth) the credentials, and provider-admins the provider organisation's
 * people. `devices` is the devices module's, and enrolment's too: it adds the device a person enrols,
 * moves its enrolment state and writes the agent's check-ins onto it (in the check-in's one statement).
 * Tables of areas not built yet name the module that will own them.
 */
export const TABLE_OWNERS = {
  organizations: ['organizations', 'auth'],
  setupLinks: ['installation'],
  users: ['employees', 'people', 'auth', 'provider-admins'],
  userCounts: ['employees'],
  refreshTokens: ['auth'],
  oneTimeTokens: ['auth'],
  ssoStates: ['auth'],
  recoveryCodes: ['auth'],
  authAttempts: ['auth'],
  devices: ['devices', 'enrollment'],
  deviceCounts: ['devices'],
  enrollments: ['enrollment'],
  deviceAgents: ['enrollment'],
  deviceCommands: ['devices'],
  deviceSoftware: ['devices'],
  mdmConnections: ['mdm-connections'],
  assetKinds: ['assets'],
  assetDefinitions: ['assets'],
  assetInstances: ['assets'],
  assetCounts: ['assets'],
  applications: ['bundles'],
  bundles: ['bundles'],
  bundleApplications: ['bundles'],
  bundleEmployees: ['bundles'],
  bundleSettings: ['bundles'],
  onboardings: ['onboarding'],
  offboardings: ['offboarding'],
  integrations: ['integrations'],
  workspaces: ['integrations'],
  workspaceGroups: ['integrations'],
  notifications: ['notifications'],
  eventLog: ['audit-log'],
  webhookEndpoints: ['webhooks'],
  webhookDeliveries: ['webhooks'],
  featureFlags: ['flags'],
  analyticsEvents: ['analytics'],
  mailOutbox: ['outbox'],
  smsOutbox: ['outbox'],
  jobReceipts: ['jobs'],
  workerHeartbeats: ['health'],
  systemSettings: ['auth'],
  catalogItems: ['procurement'],
  catalogItemSpecifications: ['procurement'],
  procurementDrafts: ['procurement'],
  checkouts: ['procurement'],
  orders: ['procurement'],
  orderItems: ['procurement'],
  shipments: ['procurement'],
  procurementProviders: ['procurement'],
  procurementWebhookMessages: ['procurement'],
} as const satisfies Record<string, readonly string[]>;
