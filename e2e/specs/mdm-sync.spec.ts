import { randomUUID } from 'node:crypto';
import type { DevicePage } from '@equip/domain/devices';
import { startJamfFake } from '../../apps/api/src/test/jamf-fake.ts';
import { ownerToken } from '../support/api.ts';
import { demoLogin, expect, signIn, test } from '../support/fixtures.ts';

/**
 * The inventory sync from the MDM (issue 27, item 3; decision 025): an IT owner with a connected Jamf Pro
 * server (a local fake of the Jamf Pro API) presses "Sync now" on the MDM servers screen, the card follows
 * the sync to its counts, and the computers and mobile devices Jamf has that Equip did not appear in the
 * device list. The fake holds every Apple device the demo has at Jamf as well (so none of them is marked
 * gone for the other specs); the server is disconnected again at the end.
 */
test('syncs a Jamf Pro server’s devices into the device list with Sync now', async ({ page, request }) => {
  const jamf = await startJamfFake({ clientSecret: 'jamf-e2e-sync-secret-0123456789' });
  const headers = { authorization: `Bearer ${await ownerToken(request)}` };
  const tag = randomUUID().slice(0, 6).toUpperCase();
  try {
    for (let skip = 0; ; skip += 500) {
      const res = await request.get(`/api/devices?take=500&skip=${skip}&sortingKey=name`, { headers });
      const { items, total } = (await res.json()) as DevicePage;
      for (const d of items) {
        if (d.mdmProvider !== 'JAMF' || !d.serialNumber) continue;
        const fields = { serialNumber: d.serialNumber, ...(d.model ? { model: d.model } : {}) };
        const osVersion = d.osVersion ? { osVersion: d.osVersion } : {};
        if (d.os === 'MACOS')
          jamf.addComputer({
            ...fields,
            ...osVersion,
            name: d.name,
            fileVault: d.isEncrypted ? 'ENCRYPTED' : 'UNENCRYPTED',
          });
        if (d.os === 'IOS')
          jamf.addMobileDevice({
            ...fields,
            ...osVersion,
            displayName: d.name,
            dataProtected: d.isEncrypted,
          });
      }
      if (skip + 500 >= total) break;
    }
    jamf.addComputer({
      serialNumber: `E2E${tag}M`,
      name: `Synced Mac ${tag}`,
      model: 'MacBook Air (M3, 2024)',
    });
    jamf.addMobileDevice({
      serialNumber: `E2E${tag}P`,
      displayName: `Synced iPad ${tag}`,
      model: 'iPad Pro (11-inch)',
    });
    const connected = await request.put('/api/mdm-connections/JAMF', {
      headers,
      data: { baseUrl: jamf.url, clientId: jamf.clientId, clientSecret: jamf.clientSecret },
    });
    expect([200, 201]).toContain(connected.status());

    await signIn(page, demoLogin('it-owner'));
    await page.getByRole('navigation', { name: /main/i }).getByRole('link', { name: 'Settings' }).click();
    await page
      .getByRole('navigation', { name: 'Settings' })
      .getByRole('link', { name: 'MDM servers' })
      .click();
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /Jamf Pro/ }) });
    await expect(card.getByText('Connected', { exact: true })).toBeVisible();
    await expect(card.getByText('Last sync')).toBeVisible();
    await card.getByRole('button', { name: 'Sync now' }).click();
    // The card follows the sync until its counts are in: the two devices Equip did not have are new.
    await expect(card.getByText(/: 2 new, \d+ changed, 0 no longer in the MDM$/)).toBeVisible({
      timeout: 60_000,
    });
    expect(jamf.requests.some((r) => r.path === '/api/v1/computers-inventory')).toBe(true);
    expect(jamf.requests.some((r) => r.path === '/api/v2/mobile-devices/detail')).toBe(true);

    // Both are in the device list now.
    await page.getByRole('navigation', { name: /main/i }).getByRole('link', { name: 'Devices' }).click();
    await page.getByRole('searchbox', { name: 'Search devices' }).fill(`Synced`);
    const table = page.getByRole('table', { name: 'Devices' });
    await expect(table.getByText(`Synced Mac ${tag}`)).toBeVisible();
    await expect(table.getByText(`Synced iPad ${tag}`)).toBeVisible();
  } finally {
    await request.delete('/api/mdm-connections/JAMF', { headers });
    await jamf.close();
  }
});
