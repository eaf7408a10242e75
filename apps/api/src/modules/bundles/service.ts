import { BUNDLE_EFFECT_BATCH } from '@equip/domain/areas/bundles';
import type { EventType } from '@equip/domain/audit-log';
import {
  bundleEffect,
  DEPARTMENT_PEOPLE_MAX,
  type DepartmentPeople,
  type DepartmentPeopleQuery,
  type PersonApplication,
  type PersonApplications,
  requestOnJoin,
} from '@equip/domain/bundle-installs';
import {
  type Application,
  type ApplicationListQuery,
  type Bundle,
  type BundleApplicationInput,
  type BundleApplicationSettingsInput,
  type BundleDetail,
  type BundleEmployeeListQuery,
  type BundleEmployeesRequest,
  type BundleEmployeesResult,
  type BundleListQuery,
  type BundleSettings,
  type BundleSuggestionQuery,
  type BundleSuggestionResult,
  type CreateBundleRequest,
  type DefaultManagementMode,
  defaultApplicationSettings,
  type SetBundleApplicationsRequest,
  SUGGESTED_BUNDLES_FLAG,
  settingsOf,
  settingsProblem,
  suggestionOf,
  type UpdateBundleRequest,
  viewOf,
} from '@equip/domain/bundles';
import { isFlagOn } from '@equip/domain/flags';
import { softwareUnavailable } from '@equip/domain/software-installs';
import type { AppJobs } from '../../background/app-job-types.ts';
import type { Db } from '../../db/client.ts';
import type { TenantReads } from '../../db/tenant-reads.ts';
import type { AuthContext } from '../../http/access.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { assertGrant } from '../../http/grants.ts';
import { type EventInput, logEvent } from '../audit-log/index.ts';
import {
  installedByPeople,
  installStatuses,
  requestSoftwareFor,
  skipReason,
  softwareTargetsOf,
} from '../devices/index.ts';
import { readFlagValues } from '../flags/index.ts';
import { finishCreateBundleStep } from '../organizations/index.ts';
import {
  countPeopleInScope,
  itOwnerUuids,
  listPeopleInScope,
  type PeopleScope,
  type PersonRef,
  peopleInScope,
  personRef,
  personRefs,
} from '../people/index.ts';
import {
  applicationsByUuid,
  type BundleApplicationRow,
  bundleNamed,
  defaultManagementMode,
  deleteBundle,
  deleteBundleApplications,
  findBundle,
  insertBundle,
  insertMemberships,
  listApplications,
  listBundleEmployees,
  listBundles,
  membershipsOf,
  removeMemberships,
  saveDefaultManagementMode,
  touchBundle,
  upsertBundleApplications,
} from './queries.ts';

export const BUNDLE_MESSAGES = {
  bundleNotFound: 'Bundle not found',
  applicationNotFound: 'Application not found',
  employeeNotFound: 'Employee not found',
  nameTaken: 'The organisation already has a bundle of this name',
} as const;

/** Where in the body a refused value is (the spec's error payload names the field, never another organisation's id). */
const at = (...path: (string | number)[]) => ({ location: 'body' as const, param: path.join('.'), path });

