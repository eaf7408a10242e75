import { z } from 'zod';
import { type BundleApplication, ManagementType, Platform } from './bundles.ts';
import { Uuid } from './common.ts';

/**
 * What a bundle does on its people's devices (issue 29, item 5; decisions 028 and 030): an assignment
 * requests the installs of its auto-install applications through the devices' MDM (the software installs
 * of decision 030, one way to install), offers its self-service ones, and a person leaving the bundle (or
 * an application leaving it) is uninstalled where the management type says so.
 */

/** What joining a bundle asks for an application: installed without asking, offered, or nothing. */
export type JoinRequest = 'install' | 'offer' | null;

/** SPEC §4's management types: managed installs, uninstalls and updates are installed on assignment. */
export function requestOnJoin(management: ManagementType): JoinRequest {
  if (management === 'SELF_SERVICE') return 'offer';
  if (management === 'NOT_NEEDED') return null;
  return 'install';
}

/** Only managed uninstalls take an application off the device when the person or the app leaves. */
export function uninstallsOnLeave(management: ManagementType): boolean {
  return management === 'MANAGED_UNINSTALLS';
}

type Entry = Pick<BundleApplication, 'management'> & {
  application: { uuid: string };
};

/**
 * The installs and uninstalls a change of a person's applications asks for (decision 028's moving rule):
 * `before` is what their bundle held (empty when they had none), `after` what it holds now (empty when
 * they leave). An application to install now that was not installed before is installed; one that left
 * (or is no longer installed by the bundle) is uninstalled only where its old management type says so;
 * one installed before and after is left as it is. Self service alike: an application offered now that
 * was not offered before is offered; an offer the bundle no longer makes is withdrawn — unless the
 * application is now installed instead, whose install takes the offer's place.
 */
export function bundleEffect(
  before: readonly Entry[],
  after: readonly Entry[],
): { install: string[]; uninstall: string[]; offer: string[]; withdraw: string[] } {
  const installedBefore = new Set(
    before.filter((e) => requestOnJoin(e.management) === 'install').map((e) => e.application.uuid),
  );
  const now = new Map(after.map((e) => [e.application.uuid, e]));
  const install = after
    .filter((e) => requestOnJoin(e.management) === 'install' && !installedBefore.has(e.application.uuid))
    .map((e) => e.application.uuid);
  const uninstall = before
    .filter((e) => uninstallsOnLeave(e.management) && !now.has(e.application.uuid))
    .map((e) => e.application.uuid);
  const offered = (entries: readonly Entry[]) =>
    entries.filter((e) => requestOnJoin(e.management) === 'offer').map((e) => e.application.uuid);
  const offeredBefore = new Set(offered(before));
  const offeredAfter = new Set(offered(after));
  const installedAfter = new Set(
    after.filter((e) => requestOnJoin(e.management) === 'install').map((e) => e.application.uuid),
  );
  const offer = [...offeredAfter].filter((uuid) => !offeredBefore.has(uuid));
  const withdraw = [...offeredBefore].filter((uuid) => !offeredAfter.has(uuid) && !installedAfter.has(uuid));
  return { install, uninstall, offer, withdraw };
}

/**
 * A person's application of their bundle, as the bundle's employees tab and the employee's page show it:
 * `pending`, `installed` (an inventory confirmed it) or `failed` from the newest install on their devices
 * (decision 030's `installStatuses`); `offered` in self service; `skipped` when none of their devices can
 * take it (the reason says why); `not_requested` for an application the bundle does not install.
 */
export const PersonApplicationStatus = z.enum([
  'pending',
  'installed',
  'failed',
  'offered',
  'skipped',
  'not_requested',
]);
export type PersonApplicationStatus = z.infer<typeof PersonApplicationStatus>;

export const PersonApplication = z.object({
  application: z.object({
    uuid: Uuid,
    name: z.string(),
    platforms: z.array(Platform),
  }),
  management: ManagementType,
  status: PersonApplicationStatus,
  /** Why it failed (the MDM's words) or was skipped. */
  reason: z.string().nullable(),
  /** The device of the newest install (a retry installs there again). */
  deviceUuid: Uuid.nullable(),
});
export type PersonApplication = z.infer<typeof PersonApplication>;

/** `GET /bundle-api/employees/:uuid/applications`: the person's bundle and its applications' status. */
export const PersonApplications = z.object({
  bundle: z.object({ uuid: Uuid, name: z.string() }).nullable(),
  items: z.array(PersonApplication),
});
export type PersonApplications = z.infer<typeof PersonApplications>;

/** A person's bundle lacking: no device of theirs can take the application. */
export const NO_DEVICE_REASON = 'The person has no enrolled device for this application';

/** How many people one assignment names at most (a bundle's `employeeUuids`). */
export const DEPARTMENT_PEOPLE_MAX = 5000;

/** `GET /bundle-api/people?department=`: a department's people, to assign them all (issue 29). */
export const DepartmentPeopleQuery = z.object({ department: z.string().trim().min(1).max(100) }).strict();
export type DepartmentPeopleQuery = z.infer<typeof DepartmentPeopleQuery>;
export const DepartmentPeople = z.object({
  items: z.array(z.object({ uuid: Uuid, firstName: z.string(), lastName: z.string() })),
});
export type DepartmentPeople = z.infer<typeof DepartmentPeople>;
