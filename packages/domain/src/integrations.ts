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
} as const;
export type HrCheckError = (typeof HR_CHECK_ERRORS)[keyof typeof HR_CHECK_ERRORS];
export const HrLanguage = z.enum(['en', 'de', 'fr', 'it', 'es']);
export const IntegrationStatus = z.enum(['ACTIVE', 'INVALID', 'INACTIVE']);
export const IntegrationSetupStatus = z.enum(['INCOMPLETE', 'FINAL_SYNC_PENDING', 'COMPLETED']);
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
