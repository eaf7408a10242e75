import { randomUUID } from 'node:crypto';
import type { DeviceOs, DeviceStatus, DeviceType } from '@equip/domain/devices';
import { insertRowsAsJson } from '../db/bulk-insert.ts';
import type { Db } from '../db/client.ts';
import { assetDefinitions, assetInstances, assetKinds } from '../db/schema/index.ts';
import { type DemoStaff, isAtWork, isLogin } from './demo-staff.ts';
import { DEVICE_MODELS, type DeviceModel, pickModel } from './device-models.ts';
import { type FleetContext, makeDevice, type NewDevice, type Placement } from './fleet.ts';
import { OFFICE_CITIES } from './names.ts';
import type { PlannedPerson } from './people.ts';
import { KIND_CODES, ORGANIZATION_KINDS, PERIPHERAL_MODELS } from './peripherals.ts';
import type { Random } from './random.ts';

interface DeviceWish {
  model: DeviceModel;
  placement: Placement;
}

/**
 * The fleet of a demo organisation: a computer for nearly everyone at work, phones and tablets for
 * the roles that need them, devices on order for new starters, returned laptops of leavers, and the
 * IT stock and shared meeting-room devices.
 */
export function planDemoDevices(
  random: Random,
  fleet: FleetContext,
  staff: DemoStaff,
  stock: { size: number; everyModel: boolean },
): NewDevice[] {
  const wishes: DeviceWish[] = [];
  let starters = 0;
  for (const person of staff.people) {
    if (person.row.userType === 'unmanagedUser') continue;
    if (person.row.employeeStatus === 'ONBOARDING')
      wishes.push(...starterDevices(random, person, starters++));
    else if (person.row.employeeStatus === 'INACTIVE') wishes.push(returnedLaptop(random, person));
    else wishes.push(...personalDevices(random, person, isLogin(staff, person)));
  }
  wishes.push(...stockAndSharedDevices(random, stock.size, stock.everyModel));
  return wishes.map((wish) => makeDevice(random, fleet, wish.model, wish.placement));
}

/** Preferred computer operating system by department. */
function computerOs(random: Random, person: PlannedPerson): DeviceOs {
  switch (person.department) {
    case 'Engineering':
      return random.weighted([
        ['MACOS', 82],
        ['WINDOWS', 8],
        ['UNKNOWN', 10],
      ] as const);
    case 'Design':
      return 'MACOS';
    case 'Finance':
    case 'Legal':
      return random.weighted([
        ['WINDOWS', 80],
        ['MACOS', 20],
      ] as const);
    default:
      return random.weighted([
        ['MACOS', 60],
        ['WINDOWS', 40],
      ] as const);
  }
}

function phoneChance(person: PlannedPerson): number {
  const department = person.department;
  return department === 'Sales' ||
    department === 'Customer Success' ||
    department === 'IT' ||
    department === 'Operations'
    ? 0.75
    : 0.3;
}

function assigned(person: PlannedPerson, status: DeviceStatus): Placement {
  return { status, assignmentType: 'ASSIGNED', assignee: person, location: person.location };
}

function personalDevices(random: Random, person: PlannedPerson, alwaysEquipped: boolean): DeviceWish[] {
  const wishes: DeviceWish[] = [];
  const light = person.row.userType === 'lightUser';
  if (alwaysEquipped || !light || random.chance(0.5)) {
    // A few people are waiting for a replacement laptop to be registered.
    const status = !alwaysEquipped && random.chance(0.04) ? 'awaiting-registration' : 'active';
    wishes.push({
      model: pickModel(random, 'COMPUTER', computerOs(random, person)),
      placement: assigned(person, status),
    });
  }
  if (alwaysEquipped || (!light && random.chance(phoneChance(person)))) {
    wishes.push({ model: pickModel(random, 'PHONE'), placement: assigned(person, 'active') });
  }
  const tabletChance = person.department === 'Design' || person.department === 'Sales' ? 0.2 : 0.03;
  if (!light && random.chance(tabletChance)) {
    wishes.push({ model: pickModel(random, 'TABLET'), placement: assigned(person, 'active') });
  }
  return wishes;
}

/** New starters: their laptop is on order or waiting to be registered (alternately). */
function starterDevices(random: Random, person: PlannedPerson, index: number): DeviceWish[] {
  const status: DeviceStatus = index % 2 === 0 ? 'ordered' : 'awaiting-registration';
  const wishes = [
    { model: pickModel(random, 'COMPUTER', computerOs(random, person)), placement: assigned(person, status) },
  ];
  if (random.chance(phoneChance(person)))
    wishes.push({ model: pickModel(random, 'PHONE'), placement: assigned(person, 'ordered') });
  return wishes;
}

/** A leaver's laptop came back: either wiped and in stock again, or retired. */
function returnedLaptop(random: Random, person: PlannedPerson): DeviceWish {
  const status: DeviceStatus = random.chance(0.5) ? 'inactive' : 'in-stock';
  return {
    model: pickModel(random, 'COMPUTER', computerOs(random, person)),
    placement: {
      status,
      assignmentType: 'UNASSIGNED',
      location: person.location === 'Remote' ? 'Berlin' : person.location,
    },
  };
}

const MEETING_SPOTS = [
  'Reception',
  'Meeting room Spree',
  'Meeting room Isar',
  'Meeting room Elbe',
  'Kitchen',
  'Support desk',
];

