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
