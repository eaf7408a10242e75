import type { ManagementType, SubscriptionOffboardingType } from '@equip/domain/bundles';
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { applications, bundleApplications, bundleEmployees, bundles } from '../db/schema/index.ts';
import { APPLICATION_CATALOG, platformsOf, supportsSubscriptions } from './applications.ts';
import { type DemoStaff, inDepartment, isLogin } from './demo-staff.ts';
import type { Department } from './names.ts';
import type { PlannedPerson } from './people.ts';
import type { DemoScope } from './scope.ts';

/**
 * The application catalog is shared by every organisation: insert what is missing (by name) and
 * return name → uuid of the whole catalog.
 */
export async function ensureApplications(db: Db): Promise<Map<string, string>> {
  await db
    .insert(applications)
    .values(
      APPLICATION_CATALOG.map((app) => {
        const subscriptions = supportsSubscriptions(app);
        return {
          name: app.name,
          platforms: platformsOf(app),
          subscriptionsSupportedByEquip: subscriptions && (app.equipManagesSubscriptions ?? false),
          subscriptionsSupportedByOwners: subscriptions && (app.ownersManageSubscriptions ?? false),
          macApplicationId: app.mac ?? null,
          windowsApplicationId: app.windows ?? null,
          iosApplicationId: app.ios ?? null,
          macAppStoreId: app.macAppStore ?? null,
          ipadApplicationId: app.ipad ?? null,
        };
      }),
    )
    .onConflictDoNothing({ target: applications.name });
  const rows = await db
    .select({ uuid: applications.uuid, name: applications.name })
    .from(applications)
    .where(
      inArray(
        applications.name,
        APPLICATION_CATALOG.map((app) => app.name),
      ),
    );
  return new Map(rows.map((row) => [row.name, row.uuid]));
}

/**
 * How a bundle handles an application's accounts: `equip` creates and removes them (provider-managed),
 * `owners` creates them and leaves removal to the app owners, `none` installs the software only.
 */
type Accounts = 'equip' | 'owners' | 'none';
interface BundleApp {
  name: string;
  management: ManagementType;
  accounts: Accounts;
  offboardingType?: SubscriptionOffboardingType;
}
interface BundleTemplate {
  name: string;
  description: string | null;
  /** Departments whose people get this bundle; null: everyone not in another bundle. */
  departments: Department[] | null;
  apps: BundleApp[];
}

const app = (
  name: string,
  management: ManagementType,
  accounts: Accounts = 'none',
  offboardingType?: SubscriptionOffboardingType,
): BundleApp => ({
  name,
  management,
  accounts,
  offboardingType,
});

const BASICS = [
  app('Google Chrome', 'MANAGED_INSTALLS'),
  app('Slack', 'MANAGED_INSTALLS', 'equip', 'DELETE_ACCOUNT'),
  app('Zoom Workplace', 'MANAGED_INSTALLS', 'equip', 'DELETE_ACCOUNT_KEEP_LICENSE'),
  app('1Password', 'MANAGED_INSTALLS', 'equip', 'DELETE_ACCOUNT'),
];

export const BUNDLE_TEMPLATES: readonly BundleTemplate[] = [
  {
    name: 'Everyone',
    description: 'Baseline software every employee gets on day one.',
    departments: null,
    apps: [
      ...BASICS,
      app('Google Drive', 'MANAGED_UPDATES'),
      app('Notion', 'SELF_SERVICE', 'owners'),
      app('Mozilla Firefox', 'SELF_SERVICE'),
      app('Dropbox', 'MANAGED_UNINSTALLS'),
      app('Microsoft Authenticator', 'NOT_NEEDED'),
      app('Gmail', 'NOT_NEEDED'),
    ],
  },
  {
    name: 'Engineering',
    description: 'Developer tools on top of the basics.',
    departments: ['Engineering'],
    apps: [
      ...BASICS,
      app('Visual Studio Code', 'MANAGED_INSTALLS'),
      app('Docker Desktop', 'MANAGED_INSTALLS', 'owners'),
      app('IntelliJ IDEA Ultimate', 'SELF_SERVICE', 'owners'),
      app('Postman', 'SELF_SERVICE', 'equip', 'DELETE_ACCOUNT'),
      app('GitHub Desktop', 'SELF_SERVICE', 'equip', 'CREATE_SUPERVISOR_TICKET'),
      app('Linear', 'MANAGED_INSTALLS', 'equip', 'DELETE_ACCOUNT'),
      app('iTerm2', 'SELF_SERVICE'),
      app('Xcode', 'SELF_SERVICE'),
      app('Jira Cloud', 'NOT_NEEDED'),
    ],
  },
  {
    name: 'Sales',
    description: 'CRM, Office and presentation tools for Sales and Customer Success.',
    departments: ['Sales', 'Customer Success'],
    apps: [
      ...BASICS,
      app('Salesforce', 'NOT_NEEDED', 'owners'),
      app('HubSpot', 'NOT_NEEDED', 'equip', 'DELETE_ACCOUNT_KEEP_LICENSE'),
      app('Microsoft Word', 'MANAGED_INSTALLS', 'equip', 'DELETE_ACCOUNT_KEEP_LICENSE'),
      app('Microsoft Excel', 'MANAGED_INSTALLS', 'equip', 'DELETE_ACCOUNT_KEEP_LICENSE'),
      app('Microsoft PowerPoint', 'MANAGED_INSTALLS', 'equip', 'DELETE_ACCOUNT_KEEP_LICENSE'),
      app('DeepL', 'SELF_SERVICE', 'equip', 'DELETE_ACCOUNT'),
      app('Loom', 'SELF_SERVICE', 'owners'),
      app('Keynote', 'SELF_SERVICE'),
    ],
  },
  {
    name: 'Design',
    description: null,
    departments: ['Design'],
    apps: [
      ...BASICS,
      app('Figma', 'MANAGED_INSTALLS', 'equip', 'DELETE_ACCOUNT'),
      app('Adobe Creative Cloud', 'MANAGED_INSTALLS', 'owners'),
      app('Sketch', 'SELF_SERVICE', 'owners'),
      app('Miro', 'SELF_SERVICE', 'equip', 'CREATE_SUPERVISOR_TICKET'),
      app('Loom', 'SELF_SERVICE', 'owners'),
      app('Procreate', 'NOT_NEEDED'),
    ],
  },
];

