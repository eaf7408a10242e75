import type { Role } from './identity.ts';

/**
 * Who may grant what: the one rule every write path that creates, changes, invites, resets or removes
 * a person calls (employees create, bulk, CSV import, update, delete, invite; provider-admin
 * management). Pure, so the browser can hide what the server would refuse.
 *
 * The model (docs/security.md):
 * - `equip-admin` (provider admins) are not people of any organisation: they live in the provider
 *   organisation, which no tenant can reach, and are managed only by provider admins and the CLI.
 *   No organisation write path can create one, turn someone into one, or touch one.
 * - `it-owner`s administer their own organisation; provider admins act for one organisation at a time.
 * - `regular` people write nobody (not even themselves, through these paths).
 * - Nobody changes their own role or removes themselves (the organisation would lose its owner by a
 *   slip), and an organisation keeps at least one it-owner.
 */

/** Roles a person of an organisation can hold. */
export const TENANT_ROLES = ['regular', 'it-owner'] as const satisfies readonly Role[];
export type TenantRole = (typeof TENANT_ROLES)[number];

export function isTenantRole(role: Role): role is TenantRole {
  return (TENANT_ROLES as readonly Role[]).includes(role);
}

/** Who is asking: the verified caller and the organisation they act for. */
export interface Actor {
  userUuid: string;
  role: Role;
  organizationUuid: string;
}

/** The person written to, as stored (null when creating). */
export interface GrantTarget {
  uuid: string;
  role: Role;
  organizationUuid: string;
}

export type GrantAction = 'create' | 'update' | 'delete' | 'invite' | 'reset';

export interface RequestedChange {
  action: GrantAction;
  /** The role asked for (create: the new person's role; update: only when it changes). */
  role?: Role;
  /** The organisation asked for, when a body names one. */
  organizationUuid?: string;
  /** it-owners of the organisation other than the target (only needed when an it-owner loses the role). */
  otherItOwners?: number;
}

export type GrantDenial = {
  allowed: false;
  /** 403: may not; 404: the target is not one this actor can see; 409: would break an invariant. */
  status: 403 | 404 | 409;
  /** The body field at fault, if one is. */
  field?: 'role' | 'organizationUuid';
  reason: string;
};
export type GrantDecision = { allowed: true } | GrantDenial;

const deny = (status: GrantDenial['status'], reason: string, field?: GrantDenial['field']): GrantDenial => ({
  allowed: false,
  status,
  reason,
  ...(field ? { field } : {}),
});

export const GRANT_MESSAGES = {
  regularWritesNobody: 'Only IT owners can manage people',
  providerRole: 'The equip-admin role belongs to provider admins, who are not managed within an organisation',
  otherOrganization: 'People can only be added to the organisation you act for',
  notFound: 'Employee not found',
  ownRole: 'You cannot change your own role; ask another IT owner',
  ownRemoval: 'You cannot delete yourself',
  lastItOwner: 'The organisation needs at least one IT owner',
} as const;

/** May `actor` make `change` to `target` (or create a person when `target` is null)? */
export function decideGrant(
  actor: Actor,
  target: GrantTarget | null,
  change: RequestedChange,
): GrantDecision {
  if (!isManager(actor.role)) return deny(403, GRANT_MESSAGES.regularWritesNobody);
  if (change.organizationUuid !== undefined && change.organizationUuid !== actor.organizationUuid)
    return deny(403, GRANT_MESSAGES.otherOrganization, 'organizationUuid');
  if (target) {
    // Someone of another organisation, or a provider admin, is not there as far as this path goes.
    if (target.organizationUuid !== actor.organizationUuid || !isTenantRole(target.role))
      return deny(404, GRANT_MESSAGES.notFound);
  }
  if (change.role !== undefined && !isTenantRole(change.role))
    return deny(403, GRANT_MESSAGES.providerRole, 'role');
  if (!target) return { allowed: true };

  const isSelf = target.uuid === actor.userUuid;
  if (change.action === 'delete' && isSelf) return deny(409, GRANT_MESSAGES.ownRemoval);
  const changesRole = change.role !== undefined && change.role !== target.role;
  if (changesRole && isSelf) return deny(403, GRANT_MESSAGES.ownRole, 'role');
  const losesOwner = target.role === 'it-owner' && (changesRole || change.action === 'delete');
  if (losesOwner && change.otherItOwners !== undefined && change.otherItOwners < 1)
    return deny(409, GRANT_MESSAGES.lastItOwner, changesRole ? 'role' : undefined);
  return { allowed: true };
}

