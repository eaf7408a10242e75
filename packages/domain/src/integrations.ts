import { z } from 'zod';
import { IsoDateTime, listQuery, pageOf, QueryBoolean, Uuid } from './common.ts';
import { HR_PROVIDER_NAMES, HR_PROVIDERS } from './hr-providers.ts';

export const HrProvider = z.enum(HR_PROVIDERS);
export type HrProvider = z.infer<typeof HrProvider>;
export { HR_PROVIDER_NAMES };

/**
 * Why testing an integration failed, in fixed words (the web shows them translated; the vendor's own
 * words, where it gives some, travel beside them as `lastErrorDetail`). Decision 029.
 */
export const HR_CHECK_ERRORS = {
  credentialsRefused: 'The HR system refused the credentials',
  unreachable: 'Equip could not reach the HR system',
  unexpectedAnswer: 'The HR system did not answer as expected',
  serverError: 'The HR system answered with an error; try again later',
  rateLimited: 'The HR system asked Equip to wait; try again later',
  /** Sealed under another installation secret (JWT_SECRET changed): connect again. */
  credentialsUnreadable: 'The stored credentials cannot be read; connect the HR system again',
  /** A kind without a client, connected in the sandbox, after the sandbox was turned off. */
  noClient: 'Equip has no client for this HR system outside the sandbox',
} as const;
export type HrCheckError = (typeof HR_CHECK_ERRORS)[keyof typeof HR_CHECK_ERRORS];
export const HrLanguage = z.enum(['en', 'de', 'fr', 'it', 'es']);
export type HrLanguage = z.infer<typeof HrLanguage>;
export const IntegrationStatus = z.enum(['ACTIVE', 'INVALID', 'INACTIVE']);
export type IntegrationStatus = z.infer<typeof IntegrationStatus>;
export const IntegrationSetupStatus = z.enum(['INCOMPLETE', 'FINAL_SYNC_PENDING', 'COMPLETED']);
export type IntegrationSetupStatus = z.infer<typeof IntegrationSetupStatus>;
export const WorkspaceProvider = z.enum(['google', 'microsoft']);
export type WorkspaceProvider = z.infer<typeof WorkspaceProvider>;
/** Workspace group kinds (values not shown in the spec; these are the kinds Google and Microsoft expose). */
export const WorkspaceGroupKind = z.enum(['group', 'distribution_list', 'security_group', 'team']);
export const WorkspaceAutoAssignIssue = z.enum(['GroupKind', 'GroupSetting_DynamicMembership']);

export const Integration = z.object({
  uuid: Uuid,
  organizationUuid: Uuid,
  provider: HrProvider,
  language: HrLanguage,
  status: IntegrationStatus,
  setupStatus: IntegrationSetupStatus,
  lastSyncedAt: IsoDateTime.nullable(),
  createdAt: IsoDateTime,
});
export const WorkspaceTokenRequest = z.object({ code: z.string().min(1), providerKind: WorkspaceProvider });
export const WorkspaceGroupChange = z.object({ groupIds: z.array(z.string().min(1)).min(1) });

/**
 * An organisation's HR integrations (issue 30, decision 029): one per kind of HR system, connected with
 * the system's API credentials, tested before they are saved and stored sealed. The API never answers
 * the credentials, only the secret's last characters.
 */

/** The kinds Equip has a real client for; the others run in the sandbox only. */
export const HR_CLIENT_PROVIDERS: readonly HrProvider[] = ['personio', 'bamboohr', 'hibob'];
export const hasHrClient = (provider: HrProvider): boolean => HR_CLIENT_PROVIDERS.includes(provider);
export const noHrClientMessage = (provider: HrProvider) =>
  `Equip has no client for ${HR_PROVIDER_NAMES[provider]} yet`;
export const INTEGRATION_NOT_FOUND = 'No HR system of this kind is connected';
export const UNKNOWN_HR_PROVIDER = 'No such HR system';

