import type { DeviceListItem } from '@equip/domain/devices';
import { startFleetFake } from '../../apps/api/src/test/fleet-fake.ts';
import { ownerToken } from '../support/api.ts';
import { demoLogin, expect, signIn, test } from '../support/fixtures.ts';

/**
 * An IT owner connects the organisation's Fleet server (a local fake of Fleet's documented API, a real
 * HTTP server), a Fleet-managed Mac of the demo is locked through the real client and reports locked,
 * and the server is disconnected again (its devices go back to the demo's sandbox). The e2e server
 * allows MDM servers on loopback (MDM_ALLOW_PRIVATE_SERVERS, playwright.config.ts).
 */
test('connects Fleet, locks a Fleet-managed Mac through it and disconnects', async ({ page, request }) => {
  const fleet = await startFleetFake({ token: 'fleet-e2e-api-token-0123456789' });
  const headers = { authorization: `Bearer ${await ownerToken(request)}` };
  try {
    const res = await request.get(
      '/api/devices?deviceTypes=COMPUTER&deviceStatuses=active&take=500&sortingKey=name',
      { headers },
    );
    const { items } = (await res.json()) as { items: DeviceListItem[] };
    const mac = items.find(
      (d) =>
        d.mdmProvider === 'FLEET' && d.enrollmentState === 'ENROLLED' && d.os === 'MACOS' && d.serialNumber,
    );
    expect(mac, 'an enrolled Fleet-managed Mac in the demo').toBeDefined();
    fleet.addHost({ id: 41, hostname: mac!.name, hardware_serial: mac!.serialNumber!, platform: 'darwin' });

    // From the Settings area, as a newcomer finds it.
    await signIn(page, demoLogin('it-owner'));
    await page.getByRole('navigation', { name: /main/i }).getByRole('link', { name: 'Settings' }).click();
    await page
      .getByRole('navigation', { name: 'Settings' })
      .getByRole('link', { name: 'MDM servers' })
      .click();
    // Fleet's card (Jamf Pro's and ManageEngine's are beside it; another spec may connect Jamf meanwhile).
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /^Fleet/ }) });
    await expect(card.getByText('Not connected')).toBeVisible();

    // A wrong token is refused at its field, and nothing is saved.
    await card.getByRole('button', { name: 'Connect Fleet' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Server URL').fill(fleet.url);
    await dialog.getByLabel('API token').fill('not-the-token-0000');
    await dialog.getByRole('button', { name: 'Test and save' }).click();
    await expect(dialog.getByLabel('API token')).toHaveAttribute('aria-invalid', 'true');
    await dialog.getByLabel('API token').fill(fleet.token);
    await dialog.getByRole('button', { name: 'Test and save' }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByText('Connected', { exact: true })).toBeVisible();
    await expect(card.getByText('6789')).toBeVisible();
    expect(fleet.requests.some((r) => r.path === '/api/v1/fleet/me')).toBe(true);

    // The Mac's lock now goes to Fleet, and the drawer follows until Fleet reports it locked.
    // The device's own address opens its drawer (record URLs).
    await page.goto(`/dashboard/devices/${mac!.uuid}`);
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('heading', { name: mac!.name })).toBeVisible();
    await expect(drawer.getByText('Fleet', { exact: true })).toBeVisible();
    await drawer.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Lock', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Lock' }).click();
    await expect(drawer.getByRole('progressbar', { name: /^Lock: / })).toHaveAccessibleName(
      'Lock: Confirmed by the device',
      { timeout: 20_000 },
    );
    await expect(drawer.getByText('Locked', { exact: true })).toBeVisible();
    expect(fleet.hosts.get(41)?.device_status).toBe('locked');
    expect(fleet.requests.some((r) => r.method === 'POST' && r.path === '/api/v1/fleet/hosts/41/lock')).toBe(
      true,
    );
    await page.keyboard.press('Escape');

    // Disconnect, after a confirmation.
    await page.goto('/dashboard/settings/mdm-servers');
    await card.getByRole('button', { name: 'Disconnect' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Disconnect' }).click();
    await expect(card.getByText('Not connected')).toBeVisible();
  } finally {
    // Whatever happened, the demo's Fleet devices go back to the sandbox for the other specs.
    await request.delete('/api/mdm-connections/FLEET', { headers });
    await fleet.close();
  }
});
