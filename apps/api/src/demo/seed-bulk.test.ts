import { DeviceStatus, DeviceType } from '@equip/domain/devices';
import { EmployeeStatus } from '@equip/domain/identity';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { assetDefinitions, assetInstances, devices, organizations, users } from '../db/schema/index.ts';
import { verifyPassword } from '../modules/auth/passwords.ts';
import { getTestDatabase } from '../test/database.ts';
import { emailDomain, seedBulkOrganization } from './seed-bulk.ts';
import { inRolledBackTransaction } from './test-helpers.ts';

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

describe('bulk seed', () => {
  it('inserts the requested counts with consistent device counters, and re-enables the trigger', async () => {
    const { db } = await getTestDatabase();
    const seen = await inRolledBackTransaction(db, async (tx) => {
      const result = await seedBulkOrganization(tx, {
        organizationName: 'Bench Test Corp',
        employees: 300,
        devices: 600,
        assets: 900,
        seed: 7,
      });
      const org = result.organizationUuid;
      return {
        result,
        organization: (await tx.select().from(organizations).where(eq(organizations.uuid, org)))[0]!,
        users: await tx.select().from(users).where(eq(users.organizationUuid, org)),
        devices: await tx.select().from(devices).where(eq(devices.organizationUuid, org)),
        definitions: await tx
          .select()
          .from(assetDefinitions)
          .where(eq(assetDefinitions.organizationUuid, org)),
        items: await tx.select().from(assetInstances).where(eq(assetInstances.organizationUuid, org)),
        mismatched: await rows<{ n: number }>(
          tx,
          sql`select count(*)::int as n from users u where u.organization_uuid = ${org}
              and u.devices_assigned <> (select count(*) from devices d where d.assigned_to_uuid = u.uuid)`,
        ),
        trigger: await rows<{ tgenabled: string }>(
          tx,
          sql`select tgenabled from pg_trigger where tgname = 'devices_assigned_counter' and tgrelid = 'devices'::regclass`,
        ),
      };
    });

    expect(seen.result.employees).toBe(300);
    expect(seen.result.devices).toBe(600);
    expect(seen.users).toHaveLength(300);
    expect(seen.devices).toHaveLength(600);
    expect(seen.organization.name).toBe('Bench Test Corp');
    expect(seen.mismatched[0]!.n).toBe(0);
    const assigned = seen.devices.filter((d) => d.assignedToUuid).length;
    expect(seen.result.assignedDevices).toBe(assigned);
    expect(seen.users.reduce((sum, u) => sum + u.devicesAssigned, 0)).toBe(assigned);
    // The trigger is back on before the commit ('O': fires in origin mode).
    expect(seen.trigger).toEqual([{ tgenabled: 'O' }]);

    expect(new Set(seen.users.map((u) => u.employeeStatus))).toEqual(new Set(EmployeeStatus.options));
    expect(new Set(seen.devices.map((d) => d.status))).toEqual(new Set(DeviceStatus.options));
    expect(new Set(seen.devices.map((d) => d.type))).toEqual(new Set(DeviceType.options));
    for (const device of seen.devices)
      expect(device.assignedToUuid !== null).toBe(device.assignmentType === 'ASSIGNED');

    // Peripherals: about the number asked for (rounded per model), each in use exactly when assigned
    // or shared, and assigned only to the organisation's own people.
    expect(seen.result.assets).toBe(seen.items.length);
    expect(seen.items.length).toBeGreaterThanOrEqual(880);
    expect(seen.items.length).toBeLessThanOrEqual(920);
    expect(seen.definitions.length).toBeGreaterThan(5);
    const people = new Set(seen.users.map((u) => u.uuid));
    for (const item of seen.items) {
      expect(item.assignment === 'assigned').toBe(item.userUuid !== null);
      if (item.userUuid) expect(people.has(item.userUuid)).toBe(true);
    }
    expect(new Set(seen.items.map((item) => item.status))).toEqual(new Set(['in-use', 'in-stock']));

    const owners = seen.users.filter((u) => u.role === 'it-owner');
    expect(owners).toHaveLength(1);
    expect(owners[0]!.email).toBe(seen.result.login.email);
    expect(seen.result.login.email).toBe('it@bench-test-corp.example');
    expect(await verifyPassword(owners[0]!.passwordHash!, seen.result.login.password)).toBe(true);
  });

  it('leaves nothing behind when it fails', async () => {
    const { db } = await getTestDatabase();
    const name = `Bench Failing ${Date.now()}`;
    const failAfterEmployees = (message: string) => {
      if (message.startsWith('inserted') && message.endsWith('employees')) throw new Error('disk full');
    };
    await expect(
      seedBulkOrganization(db, {
        organizationName: name,
        employees: 50,
        devices: 80,
        onProgress: failAfterEmployees,
      }),
    ).rejects.toThrow('disk full');
    await expect(
      seedBulkOrganization(db, { organizationName: name, employees: 50, devices: -1 }),
    ).rejects.toThrow(RangeError);
    const found = await db.select().from(organizations).where(eq(organizations.name, name));
    expect(found).toHaveLength(0);
  });

  it('derives the email domain from the organisation name', () => {
    expect(emailDomain('Bench Corp')).toBe('bench-corp.example');
    expect(emailDomain('Müller & Söhne GmbH')).toBe('muller-sohne-gmbh.example');
    expect(emailDomain('***')).toBe('organization.example');
  });
});
