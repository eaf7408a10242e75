import { z } from 'zod';
import { IsoDateTime, Uuid } from './common.ts';
import {
  IntegrationStatus,
  WorkspaceAutoAssignIssue,
  WorkspaceGroupKind,
  WorkspaceProvider,
  WorkspaceTokenRequest,
} from './integrations.ts';

/**
 * The organisation's workspace suite (issue 30 items 3 and 4, decision 033): Google Workspace or
 * Microsoft 365, connected with the OAuth code flow (SPEC §7 workspace token acquisition), its refresh
 * token sealed. Its groups with member counts, the employees Equip put in them, and the auto-assignment
 * rules (department → groups) onboarding follows.
 */

export { WorkspaceAutoAssignIssue, WorkspaceGroupKind, WorkspaceProvider, WorkspaceTokenRequest };
export type WorkspaceProviderKind = z.infer<typeof WorkspaceProvider>;
export type WorkspaceGroupKindValue = z.infer<typeof WorkspaceGroupKind>;
export type WorkspaceAutoAssignIssueValue = z.infer<typeof WorkspaceAutoAssignIssue>;

/** The suites' product names (the same in every language). */
export const WORKSPACE_PROVIDER_NAMES: Record<WorkspaceProviderKind, string> = {
  google: 'Google Workspace',
  microsoft: 'Microsoft 365',
};

/** Why testing a workspace failed, in fixed words (the web shows them translated). */
export const WORKSPACE_CHECK_ERRORS = {
  refused: 'The workspace refused Equip’s access',
  unreachable: 'Equip could not reach the workspace',
  unexpectedAnswer: 'The workspace did not answer as expected',
  serverError: 'The workspace answered with an error; try again later',
  rateLimited: 'The workspace asked Equip to wait; try again later',
  /** Sealed under another installation secret (JWT_SECRET changed): connect again. */
  tokenUnreadable: 'The stored access cannot be read; connect the workspace again',
  /** A workspace connected in the sandbox, after the sandbox was turned off. */
  noClient: 'This workspace was connected in the sandbox; connect it again',
  /** The provider's OAuth client is not configured on this installation. */
  notConfigured: 'This installation has no OAuth client for this workspace',
} as const;
export type WorkspaceCheckError = (typeof WORKSPACE_CHECK_ERRORS)[keyof typeof WORKSPACE_CHECK_ERRORS];

export const WORKSPACE_NOT_CONNECTED = 'No workspace is connected';
export const WORKSPACE_GROUP_NOT_FOUND = 'No such workspace group';

/**
 * Why a group cannot take members from Equip (SPEC §8): a kind the provider's API does not let Equip
 * change (Microsoft's distribution lists and mail-enabled security groups), or members set by a rule.
 */
export function autoAssignIssueOf(group: {
  provider: WorkspaceProviderKind;
  kind: WorkspaceGroupKindValue;
  dynamic: boolean;
}): WorkspaceAutoAssignIssueValue | null {
  if (group.dynamic) return 'GroupSetting_DynamicMembership';
  if (group.provider === 'microsoft' && group.kind === 'distribution_list') return 'GroupKind';
  return null;
}

/** The connected workspace, as the API answers it (never its tokens). */
export const Workspace = z.object({
  provider: WorkspaceProvider,
  domain: z.string().nullable(),
  status: IntegrationStatus,
  /** The sandbox serves it (the demo, tests). */
  sandbox: z.boolean(),
  lastCheckedAt: IsoDateTime.nullable(),
  lastError: z.string().nullable(),
  lastErrorDetail: z.string().nullable(),
  connectedAt: IsoDateTime.nullable(),
});
export type Workspace = z.infer<typeof Workspace>;

/** `GET /api/workspaces`: the connected workspace, or null, and how connecting works here. */
export const WorkspaceState = z.object({
  workspace: Workspace.nullable(),
  /** Connecting goes through the sandbox (no OAuth consent page). */
  sandbox: z.boolean(),
  /** The providers this installation can connect (an OAuth client is configured, or the sandbox). */
  connectable: z.array(WorkspaceProvider),
});
export type WorkspaceState = z.infer<typeof WorkspaceState>;

/** Where to send the person for the provider's consent (`GET /api/workspaces/authorize`). */
export const WorkspaceAuthorizeQuery = z.object({
  providerKind: WorkspaceProvider,
  /** Where the provider sends the person back with `code` and `state` (the workspaces page). */
  redirectUri: z.url().max(2000),
  /** A random value the page keeps and compares when the person comes back. */
  state: z.string().min(8).max(200),
});
export const WorkspaceAuthorizeAnswer = z.object({
  /** The consent page; null in the sandbox (connect with the code `sandbox`). */
  url: z.url().nullable(),
  /** Google's licence and data-transfer scopes are asked (flag `unverified-google-oauth-scopes`). */
  unverifiedScopes: z.boolean(),
});

/** SPEC §7: the code the consent page gave back and the provider it came from. */
export const WorkspaceTokenBody = WorkspaceTokenRequest.extend({
  redirectUri: z.url().max(2000).optional(),
});

export const WorkspaceGroup = z.object({
  uuid: Uuid,
  externalId: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  kind: WorkspaceGroupKind,
  /** Members in the workspace (people and others), as the provider last counted them. */
  memberCount: z.number().int().nonnegative(),
  /** The employees of Equip in it. */
  memberUserUuids: z.array(Uuid),
  /** Why Equip cannot add or remove members (SPEC §8), or null. */
  autoAssignIssue: WorkspaceAutoAssignIssue.nullable(),
});
export type WorkspaceGroup = z.infer<typeof WorkspaceGroup>;
export const WorkspaceGroupList = z.object({ items: z.array(WorkspaceGroup), total: z.number().int() });
export type WorkspaceGroupList = z.infer<typeof WorkspaceGroupList>;

/** SPEC §5: add or remove employees to groups; `groupIds` required. */
export const WorkspaceMembersChange = z.object({
  groupIds: z.array(z.string().min(1).max(200)).min(1).max(50),
  userUuids: z.array(Uuid).min(1).max(200),
});
export type WorkspaceMembersChange = z.infer<typeof WorkspaceMembersChange>;

/** What a change did per group: done, or the issue why the group cannot take it. */
export const WorkspaceMembersResult = z.object({
  groups: z.array(
    z.object({
      groupId: z.string(),
      changed: z.number().int(),
      issue: WorkspaceAutoAssignIssue.nullable(),
    }),
  ),
});
export type WorkspaceMembersResult = z.infer<typeof WorkspaceMembersResult>;

/** An auto-assignment rule: new employees of the department join these groups. */
export const WorkspaceRule = z.object({
  department: z.string().trim().min(1).max(200),
  groupIds: z.array(z.string().min(1).max(200)).max(50),
});
export type WorkspaceRule = z.infer<typeof WorkspaceRule>;
export const WorkspaceRules = z.object({ items: z.array(WorkspaceRule).max(200) });
export type WorkspaceRules = z.infer<typeof WorkspaceRules>;