/** The roles an actor may hand out through an organisation's write paths (for forms and tests). */
export function grantableRoles(actor: Pick<Actor, 'role'>): TenantRole[] {
  return isManager(actor.role) ? [...TENANT_ROLES] : [];
}

function isManager(role: Role): boolean {
  return role === 'it-owner' || role === 'equip-admin';
}

// Procurement (issue 31, decision 031): who may write the catalog and drafts, per target and field.

export type ProcurementScope = 'General' | 'Organization';

export const PROCUREMENT_ACCESS_MESSAGES = {
  regularOrdersNothing: 'Only IT owners can order hardware and manage the catalog',
  generalIsProviders: 'Only provider admins curate the General catalog',
  otherOrganization: 'You can only write for the organisation you act for',
  organizationRequired: 'Name the organisation you act for (organizationUuid)',
  notFound: 'Catalog item not found',
} as const;

/**
 * May `actor` write a catalog item of `scope` (create, or change or remove `target`)? IT owners write
 * their organisation's own items; provider admins write General items, and an organisation's own items
 * while acting for it (decision 004). A body naming another organisation is refused at the field; an
 * item of another organisation is not there (404). A General item is outside every tenant.
 */
export function decideCatalogWrite(
  actor: Actor,
  scope: ProcurementScope,
  target: { organizationUuid: string | null } | null,
  change: { organizationUuid?: string | undefined } = {},
): GrantDecision {
  if (!isManager(actor.role)) return deny(403, PROCUREMENT_ACCESS_MESSAGES.regularOrdersNothing);
  if (target && target.organizationUuid !== null && target.organizationUuid !== actor.organizationUuid)
    return deny(404, PROCUREMENT_ACCESS_MESSAGES.notFound);
  if (scope === 'General') {
    if (actor.role !== 'equip-admin') return deny(403, PROCUREMENT_ACCESS_MESSAGES.generalIsProviders);
    if (change.organizationUuid !== undefined)
      return deny(403, PROCUREMENT_ACCESS_MESSAGES.otherOrganization, 'organizationUuid');
    return { allowed: true };
  }
  if (change.organizationUuid !== undefined && change.organizationUuid !== actor.organizationUuid)
    return deny(403, PROCUREMENT_ACCESS_MESSAGES.otherOrganization, 'organizationUuid');
  return { allowed: true };
}

/**
 * May `actor` make a procurement draft (and its checkout) for `organizationUuid` (the body's)? IT owners
 * for their own organisation; provider admins only for the organisation they act for, which the draft
 * must name (SPEC §3: the admin version carries organizationUuid).
 */
export function decideDraftWrite(
  actor: Actor,
  change: { organizationUuid?: string | undefined },
): GrantDecision {
  if (!isManager(actor.role)) return deny(403, PROCUREMENT_ACCESS_MESSAGES.regularOrdersNothing);
  if (change.organizationUuid !== undefined && change.organizationUuid !== actor.organizationUuid)
    return deny(403, PROCUREMENT_ACCESS_MESSAGES.otherOrganization, 'organizationUuid');
  if (actor.role === 'equip-admin' && change.organizationUuid === undefined)
    return deny(403, PROCUREMENT_ACCESS_MESSAGES.organizationRequired, 'organizationUuid');
  return { allowed: true };
}

export const HARDWARE_REQUEST_ACCESS_MESSAGES = {
  reviewersOnly: 'Only IT owners can review hardware requests',
  onlyRequester: 'Only the requester can withdraw a request',
} as const;

/**
 * Hardware requests (decision 037): anyone signed in asks for themselves; IT owners (and provider
 * admins acting for the organisation) see the organisation's requests and approve or decline them;
 * only the requester withdraws their own.
 */
export function decideHardwareRequestReview(actor: Actor): GrantDecision {
  if (!isManager(actor.role)) return deny(403, HARDWARE_REQUEST_ACCESS_MESSAGES.reviewersOnly);
  return { allowed: true };
}

export function decideHardwareRequestWithdraw(
  actor: Actor,
  request: { requesterUserUuid: string | null },
): GrantDecision {
  if (request.requesterUserUuid !== actor.userUuid)
    return deny(403, HARDWARE_REQUEST_ACCESS_MESSAGES.onlyRequester);
  return { allowed: true };
}