/** The credentials an HR system's API takes (the last of each kind's fields is its secret). */
export const HrCredentialField = z.enum(['companyDomain', 'clientId', 'clientSecret', 'apiKey']);
export type HrCredentialField = z.infer<typeof HrCredentialField>;
export const HR_CREDENTIAL_FIELDS: Record<HrProvider, readonly HrCredentialField[]> = {
  // Personio: Settings → Integrations → API credentials (client ID and secret).
  personio: ['clientId', 'clientSecret'],
  // HiBob: a service user's ID and token.
  hibob: ['clientId', 'clientSecret'],
  // BambooHR: the company's subdomain and an API key.
  bamboohr: ['companyDomain', 'apiKey'],
  kenjo: ['apiKey'],
  heavenhr: ['apiKey'],
  // HRworks: an access key and its secret.
  hrworks: ['clientId', 'clientSecret'],
  factorial: ['apiKey'],
};

/** `:provider` of the routes: a kind of HR system (anything else is an integration that does not exist). */
export const IntegrationParams = z.object({
  provider: z
    .string()
    .max(40)
    .describe(`One of ${HrProvider.options.join(', ')}`),
});

/** The kind a path names, or null. */
export function hrProviderOfParam(value: string): HrProvider | null {
  const parsed = HrProvider.safeParse(value);
  return parsed.success ? parsed.data : null;
}

const credential = (max: number) => z.string().trim().min(1, 'Required').max(max).optional();

/**
 * Connecting an HR system: the kind's credentials (`HR_CREDENTIAL_FIELDS`, a 400 at the missing one;
 * the others are ignored) and the language its fields are written in.
 */
export const ConnectIntegrationRequest = z.object({
  companyDomain: z
    .string()
    .trim()
    .min(1, 'Required')
    .max(100)
    .regex(/^[a-z0-9-]+$/i, 'Only letters, digits and hyphens (the part before .bamboohr.com)')
    .optional(),
  clientId: credential(200),
  clientSecret: credential(4000),
  apiKey: credential(4000),
  language: HrLanguage.optional(),
});
export type ConnectIntegrationRequest = z.input<typeof ConnectIntegrationRequest>;

/*
 * The HR sync (issue 30, item 2; decision 032): people the HR system adds, changes and lets go become
 * employees, changes and leavers of the organisation; what cannot be applied without a person's decision
 * is a conflict.
 */

/** The employee fields the sync writes, each read from one HR field (the integration's field mapping). */
export const HrSyncedField = z.enum([
  'firstName',
  'lastName',
  'email',
  'phone',
  'department',
  'position',
  'startDate',
  'lastDate',
]);
export type HrSyncedField = z.infer<typeof HrSyncedField>;
/** The HR fields an employee field can be read from (the adapter's `HrEmployee`). */
export const HrSourceField = z.enum([
  'firstName',
  'lastName',
  'preferredName',
  'email',
  'personalEmail',
  'phone',
  'jobTitle',
  'department',
  'office',
  'costCenter',
  'employmentType',
  'startDate',
  'endDate',
]);
export type HrSourceField = z.infer<typeof HrSourceField>;
/** Which HR field each employee field is read from; null: the sync leaves that field alone. */
export const HrFieldMapping = z.object(
  Object.fromEntries(HrSyncedField.options.map((f) => [f, HrSourceField.nullable().optional()])) as Record<
    HrSyncedField,
    z.ZodOptional<z.ZodNullable<typeof HrSourceField>>
  >,
);
export type HrFieldMapping = Partial<Record<HrSyncedField, HrSourceField | null>>;
export const DEFAULT_HR_FIELD_MAPPING: Record<HrSyncedField, HrSourceField | null> = {
  firstName: 'firstName',
  lastName: 'lastName',
  email: 'email',
  phone: 'phone',
  department: 'department',
  position: 'jobTitle',
  startDate: 'startDate',
  lastDate: 'endDate',
};
/** The mapping in force: the stored one over the default. */
export function hrFieldMappingOf(
  stored: HrFieldMapping | null | undefined,
): Record<HrSyncedField, HrSourceField | null> {
  return { ...DEFAULT_HR_FIELD_MAPPING, ...(stored ?? {}) };
}