export interface SeededBundle {
  uuid: string;
  name: string;
  applicationUuids: string[];
  members: PlannedPerson[];
}

/**
 * Creates the bundles and assigns people: a person has at most one bundle, leavers none, and some
 * people are left without one (the employees table can filter for them).
 */
export async function seedBundles(
  scope: DemoScope,
  applicationUuids: ReadonlyMap<string, string>,
): Promise<SeededBundle[]> {
  const { db, random, organizationUuid, staff } = scope;
  const seeded: SeededBundle[] = [];
  const taken = new Set<PlannedPerson>();
  // Department bundles first, so that "Everyone" gets whoever is left.
  const ordered = [...BUNDLE_TEMPLATES].sort(
    (a, b) => Number(a.departments === null) - Number(b.departments === null),
  );
  for (const template of ordered) {
    const [bundle] = await db
      .insert(bundles)
      .values({ organizationUuid, name: template.name, description: template.description })
      .returning({ uuid: bundles.uuid });
    const bundleUuid = bundle!.uuid;
    const owners = bundleOwners(staff, template);
    const rows = template.apps.map((entry) =>
      bundleApplicationRow(organizationUuid, bundleUuid, entry, applicationUuids, owners),
    );
    await db.insert(bundleApplications).values(rows);

    const members = staff.people.filter(
      (person) =>
        !taken.has(person) &&
        canHaveBundle(person) &&
        (template.departments === null ||
          (person.department !== null && template.departments.includes(person.department))) &&
        (isLogin(staff, person) || random.chance(0.88)),
    );
    for (const person of members) taken.add(person);
    if (members.length > 0) {
      await db
        .insert(bundleEmployees)
        .values(members.map((person) => ({ organizationUuid, bundleUuid, userUuid: person.row.uuid })));
    }
    seeded.push({
      uuid: bundleUuid,
      name: template.name,
      applicationUuids: rows.map((row) => row.applicationUuid),
      members,
    });
  }
  return seeded;
}

function canHaveBundle(person: PlannedPerson): boolean {
  return person.row.employeeStatus !== 'INACTIVE' && person.row.userType !== 'unmanagedUser';
}

/** The IT owner plus the head of the bundle's first department, where there is one. */
function bundleOwners(staff: DemoStaff, template: BundleTemplate): string[] {
  const department = template.departments?.[0];
  const lead = department
    ? inDepartment(staff.people, department).find(
        (p) => /Head|Manager|Staff/.test(p.row.position ?? '') && p.row.employeeStatus === 'ACTIVE',
      )
    : undefined;
  return [staff.itOwner.row.uuid, ...(lead ? [lead.row.uuid] : [])];
}

function bundleApplicationRow(
  organizationUuid: string,
  bundleUuid: string,
  entry: BundleApp,
  applicationUuids: ReadonlyMap<string, string>,
  owners: string[],
): typeof bundleApplications.$inferInsert & { applicationUuid: string } {
  const applicationUuid = applicationUuids.get(entry.name);
  if (!applicationUuid)
    throw new Error(`Bundle application "${entry.name}" is not in the application catalog`);
  return {
    organizationUuid,
    bundleUuid,
    applicationUuid,
    management: entry.management,
    onboardingShouldCreateAccount: entry.accounts !== 'none',
    offboardingType: entry.accounts === 'equip' ? (entry.offboardingType ?? 'DELETE_ACCOUNT') : null,
    owners: entry.accounts === 'owners' ? owners : [],
  };
}
