import { randomUUID } from 'node:crypto';
import type { DevicePage } from '@equip/domain/devices';
import { SHOW_STAGED_DEVICES_FLAG } from '@equip/domain/devices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, createOrganization, createUser, setFeatureFlag, tokenFor } from '../../test/factories.ts';

/**
 * Staged devices (ordered or new: not handed out yet) are listed and counted only while
 * it-2447-show-staged-devices is on (SPEC §9). The rule is the API's: the devices list, its totals
 * (which the overview reads) and its export agree, whatever the browser asks for.
 */
describe('staged devices and it-2447-show-staged-devices', () => {
  let t: TestApp;
  let token: string;
  let restoreFlag: () => Promise<void>;

  const db = () => t.services.database.db;
  const setFlag = (value: 'on' | 'off') => setFeatureFlag(db(), SHOW_STAGED_DEVICES_FLAG, value);
  const page = async (query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/devices?${query}`, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<DevicePage>();
  };
  const names = (p: DevicePage) => p.items.map((d) => d.name);

  beforeAll(async () => {
    t = await createTestApp();
    restoreFlag = await setFlag('off');
    const org = await createOrganization(db(), `Staged ${randomUUID().slice(0, 6)}`);
    token = await tokenFor(
      t.services,
      await createUser(db(), { organizationUuid: org.uuid, role: 'it-owner' }),
    );
    await db()
      .insert(devices)
      .values(
        (['active', 'in-stock', 'new', 'ordered', 'inactive'] as const).map((status) => ({
          organizationUuid: org.uuid,
          name: `Mac ${status}`,
          type: 'COMPUTER' as const,
          os: 'MACOS' as const,
          status,
          // Unencrypted, so the overview's "unencrypted" figure counts them all.
          isEncrypted: false,
        })),
      );
  });
  afterAll(async () => {
    await restoreFlag();
    await t.app.close();
  });

  it('leaves staged devices out of the list, its total, filters, sorts and searches while the flag is off', async () => {
    await setFlag('off');
    const all = await page('take=50');
    expect(names(all)).toEqual(['Mac active', 'Mac in-stock', 'Mac inactive']);
    expect(all.total).toBe(3);
    // The totals the overview reads agree with the table.
    expect((await page('take=1&showOnlyUnencrypted=true')).total).toBe(3);
    // Asking for staged statuses finds none; a search or another sort leaves them out too.
    expect(await page('deviceStatuses=new,ordered')).toEqual({ items: [], total: 0 });
    expect((await page('deviceStatuses=new,active')).total).toBe(1);
    expect(names(await page('textSearchQuery=mac&take=50'))).toEqual([
      'Mac active',
      'Mac in-stock',
      'Mac inactive',
    ]);
    expect((await page('textSearchQuery=mac&take=1')).total).toBe(3);
    expect(names(await page('sortingKey=status&take=50'))).toEqual([
      'Mac active',
      'Mac in-stock',
      'Mac inactive',
    ]);
  });

  it('lists and counts them while the flag is on, and follows a change of the flag at once', async () => {
    await setFlag('on');
    const all = await page('take=50');
    expect(all.total).toBe(5);
    expect(names(await page('deviceStatuses=new,ordered'))).toEqual(['Mac new', 'Mac ordered']);
    expect((await page('textSearchQuery=mac&take=1')).total).toBe(5);
    await setFlag('off');
    expect((await page('take=50')).total).toBe(3);
  });
});