/** `PATCH /api/integrations/:provider/settings`: the HR language and the field mapping (each optional). */
export const IntegrationSettingsRequest = z
  .object({ language: HrLanguage.optional(), fieldMapping: HrFieldMapping.optional() })
  .refine(
    (b) =>
      !b.fieldMapping ||
      (b.fieldMapping.email !== null &&
        b.fieldMapping.firstName !== null &&
        b.fieldMapping.lastName !== null),
    {
      message: 'The email and the names are always read from the HR system',
      path: ['fieldMapping'],
    },
  );
export type IntegrationSettingsRequest = z.input<typeof IntegrationSettingsRequest>;
export const IntegrationSettings = z.object({
  language: HrLanguage,
  fieldMapping: z.record(HrSyncedField, HrSourceField.nullable()),
});
export type IntegrationSettings = z.infer<typeof IntegrationSettings>;

/** What the sync does with one HR person. */
export const HrSyncAction = z.enum(['create', 'update', 'offboard', 'skip', 'conflict']);
export type HrSyncAction = z.infer<typeof HrSyncAction>;
/** One field changed (or to change) with its value before and after. */
export const HrFieldChange = z.object({
  field: HrSyncedField,
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type HrFieldChange = z.infer<typeof HrFieldChange>;
/** One line of a sync's plan or log. */
export const HrSyncEntry = z.object({
  action: HrSyncAction,
  externalId: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  /** The employee it is (null for a person not in Equip yet). */
  employeeUuid: Uuid.nullable(),
  changes: z.array(HrFieldChange),
  /** Why it is skipped or a conflict, in fixed words (`HR_SYNC_REASONS`). */
  reason: z.string().nullable(),
});
export type HrSyncEntry = z.infer<typeof HrSyncEntry>;
export const HR_SYNC_REASONS = {
  unchanged: 'Nothing changed',
  leftBeforeSync: 'Left the company before the first sync',
  noEmail: 'The HR system has no work email for this person',
  emailInUse: 'The email is used by another person',
  editedInEquip: 'Edited in Equip after the HR system changed it',
  keptInEquip: 'Kept as in Equip',
} as const;
export const HrSyncCounts = z.object({
  created: z.number().int().min(0),
  updated: z.number().int().min(0),
  skipped: z.number().int().min(0),
  conflicts: z.number().int().min(0),
});
export type HrSyncCounts = z.infer<typeof HrSyncCounts>;
/** `POST …/sync/preview`: what the first sync will create, update and skip, before it does. */
export const HrSyncPreview = z.object({
  setupStatus: IntegrationSetupStatus,
  counts: HrSyncCounts,
  entries: z.array(HrSyncEntry),
});
export type HrSyncPreview = z.infer<typeof HrSyncPreview>;

export const HrSyncRunStatus = z.enum(['queued', 'running', 'succeeded', 'failed']);
export type HrSyncRunStatus = z.infer<typeof HrSyncRunStatus>;
export const HrSyncTrigger = z.enum(['manual', 'scheduled']);
export const HrSyncRun = z.object({
  uuid: Uuid,
  provider: HrProvider,
  trigger: HrSyncTrigger,
  status: HrSyncRunStatus,
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  conflicts: z.number().int(),
  /** Why it failed (one of HR_CHECK_ERRORS or the reason), null otherwise. */
  error: z.string().nullable(),
  /** What the run did, one line per person it touched, skipped or could not apply. */
  entries: z.array(HrSyncEntry),
  startedAt: IsoDateTime.nullable(),
  finishedAt: IsoDateTime.nullable(),
  createdAt: IsoDateTime,
});
export type HrSyncRun = z.infer<typeof HrSyncRun>;
export const HrSyncRunSortingKey = z.enum(['createdAt']);
/** The runs of one integration (`provider`) or of all. */
export const HrSyncRunListQuery = listQuery({ sortingKeys: HrSyncRunSortingKey, maxTake: 100 }).extend({
  provider: HrProvider.optional(),
});
export type HrSyncRunListQuery = z.infer<typeof HrSyncRunListQuery>;
export const HrSyncRunPage = pageOf(HrSyncRun);
export type HrSyncRunPage = z.infer<typeof HrSyncRunPage>;

export const HrConflictKind = z.enum(['EMAIL_IN_USE', 'EDITED_IN_EQUIP']);
export const HrConflictResolution = z.enum(['HR', 'EQUIP']);
export type HrConflictResolution = z.infer<typeof HrConflictResolution>;
export const HrConflict = z.object({
  uuid: Uuid,
  provider: HrProvider,
  kind: HrConflictKind,
  externalId: z.string(),
  name: z.string(),
  employeeUuid: Uuid.nullable(),
  field: HrSyncedField,
  hrValue: z.string().nullable(),
  equipValue: z.string().nullable(),
  resolution: HrConflictResolution.nullable(),
  createdAt: IsoDateTime,
  resolvedAt: IsoDateTime.nullable(),
});
export type HrConflict = z.infer<typeof HrConflict>;
export const HrConflictSortingKey = z.enum(['createdAt']);
export const HrConflictListQuery = listQuery({ sortingKeys: HrConflictSortingKey, maxTake: 100 }).extend({
  /** One integration's, or all. */
  provider: HrProvider.optional(),
  /** Only those waiting for a decision (the default), or resolved ones too. */
  resolved: QueryBoolean.optional(),
});
export type HrConflictListQuery = z.infer<typeof HrConflictListQuery>;
export const HrConflictPage = pageOf(HrConflict);
export type HrConflictPage = z.infer<typeof HrConflictPage>;
export const ResolveHrConflictRequest = z.object({ keep: HrConflictResolution });
export const HrConflictParams = z.object({ uuid: Uuid });

export const HR_SYNC_MESSAGES = {
  previewFirst: 'Preview the first sync before running it',
  paused: 'The integration is paused',
  conflictNotFound: 'No such conflict',
  conflictResolved: 'This conflict is already resolved',
  employeeGone: 'The employee is no longer there',
} as const;

/** An HR integration as the API answers it: never the credentials. */
export const HrIntegration = z.object({
  provider: HrProvider,
  language: HrLanguage,
  status: IntegrationStatus,
  setupStatus: IntegrationSetupStatus,
  /** The secret's last four characters (null for a short one, or none stored). */
  credentialHint: z.string().nullable(),
  /** Served by the installation's sandbox HR system (the demo), not the vendor. */
  sandbox: z.boolean(),
  /** When the credentials were last tested (on connect, by "Test", hourly). */
  lastCheckedAt: IsoDateTime.nullable(),
  /** Why the last test failed (one of HR_CHECK_ERRORS), null when it worked. */
  lastError: z.string().nullable(),
  /** The HR system's own words about the failure, when it gave some. */
  lastErrorDetail: z.string().nullable(),
  lastSyncedAt: IsoDateTime.nullable(),
  /** Which HR field each employee field is read from (decision 032). */
  fieldMapping: z.record(HrSyncedField, HrSourceField.nullable()),
  /** The newest sync run: its state and counts (null before the first). */
  lastSync: HrSyncRun.pick({
    uuid: true,
    status: true,
    created: true,
    updated: true,
    skipped: true,
    conflicts: true,
    error: true,
    finishedAt: true,
  }).nullable(),
  /** Conflicts waiting for a decision. */
  openConflicts: z.number().int().min(0),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type HrIntegration = z.infer<typeof HrIntegration>;
export const HrIntegrationList = z.object({ items: z.array(HrIntegration) });
export type HrIntegrationList = z.infer<typeof HrIntegrationList>;
