import { describe, expect, it } from 'vitest';
import {
  type Actor,
  decideGrant,
  decideHardwareRequestReview,
  decideHardwareRequestWithdraw,
  GRANT_MESSAGES,
  type GrantTarget,
  grantableRoles,
  HARDWARE_REQUEST_ACCESS_MESSAGES,
} from './access.ts';
import { Role } from './identity.ts';

const ORG = '11111111-1111-4111-8111-111111111111';
const OTHER_ORG = '22222222-2222-4222-8222-222222222222';
const owner: Actor = { userUuid: 'owner', role: 'it-owner', organizationUuid: ORG };
const provider: Actor = { userUuid: 'provider', role: 'equip-admin', organizationUuid: ORG };
const regular: Actor = { userUuid: 'regular', role: 'regular', organizationUuid: ORG };
const person = (role: GrantTarget['role'], uuid = 'someone', organizationUuid = ORG): GrantTarget => ({
  uuid,
  role,
  organizationUuid,
});

describe('decideGrant: who may grant what', () => {
  it('never hands out equip-admin through an organisation, whoever asks and however', () => {
    for (const actor of [owner, provider, regular]) {
      for (const action of ['create', 'update'] as const) {
        const decision = decideGrant(actor, action === 'create' ? null : person('regular'), {
          action,
          role: 'equip-admin',
        });
        expect(decision.allowed, `${actor.role} ${action}`).toBe(false);
      }
    }
    expect(decideGrant(owner, null, { action: 'create', role: 'equip-admin' })).toEqual({
      allowed: false,
      status: 403,
      field: 'role',
      reason: GRANT_MESSAGES.providerRole,
    });
  });

  it('lets it-owners and provider admins create regular people and it-owners in their organisation', () => {
    for (const actor of [owner, provider])
      for (const role of ['regular', 'it-owner'] as const)
        expect(decideGrant(actor, null, { action: 'create', role }).allowed).toBe(true);
  });

  it('refuses regular people every write', () => {
    for (const action of ['create', 'update', 'delete', 'invite', 'reset'] as const)
      expect(decideGrant(regular, action === 'create' ? null : person('regular'), { action }).allowed).toBe(
        false,
      );
  });

  it('refuses another organisation in the body, and targets outside the acting organisation', () => {
    expect(decideGrant(owner, null, { action: 'create', organizationUuid: OTHER_ORG })).toMatchObject({
      allowed: false,
      field: 'organizationUuid',
    });
    expect(decideGrant(owner, null, { action: 'create', organizationUuid: ORG }).allowed).toBe(true);
    expect(decideGrant(owner, person('regular', 'x', OTHER_ORG), { action: 'update' })).toMatchObject({
      allowed: false,
      status: 404,
    });
  });

  it('treats provider admins as out of reach of every organisation path', () => {
    for (const action of ['update', 'delete', 'invite', 'reset'] as const)
      expect(decideGrant(owner, person('equip-admin'), { action })).toMatchObject({
        allowed: false,
        status: 404,
      });
  });

  it('refuses changing your own role and removing yourself', () => {
    const self = person('it-owner', owner.userUuid);
    expect(decideGrant(owner, self, { action: 'update', role: 'regular' })).toMatchObject({
      allowed: false,
      reason: GRANT_MESSAGES.ownRole,
    });
    expect(decideGrant(owner, self, { action: 'delete' })).toMatchObject({ allowed: false, status: 409 });
    // Saying your own role again is no change.
    expect(decideGrant(owner, self, { action: 'update', role: 'it-owner' }).allowed).toBe(true);
  });

  it('keeps at least one it-owner', () => {
    const other = person('it-owner', 'other-owner');
    expect(decideGrant(owner, other, { action: 'delete', otherItOwners: 0 })).toMatchObject({
      allowed: false,
      reason: GRANT_MESSAGES.lastItOwner,
    });
    expect(decideGrant(owner, other, { action: 'update', role: 'regular', otherItOwners: 1 }).allowed).toBe(
      true,
    );
  });

  it('grantable roles are exactly the tenant roles for managers, none for regular people', () => {
    expect(grantableRoles(owner)).toEqual(['regular', 'it-owner']);
    expect(grantableRoles(regular)).toEqual([]);
    for (const role of Role.options)
      for (const actor of [owner, provider, regular])
        expect(decideGrant(actor, null, { action: 'create', role }).allowed).toBe(
          grantableRoles(actor).includes(role as 'regular'),
        );
  });
});

describe('hardware requests: who reviews and who withdraws (decision 037)', () => {
  it.each([
    [owner, true],
    [provider, true],
    [regular, false],
  ] as const)('%o reviews: %s', (actor, allowed) => {
    const decision = decideHardwareRequestReview(actor);
    expect(decision.allowed).toBe(allowed);
    if (!decision.allowed) {
      expect(decision.status).toBe(403);
      expect(decision.reason).toBe(HARDWARE_REQUEST_ACCESS_MESSAGES.reviewersOnly);
    }
  });

  it.each([
    [regular, 'regular', true],
    [regular, 'someone else', false],
    [owner, 'regular', false],
    [provider, 'regular', false],
  ] as const)('%o withdraws the request of %s: %s', (actor, requesterUserUuid, allowed) => {
    const decision = decideHardwareRequestWithdraw(actor, { requesterUserUuid });
    expect(decision.allowed).toBe(allowed);
    if (!decision.allowed) expect(decision.status).toBe(403);
  });
});
