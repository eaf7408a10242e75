import type { UpdateOrganizationSetup } from '@equip/domain/device-registration';
import type { OrganizationSetup } from '@equip/domain/identity';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../http/access.ts';
import { notFound } from '../../http/errors.ts';
import { logEvent } from '../audit-log/index.ts';
import { setupOf, updateSetup } from './setup-queries.ts';

/**
 * The organisation's setup progress (SPEC §3): which platforms' device registration the IT owners
 * skipped for now, and when they started registering a test device. The register-devices steps read and
 * write it.
 */
export async function organizationSetup(tx: Db, auth: AuthContext): Promise<OrganizationSetup> {
  const setup = await setupOf(tx, auth.organizationUuid);
  if (!setup) throw notFound('Organization not found');
  return setup;
}

export async function updateOrganizationSetup(
  tx: Db,
  auth: AuthContext,
  input: UpdateOrganizationSetup,
): Promise<OrganizationSetup> {
  const before = await organizationSetup(tx, auth);
  await updateSetup(tx, auth.organizationUuid, input);
  const after = await organizationSetup(tx, auth);
  await logEvent(tx, {
    organizationUuid: auth.organizationUuid,
    type: 'ORGANIZATION_UPDATED',
    actorUuid: auth.userUuid,
    subjectUuid: auth.organizationUuid,
    data: { setup: { before, after } },
  });
  return after;
}
