import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bundleApplications, bundleEmployees } from '../../db/schema/index.ts';
import { logEvent } from '../audit-log/index.ts';

/**
 * An install of a catalog application ended failed on a device (the devices area's `mdm.command` /
 * `mdm.check`, decision 030): when the device's person is in a bundle that holds the application, that is
 * their bundle application failing — `BUNDLE_INSTALL_FAILED` (webhook `bundle.install_failed`, the IT
 * owners notified) with the person as subject. Called once per failed command, in the transaction that
 * moved it to failed: a retry is a new command, so a retry that fails again is a new event, and a status
 * that stays failed is none. An install outside any bundle (the device's own Install button for an
 * application the person's bundle does not hold) is only the device's event.
 */
export async function logBundleInstallFailed(
  tx: Db,
  failure: {
    organizationUuid: string;
    actorUuid: string | null;
    deviceUuid: string;
    /** The device's person (the devices module knows them). */
    person: { uuid: string; name: string };
    application: { uuid: string; name: string };
    reason: string;
  },
): Promise<void> {
  const [membership] = await tx
    .select({ bundleUuid: bundleEmployees.bundleUuid })
    .from(bundleEmployees)
    .innerJoin(
      bundleApplications,
      and(
        eq(bundleApplications.bundleUuid, bundleEmployees.bundleUuid),
        eq(bundleApplications.applicationUuid, failure.application.uuid),
      ),
    )
    .where(eq(bundleEmployees.userUuid, failure.person.uuid))
    .limit(1);
  if (!membership) return;
  await logEvent(tx, {
    organizationUuid: failure.organizationUuid,
    type: 'BUNDLE_INSTALL_FAILED',
    actorUuid: failure.actorUuid,
    subjectUuid: failure.person.uuid,
    data: {
      employeeName: failure.person.name,
      applicationName: failure.application.name,
      applicationUuid: failure.application.uuid,
      reason: failure.reason,
      bundleUuid: membership.bundleUuid,
      deviceUuid: failure.deviceUuid,
    },
  });
}