const fullName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`;

const bundleEvent = (
  auth: AuthContext,
  type: EventType,
  bundle: { uuid: string; name: string },
  data: Record<string, unknown> = {},
): EventInput => ({
  organizationUuid: auth.organizationUuid,
  type,
  actorUuid: auth.userUuid,
  subjectUuid: bundle.uuid,
  data: { name: bundle.name, bundleUuid: bundle.uuid, ...data },
});

const detailOf = (bundle: Bundle): BundleDetail => ({
  ...bundle,
  applications: bundle.applications.map(viewOf),
});

/**
 * Bundles and applications of the caller's organisation (issue 29, decision 028). Every method but the
 * lists runs inside the caller's tenant transaction (row-level security: another organisation's bundle is
 * not found); the lists read through the lists' pipelined tenant read. Every change is an event
 * (`logEvent`), which the webhooks publish (bundle.created, updated, deleted, assigned, unassigned).
 * Writes are all or nothing: the first refused value throws before anything is written.
 */
/** The people a suggestion query names (SPEC §3's kinds); a department or people missing is a 400. */
function scopeOf(query: BundleSuggestionQuery): PeopleScope {
  if (query.kind === 'department') {
    if (!query.department)
      throw badRequest('Required', { location: 'query', param: 'department', path: ['department'] });
    return { department: query.department };
  }
  if (query.kind === 'employees') {
    if (!query.userUuids?.length)
      throw badRequest('Required', { location: 'query', param: 'userUuids', path: ['userUuids'] });
    return { userUuids: query.userUuids };
  }
  return {};
}

/** Up to this many people, a bundle change queues their installs in its own request; beyond, jobs do. */
export const BUNDLE_EFFECT_INLINE = 100;

export interface BundlesDeps {
  jobs: AppJobs;
}

/** What a change of people's applications does on their devices (`takeEffect`). */
type TakeEffect = (
  tx: Db,
  auth: AuthContext,
  userUuids: readonly string[],
  before: Bundle['applications'],
  after: Bundle['applications'],
) => Promise<void>;

export function createBundlesService(deps: BundlesDeps) {
  /**
   * What a change of these people's applications does on their devices (issue 29, item 5): the installs
   * and uninstalls of `bundleEffect`, through the devices' software installs (decision 030).
   */
  const takeEffect: TakeEffect = async (tx, auth, userUuids, before, after) => {
    const effect = bundleEffect(before, after);
    const asked =
      effect.install.length + effect.uninstall.length + effect.offer.length + effect.withdraw.length;
    if (userUuids.length === 0 || asked === 0) return;
    // A few people: their commands are queued at once, so the answer already shows them pending. Many
    // (a department, the whole organisation): a job per batch, sent with the change's transaction.
    if (userUuids.length <= BUNDLE_EFFECT_INLINE) {
      await requestSoftwareFor(tx, deps.jobs, auth, { userUuids: [...userUuids], ...effect });
      return;
    }
    const batches: string[][] = [];
    for (let at = 0; at < userUuids.length; at += BUNDLE_EFFECT_BATCH)
      batches.push(userUuids.slice(at, at + BUNDLE_EFFECT_BATCH));
    await deps.jobs.sendMany(
      'bundles.effect',
      batches.map((batch) => ({
        payload: {
          organizationUuid: auth.organizationUuid,
          actorUuid: auth.userUuid,
          userUuids: batch,
          ...effect,
        },
      })),
      { db: tx },
    );
  };

  const bundleOrThrow = async (tx: Db, uuid: string) => {
    const found = await findBundle(tx, uuid);
    if (!found) throw notFound(BUNDLE_MESSAGES.bundleNotFound);
    return found;
  };

  const assertNameFree = async (tx: Db, name: string, except?: string) => {
    if (await bundleNamed(tx, name, except))
      throw conflict(BUNDLE_MESSAGES.nameTaken, { ...at('name'), value: name.trim() });
  };

  /** People of the organisation acted for, each through the domain's grant rule; a 404 at the first unknown. */
  const peopleOf = async (
    tx: Db,
    auth: AuthContext,
    uuids: readonly string[],
    field: string,
  ): Promise<PersonRef[]> => {
    // One query for all (an assignment names up to 5,000 people), then each in order: the first unknown
    // is the 404 at its index.
    const found = await personRefs(tx, uuids);
    const people: PersonRef[] = [];
    for (const [index, uuid] of uuids.entries()) {
      const person = found.get(uuid);
      if (!person) throw notFound(BUNDLE_MESSAGES.employeeNotFound, at(field, index));
      assertGrant(auth, person, { action: 'update' });
      people.push(person);
    }
    return people;
  };

  /**
   * A request's applications as rows to write (the last of one application wins, SPEC §4): each in the
   * catalog, its settings completed from the organisation's default mode, owners people of the
   * organisation, and no offboarding or account for an application without subscriptions (iOS).
   */
  const rowsOf = async (
    tx: Db,
    auth: AuthContext,
    inputs: readonly BundleApplicationInput[],
    field: (index: number) => (string | number)[],
  ): Promise<{ rows: BundleApplicationRow[]; catalog: Map<string, Application> }> => {
    const catalog = await applicationsByUuid(
      tx,
      inputs.map((input) => input.applicationUuid),
    );
    const mode = await defaultManagementMode(tx, auth.organizationUuid);
    const owners = await itOwnerUuids(tx, auth.organizationUuid);
    const byApplication = new Map<string, BundleApplicationRow>();
    for (const [index, input] of inputs.entries()) {
      const application = catalog.get(input.applicationUuid);
      if (!application)
        throw notFound(BUNDLE_MESSAGES.applicationNotFound, at(...field(index), 'applicationUuid'));
      const settings = settingsOf(input, defaultApplicationSettings(application, mode, owners));
      const problem = settingsProblem(application, settings);
      if (problem) throw badRequest(problem.message, at(...field(index), problem.field));
      for (const [ownerIndex, owner] of (input.owners ?? []).entries())
        if (!(await personRef(tx, owner)))
          throw notFound(BUNDLE_MESSAGES.employeeNotFound, at(...field(index), 'owners', ownerIndex));
      byApplication.set(application.uuid, { applicationUuid: application.uuid, ...settings });
    }
    return { rows: [...byApplication.values()], catalog };
  };

  /** People join the bundle (leaving another one: moved, decision 028), an event each. */
  const join = async (
    tx: Db,
    auth: AuthContext,
    bundle: { uuid: string; name: string },
    people: readonly PersonRef[],
  ): Promise<BundleEmployeesResult> => {
    const before = await membershipsOf(
      tx,
      people.map((p) => p.uuid),
    );
    const joining = people.filter((person) => before.get(person.uuid)?.bundleUuid !== bundle.uuid);
    const uuids = joining.map((p) => p.uuid);
    await removeMemberships(tx, uuids);
    await insertMemberships(tx, auth.organizationUuid, bundle.uuid, uuids);
    // Their apps: the new bundle's requested, the old one's uninstalled where it says so (decision 028).
    const after = (await findBundle(tx, bundle.uuid))?.applications ?? [];
    const byPrevious = new Map<string | null, string[]>();
    for (const person of joining) {
      const previous = before.get(person.uuid)?.bundleUuid ?? null;
      byPrevious.set(previous, [...(byPrevious.get(previous) ?? []), person.uuid]);
    }
    for (const [previous, group] of byPrevious) {
      const old = previous ? ((await findBundle(tx, previous))?.applications ?? []) : [];
      await takeEffect(tx, auth, group, old, after);
    }
    await logEvent(
      tx,
      joining.map((person) => {
        const previous = before.get(person.uuid);
        return bundleEvent(auth, 'BUNDLE_EMPLOYEE_ASSIGNED', bundle, {
          employeeUuid: person.uuid,
          employeeName: fullName(person),
          ...(previous
            ? { previousBundleUuid: previous.bundleUuid, previousBundleName: previous.bundleName }
            : {}),
        });
      }),
    );
    return { changed: joining.length, moved: joining.filter((p) => before.has(p.uuid)).length };
  };

  const service = {
    listApplications: (reads: TenantReads, auth: AuthContext, query: ApplicationListQuery) =>
      listApplications(reads, auth.organizationUuid, query),

    list: (reads: TenantReads, auth: AuthContext, query: BundleListQuery) =>
      listBundles(reads, auth.organizationUuid, query),

    async employees(
      reads: TenantReads,
      auth: AuthContext,
      bundleUuid: string,
      query: BundleEmployeeListQuery,
    ) {
      const page = await listBundleEmployees(reads, auth.organizationUuid, { ...query, bundleUuid });
      if (page === null) throw notFound(BUNDLE_MESSAGES.bundleNotFound);
      return page;
    },

    async get(tx: Db, _auth: AuthContext, uuid: string): Promise<BundleDetail> {
      return detailOf(await bundleOrThrow(tx, uuid));
    },

    /**
     * A bundle with its applications and people (BUNDLE_CREATED, then an assignment event per person);
     * the organisation's setup at its createBundle step is finished.
     */
    async create(tx: Db, auth: AuthContext, input: CreateBundleRequest): Promise<BundleDetail> {
      await assertNameFree(tx, input.name);
      const { rows } = await rowsOf(tx, auth, input.applications, (index) => ['applications', index]);
      const people = await peopleOf(tx, auth, [...new Set(input.employeeUuids)], 'employeeUuids');
      const uuid = await insertBundle(tx, {
        organizationUuid: auth.organizationUuid,
        name: input.name,
        description: input.description ?? null,
      });
      await upsertBundleApplications(tx, auth.organizationUuid, uuid, rows);
      const bundle = { uuid, name: input.name };
      await logEvent(tx, bundleEvent(auth, 'BUNDLE_CREATED', bundle, { count: rows.length }));
      await join(tx, auth, bundle, people);
      await finishCreateBundleStep(tx, auth.organizationUuid);
      return detailOf(await bundleOrThrow(tx, uuid));
    },

    async update(tx: Db, auth: AuthContext, uuid: string, input: UpdateBundleRequest): Promise<BundleDetail> {
      const before = await bundleOrThrow(tx, uuid);
      if (input.name !== undefined) await assertNameFree(tx, input.name, uuid);
      const after = {
        name: input.name ?? before.name,
        description: input.description === undefined ? before.description : input.description,
      };
      const changed = (['name', 'description'] as const).filter((key) => after[key] !== before[key]);
      if (changed.length > 0) {
        await touchBundle(tx, uuid, after);
        await logEvent(
          tx,
          bundleEvent(
            auth,
            'BUNDLE_UPDATED',
            { uuid, name: after.name },
            {
              before: Object.fromEntries(changed.map((key) => [key, before[key]])),
              after: Object.fromEntries(changed.map((key) => [key, after[key]])),
            },
          ),
        );
      }
      return detailOf(await bundleOrThrow(tx, uuid));
    },

    /** Deletes a bundle; its people are left without one (BUNDLE_DELETED with how many there were). */
    async remove(tx: Db, auth: AuthContext, uuid: string): Promise<void> {
      const bundle = await bundleOrThrow(tx, uuid);
      await takeEffect(tx, auth, bundle.employeeUuids, bundle.applications, []);
      await deleteBundle(tx, uuid);
      await logEvent(tx, bundleEvent(auth, 'BUNDLE_DELETED', bundle, { count: bundle.employeeUuids.length }));
    },

    /** The bundle's whole set of applications (edit-software): added, changed and removed in one event. */
    async setApplications(
      tx: Db,
      auth: AuthContext,
      uuid: string,
      input: SetBundleApplicationsRequest,
    ): Promise<BundleDetail> {
      const before = await bundleOrThrow(tx, uuid);
      const { rows } = await rowsOf(tx, auth, input.applications, (index) => ['applications', index]);
      const kept = new Set(rows.map((row) => row.applicationUuid));
      const gone = before.applications.filter((entry) => !kept.has(entry.application.uuid));
      await deleteBundleApplications(
        tx,
        uuid,
        gone.map((entry) => entry.application.uuid),
      );
      await upsertBundleApplications(tx, auth.organizationUuid, uuid, rows);
      return changedApplications(tx, auth, before, takeEffect);
    },

    /** Adds one application or changes its settings (SPEC §4: one already in the bundle is updated). */
    async putApplication(
      tx: Db,
      auth: AuthContext,
      uuid: string,
      applicationUuid: string,
      input: BundleApplicationSettingsInput,
    ): Promise<BundleDetail> {
      const before = await bundleOrThrow(tx, uuid);
      const { rows } = await rowsOf(tx, auth, [{ ...input, applicationUuid }], () => []);
      await upsertBundleApplications(tx, auth.organizationUuid, uuid, rows);
      return changedApplications(tx, auth, before, takeEffect);
    },

    async removeApplication(
      tx: Db,
      auth: AuthContext,
      uuid: string,
      applicationUuid: string,
    ): Promise<BundleDetail> {
      const before = await bundleOrThrow(tx, uuid);
      if (!before.applications.some((entry) => entry.application.uuid === applicationUuid))
        throw notFound(BUNDLE_MESSAGES.applicationNotFound);
      await deleteBundleApplications(tx, uuid, [applicationUuid]);
      return changedApplications(tx, auth, before, takeEffect);
    },

    /** People join the bundle; one in another bundle moves (decision 028). All or none. */
    async assign(
      tx: Db,
      auth: AuthContext,
      uuid: string,
      input: BundleEmployeesRequest,
    ): Promise<BundleEmployeesResult> {
      const bundle = await bundleOrThrow(tx, uuid);
      const people = await peopleOf(tx, auth, [...new Set(input.employeeUuids)], 'employeeUuids');
      const result = await join(tx, auth, bundle, people);
      if (result.changed > 0) await touchBundle(tx, uuid);
      return result;
    },

    /** People leave the bundle (those not in it are left as they are). All or none. */
    async unassign(
      tx: Db,
      auth: AuthContext,
      uuid: string,
      input: BundleEmployeesRequest,
    ): Promise<BundleEmployeesResult> {
      const bundle = await bundleOrThrow(tx, uuid);
      const people = await peopleOf(tx, auth, [...new Set(input.employeeUuids)], 'employeeUuids');
      const members = new Set(bundle.employeeUuids);
      const leaving = people.filter((person) => members.has(person.uuid));
      await removeMemberships(
        tx,
        leaving.map((p) => p.uuid),
      );
      await takeEffect(
        tx,
        auth,
        leaving.map((p) => p.uuid),
        bundle.applications,
        [],
      );
      await logEvent(
        tx,
        leaving.map((person) =>
          bundleEvent(auth, 'BUNDLE_EMPLOYEE_UNASSIGNED', bundle, {
            employeeUuid: person.uuid,
            employeeName: fullName(person),
          }),
        ),
      );
      if (leaving.length > 0) await touchBundle(tx, uuid);
      return { changed: leaving.length, moved: 0 };
    },

    /**
     * A suggested bundle (behind it-2871-suggested-bundles, else not found): the catalog applications the
     * people in the scope have installed on their devices, each with its share of them.
     */
    async suggest(tx: Db, auth: AuthContext, query: BundleSuggestionQuery): Promise<BundleSuggestionResult> {
      // Read in the request's transaction (tenants may read flags).
      if (!isFlagOn((await readFlagValues(tx))[SUGGESTED_BUNDLES_FLAG])) throw notFound();
      const scope = scopeOf(query);
      const people = await countPeopleInScope(tx, auth.organizationUuid, scope);
      const installed = await installedByPeople(tx, peopleInScope(auth.organizationUuid, scope));
      const catalog = await applicationsByUuid(
        tx,
        installed.map((entry) => entry.applicationUuid),
      );
      return suggestionOf(
        people,
        installed.flatMap((entry) => {
          const application = catalog.get(entry.applicationUuid);
          return application ? [{ application, holders: entry.holders }] : [];
        }),
      );
    },

    /**
     * A person's bundle and each of its applications with where it stands on their devices: the newest
     * install's status (decision 030), offered in self service, skipped with the reason no device of
     * theirs can take it, or not requested. Another organisation's person is not found.
     */
    async personApplications(tx: Db, _auth: AuthContext, userUuid: string): Promise<PersonApplications> {
      if (!(await personRef(tx, userUuid))) throw notFound(BUNDLE_MESSAGES.employeeNotFound);
      const membership = (await membershipsOf(tx, [userUuid])).get(userUuid);
      const bundle = membership ? await findBundle(tx, membership.bundleUuid) : null;
      if (!bundle) return { bundle: null, items: [] };
      const statuses = new Map(
        (await installStatuses(tx, [userUuid])).map((status) => [status.applicationUuid, status]),
      );
      const own = await softwareTargetsOf(tx, [userUuid]);
      const items = bundle.applications.map((entry): PersonApplication => {
        const { uuid, name, platforms } = entry.application;
        const base = { application: { uuid, name, platforms }, management: entry.management };
        const request = requestOnJoin(entry.management);
        const installed = statuses.get(uuid);
        if (installed)
          return {
            ...base,
            status: installed.status,
            reason: installed.error,
            deviceUuid: installed.deviceUuid,
          };
        // Offered in self service on their devices that can take it (`mdm.offer`), else skipped below.
        const fits = own.some((device) => !softwareUnavailable(device, entry.application));
        if (request === 'offer' && fits)
          return { ...base, status: 'offered', reason: null, deviceUuid: null };
        // An install never requested (a bundle's apps from before item 5) where a device could take it.
        if (request === null || fits)
          return { ...base, status: 'not_requested', reason: null, deviceUuid: null };
        return { ...base, status: 'skipped', reason: skipReason(own, entry.application), deviceUuid: null };
      });
      return { bundle: { uuid: bundle.uuid, name: bundle.name }, items };
    },

    /**
     * Installs one application of a person's bundle on every device of theirs that can take it now (an
     * install never requested, or asked for again): 404 for a person the organisation does not have or
     * an application not in their bundle (at `applicationUuid`), 409 with the reason when none of their
     * devices can take it. Answers the application's status after the request.
     */
    async installForPerson(
      tx: Db,
      auth: AuthContext,
      userUuid: string,
      applicationUuid: string,
    ): Promise<PersonApplication> {
      const person = await personRef(tx, userUuid);
      if (!person) throw notFound(BUNDLE_MESSAGES.employeeNotFound);
      assertGrant(auth, person, { action: 'update' });
      const membership = (await membershipsOf(tx, [userUuid])).get(userUuid);
      const bundle = membership ? await findBundle(tx, membership.bundleUuid) : null;
      const at = { location: 'params' as const, param: 'applicationUuid', path: ['applicationUuid'] };
      if (!bundle?.applications.some((entry) => entry.application.uuid === applicationUuid))
        throw notFound(BUNDLE_MESSAGES.applicationNotFound, at);
      const result = await requestSoftwareFor(tx, deps.jobs, auth, {
        userUuids: [userUuid],
        install: [applicationUuid],
        uninstall: [],
      });
      const [skipped] = result.skipped;
      if (skipped) throw conflict(skipped.reason, at);
      const items = (await service.personApplications(tx, auth, userUuid)).items;
      return items.find((item) => item.application.uuid === applicationUuid)!;
    },

    /** The people whose department is this one (exactly, as the suggestions read it), to assign them all. */
    async departmentPeople(
      tx: Db,
      auth: AuthContext,
      query: DepartmentPeopleQuery,
    ): Promise<DepartmentPeople> {
      const scope = { department: query.department };
      return { items: await listPeopleInScope(tx, auth.organizationUuid, scope, DEPARTMENT_PEOPLE_MAX) };
    },

    async settings(tx: Db, auth: AuthContext): Promise<BundleSettings> {
      return { defaultManagementMode: await defaultManagementMode(tx, auth.organizationUuid) };
    },

    async updateSettings(tx: Db, auth: AuthContext, input: BundleSettings): Promise<BundleSettings> {
      const before: DefaultManagementMode = await defaultManagementMode(tx, auth.organizationUuid);
      if (before !== input.defaultManagementMode) {
        await saveDefaultManagementMode(tx, auth.organizationUuid, input.defaultManagementMode);
        await logEvent(tx, {
          organizationUuid: auth.organizationUuid,
          type: 'BUNDLE_SETTINGS_CHANGED',
          actorUuid: auth.userUuid,
          data: { before: { mode: before }, after: { mode: input.defaultManagementMode } },
        });
      }
      return input;
    },
  };
  return service;
}

/**
 * After a change of a bundle's applications: the bundle marked changed and one event naming the
 * applications added, removed and whose settings changed (none when nothing did).
 */
async function changedApplications(
  tx: Db,
  auth: AuthContext,
  before: Bundle,
  takeEffect: TakeEffect,
): Promise<BundleDetail> {
  const after = (await findBundle(tx, before.uuid))!;
  await takeEffect(tx, auth, after.employeeUuids, before.applications, after.applications);
  const settings = (entry: Bundle['applications'][number]) =>
    JSON.stringify([
      entry.management,
      entry.offboardingType,
      entry.onboardingShouldCreateAccount,
      entry.owners,
    ]);
  const was = new Map(before.applications.map((entry) => [entry.application.uuid, entry]));
  const now = new Map(after.applications.map((entry) => [entry.application.uuid, entry]));
  const added = after.applications.filter((entry) => !was.has(entry.application.uuid));
  const removed = before.applications.filter((entry) => !now.has(entry.application.uuid));
  const changed = after.applications.filter((entry) => {
    const old = was.get(entry.application.uuid);
    return old !== undefined && settings(old) !== settings(entry);
  });
  if (added.length + removed.length + changed.length === 0) return detailOf(after);
  await touchBundle(tx, before.uuid);
  const names = (entries: Bundle['applications']) => entries.map((entry) => entry.application.name);
  await logEvent(
    tx,
    bundleEvent(auth, 'BUNDLE_APPLICATIONS_CHANGED', after, {
      added: names(added),
      removed: names(removed),
      changed: names(changed),
    }),
  );
  return detailOf((await findBundle(tx, before.uuid))!);
}

export type BundlesService = ReturnType<typeof createBundlesService>;