/**
 * IT stock and shared devices. With `everyModel`, the list starts with one device of every model (so
 * every type and operating system is in stock at least once) and the shared meeting-room tablets and
 * on-call phones; the rest is drawn by popularity.
 */
function stockAndSharedDevices(random: Random, count: number, everyModel: boolean): DeviceWish[] {
  const office = () => random.pick(OFFICE_CITIES);
  const wishes: DeviceWish[] = [];
  const unassigned = (status: DeviceStatus): Placement => ({
    status,
    assignmentType: 'UNASSIGNED',
    location: office(),
  });
  const everyModelList = everyModel ? DEVICE_MODELS : [];
  for (const model of everyModelList)
    wishes.push({ model, placement: unassigned(random.chance(0.7) ? 'in-stock' : 'new') });
  // Shared: meeting-room tablets and on-call phones, in use and enrolled; one still being registered.
  const sharedKinds: DeviceType[] = everyModel
    ? ['TABLET', 'TABLET', 'TABLET', 'TABLET', 'TABLET', 'TABLET', 'PHONE', 'PHONE']
    : [];
  sharedKinds.forEach((type, index) => {
    const placement: Placement = {
      status: index === 0 ? 'awaiting-registration' : 'active',
      assignmentType: 'SHARED',
      location: office(),
      spot: type === 'PHONE' ? 'On-call phone' : random.pick(MEETING_SPOTS),
    };
    wishes.push({ model: pickModel(random, type, 'IOS'), placement });
  });
  const target = wishes.length + count;
  while (wishes.length < target) {
    const type = random.weighted([
      ['COMPUTER', 60],
      ['PHONE', 30],
      ['TABLET', 10],
    ] as const);
    const status = random.weighted([
      ['in-stock', 60],
      ['new', 25],
      ['inactive', 15],
    ] as const);
    wishes.push({ model: pickModel(random, type), placement: unassigned(status) });
  }
  return wishes;
}

type NewAssetDefinition = typeof assetDefinitions.$inferInsert;
type NewAssetInstance = typeof assetInstances.$inferInsert;

/** Peripherals: every model in PERIPHERAL_MODELS, ~`count` items, most handed out to people at work. */
export function planPeripherals(
  random: Random,
  organizationUuid: string,
  staff: DemoStaff,
  kindUuids: ReadonlyMap<string, string>,
  count: number,
): { definitions: NewAssetDefinition[]; instances: NewAssetInstance[] } {
  const holders = staff.people.filter((p) => isAtWork(p) && p.row.userType !== 'unmanagedUser');
  const totalWeight = PERIPHERAL_MODELS.reduce((sum, model) => sum + model.weight, 0);
  const definitions: NewAssetDefinition[] = [];
  const instances: NewAssetInstance[] = [];
  for (const model of PERIPHERAL_MODELS) {
    const definitionUuid = randomUUID();
    definitions.push({
      uuid: definitionUuid,
      organizationUuid,
      name: model.name,
      kind: KIND_CODES[model.kind],
      assetKindUuid: kindUuids.get(model.kind) ?? null,
      modelNumber: model.modelNumber,
      vendor: model.vendor,
      properties: model.properties,
    });
    const items = Math.max(1, Math.round((model.weight / totalWeight) * count));
    for (let i = 0; i < items; i++) {
      const holder = !model.shared && random.chance(0.65) ? random.pick(holders) : null;
      instances.push({
        organizationUuid,
        assetDefinitionUuid: definitionUuid,
        serialNumber: `${model.serialPrefix}${random.chars('ABCDEFGHJKLMNPQRSTUVWXYZ0123456789', 8)}`,
        notes: peripheralNote(random, model.shared ?? false, holder),
        userUuid: holder?.row.uuid ?? null,
        status: holder || model.shared ? 'in-use' : 'in-stock',
        assignment: holder ? 'assigned' : 'unassigned',
        properties: [
          { key: 'Inventory number', value: `INV-${String(instances.length + 1).padStart(5, '0')}` },
        ],
      });
    }
  }
  return { definitions, instances };
}

/**
 * The demo's and the bulk seed's peripherals: the organisation's own asset kinds (ORGANIZATION_KINDS),
 * then one definition per peripheral model and ~`count` items (planPeripherals).
 */
export async function seedPeripherals(
  db: Db,
  random: Random,
  organizationUuid: string,
  staff: DemoStaff,
  count: number,
): Promise<{ models: number; items: number }> {
  const kinds = await db
    .insert(assetKinds)
    .values(ORGANIZATION_KINDS.map((name) => ({ organizationUuid, name, baseKind: KIND_CODES[name] })))
    .returning({ uuid: assetKinds.uuid, name: assetKinds.name });
  const plan = planPeripherals(
    random,
    organizationUuid,
    staff,
    new Map(kinds.map((kind) => [kind.name, kind.uuid])),
    count,
  );
  await insertRowsAsJson(db, assetDefinitions, plan.definitions);
  await insertRowsAsJson(db, assetInstances, plan.instances);
  return { models: plan.definitions.length, items: plan.instances.length };
}

function peripheralNote(random: Random, shared: boolean, holder: PlannedPerson | null): string | null {
  if (shared) return `${random.pick(OFFICE_CITIES)} office, ${random.int(1, 4)}. floor`;
  if (holder?.location === 'Remote') return 'Shipped to home office';
  if (!holder) return random.chance(0.3) ? 'Storage room, shelf B' : null;
  return null;
}
