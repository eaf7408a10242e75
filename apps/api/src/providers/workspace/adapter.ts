import type {
  WorkspaceAutoAssignIssueValue,
  WorkspaceCheckError,
  WorkspaceGroupKindValue,
  WorkspaceProviderKind,
} from '@equip/domain/workspaces';

/**
 * The workspace adapter interface (decision 033): how Equip reads and changes an organisation's Google
 * Workspace or Microsoft 365 — its users, groups and their members, org units (Google only) and
 * licences — and the operations onboarding and offboarding call. One adapter per connected workspace;
 * the connection checks, the groups screen and the flows are its callers. Users are named by their
 * primary email (both providers take it as the user key).
 */

export interface WorkspaceUser {
  /** The provider's id of the user. */
  externalId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  suspended: boolean;
  /** Google only (Microsoft has no archived users: always false). */
  archived: boolean;
  /** Google only; null for Microsoft. */
  orgUnitPath: string | null;
}

export interface WorkspaceGroupInfo {
  /** The provider's id of the group: what `groupIds` name. */
  externalId: string;
  name: string;
  email: string | null;
  kind: WorkspaceGroupKindValue;
  /** Members set by a rule (Microsoft `DynamicMembership`): Equip cannot add or remove any. */
  dynamic: boolean;
  /** As the provider counts them (Google `directMembersCount`); null where it must be counted. */
  memberCount: number | null;
  /** Why Equip cannot change its members (SPEC §8), or null. */
  issue: WorkspaceAutoAssignIssueValue | null;
}

export interface WorkspaceMember {
  externalId: string;
  /** Null for a member without a mail address (Microsoft devices, service principals). */
  email: string | null;
  /** A user, or a nested group and the like. */
  type: 'user' | 'group' | 'other';
}

export interface WorkspaceOrgUnit {
  path: string;
  name: string;
}

/** A licence (Google SKU, Microsoft subscribed SKU) the workspace can assign. */
export interface WorkspaceLicence {
  skuId: string;
  name: string;
}

/** A user's licence. */
export interface WorkspaceLicenceAssignment {
  email: string;
  skuId: string;
  name: string;
}

/** One page; `next` is the cursor of the following page, null after the last. */
export interface WorkspacePage<T> {
  items: T[];
  next: string | null;
}

/** What onboarding creates: the account with its licences, groups and (Google) org unit. */
export interface NewWorkspaceUser {
  email: string;
  firstName: string;
  lastName: string;
  /** The first password (the person changes it at first sign-in). */
  password: string;
  licenseIds: string[];
  groupIds: string[];
  /** Google only; ignored by Microsoft. */
  orgUnitPath: string | null;
}

/** What adding or removing members did to one group. */
export interface GroupChange {
  groupId: string;
  /** Members added or removed (an existing member added again counts as done, not changed). */
  changed: number;
  /** Why the group could not take the change (SPEC §8), or null. */
  issue: WorkspaceAutoAssignIssueValue | null;
}

/** Offboarding's delete: where mail goes after and who gets the person's files. */
export interface DeleteOptions {
  /** Mail to the deleted address reaches this address (an alias on that user). */
  forwardTo: string | null;
  /** The person's files are handed to this user before the delete. */
  dataInheritor: string | null;
}

export type WorkspaceCheckResult =
  | { ok: true; domain: string | null }
  | { ok: false; error: WorkspaceCheckError; detail: string | null };

/** The group or user named is not in the workspace. */
export class WorkspaceNotFound extends Error {
  override name = 'WorkspaceNotFound';
}

/** The provider cannot do what was asked (Microsoft's archive, say): nothing was changed. */
export class WorkspaceUnsupported extends Error {
  override name = 'WorkspaceUnsupported';
}

export interface WorkspaceAdapter {
  readonly provider: WorkspaceProviderKind;
  readonly kind: 'sandbox' | 'client';
  /**
   * A newer refresh token the provider gave while this adapter worked (Microsoft replaces it at every
   * refresh), for the caller to store sealed instead of the old one; null when there is none.
   */
  readonly rotatedRefreshToken?: string | null;
  /** One cheap authenticated read; never throws for the provider's sake (the reason is the answer). */
  check(): Promise<WorkspaceCheckResult>;
  users(cursor: string | null): Promise<WorkspacePage<WorkspaceUser>>;
  groups(cursor: string | null): Promise<WorkspacePage<WorkspaceGroupInfo>>;
  members(groupId: string, cursor: string | null): Promise<WorkspacePage<WorkspaceMember>>;
  /** Google's org units; Microsoft has none (empty). */
  orgUnits(): Promise<WorkspaceOrgUnit[]>;
  licences(): Promise<WorkspaceLicence[]>;
  licenceAssignments(cursor: string | null): Promise<WorkspacePage<WorkspaceLicenceAssignment>>;
  /** Creates the account, then its licences and groups; a group that cannot take it is in `groups`. */
  createUser(user: NewWorkspaceUser): Promise<{ user: WorkspaceUser; groups: GroupChange[] }>;
  suspendUser(email: string): Promise<void>;
  /** Hands the files over, deletes the account, then forwards its address (WorkspaceUnsupported if not). */
  deleteUser(email: string, options: DeleteOptions): Promise<void>;
  /** Google's archived user (WorkspaceUnsupported for Microsoft). */
  archiveUser(email: string): Promise<void>;
  addMembers(groupIds: readonly string[], emails: readonly string[]): Promise<GroupChange[]>;
  removeMembers(groupIds: readonly string[], emails: readonly string[]): Promise<GroupChange[]>;
}

/** Every page of a paged read, in order. */
export async function allPages<T>(read: (cursor: string | null) => Promise<WorkspacePage<T>>): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  do {
    const page: WorkspacePage<T> = await read(cursor);
    items.push(...page.items);
    cursor = page.next;
  } while (cursor);
  return items;
}
