import { z } from 'zod';
import { IsoDateTime, Uuid } from './common.ts';

export const HrProvider = z.enum([
  'personio',
  'hibob',
  'kenjo',
  'heavenhr',
  'hrworks',
  'factorial',
  'bamboohr',
]);
export type HrProvider = z.infer<typeof HrProvider>;

/** The HR systems' product names (the same in every language). */
export const HR_PROVIDER_NAMES: Record<HrProvider, string> = {
  personio: 'Personio',
  hibob: 'HiBob',
  kenjo: 'Kenjo',
  heavenhr: 'HeavenHR',
  hrworks: 'HRworks',
  factorial: 'Factorial',
  bamboohr: 'BambooHR',
};

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
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type HrIntegration = z.infer<typeof HrIntegration>;
export const HrIntegrationList = z.object({ items: z.array(HrIntegration) });
export type HrIntegrationList = z.infer<typeof HrIntegrationList>;
