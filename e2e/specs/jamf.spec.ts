import type { DeviceListItem } from '@equip/domain/devices';
import { startJamfFake } from '../../apps/api/src/test/jamf-fake.ts';
import { ownerToken } from '../support/api.ts';
import { demoLogin, expect, signIn, test } from '../support/fixtures.ts';

/**
 * An IT owner connects the organisation's Jamf Pro server (a local fake of the Jamf Pro API written from
 * Jamf's documentation, a real HTTP server) from the MDM servers screen; a Jamf-managed Mac of the demo
 * is locked and restarted through the real client and each command reports when the fake's device
 * acknowledges it. The server is disconnected again at the end (its devices go back to the sandbox).
 */
test('connects Jamf Pro, locks and restarts a Jamf-managed Mac through it', async ({ page, request }) => {
  const jamf = await startJamfFake({ clientSecret: 'jamf-e2e-client-secret-0123456789' });
  const headers = { authorization: `Bearer ${await ownerToken(request)}` };
  try {
    const res = await request.get(
      '/api/devices?deviceTypes=COMPUTER&deviceStatuses=active&take=500&sortingKey=name',
      { headers },
    );
    const { items } = (await res.json()) as { items: DeviceListItem[] };
    const mac = items.find(
      (d) =>
        d.mdmProvider === 'JAMF' &&
        d.enrollmentState === 'ENROLLED' &&
        d.os === 'MACOS' &&
        d.serialNumber &&
        d.mdmStatus !== 'locked' &&
        d.mdmStatus !== 'wiped',
    );
    expect(mac, 'an enrolled Jamf-managed Mac in the demo').toBeDefined();
    const computer = jamf.addComputer({ id: '41', name: mac!.name, serialNumber: mac!.serialNumber! });

    await signIn(page, demoLogin('it-owner'));
    await page.getByRole('navigation', { name: /main/i }).getByRole('link', { name: 'Settings' }).click();
    await page
      .getByRole('navigation', { name: 'Settings' })
      .getByRole('link', { name: 'MDM servers' })
      .click();
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /Jamf Pro/ }) });
    await expect(card.getByText('Not connected')).toBeVisible();

    // A wrong secret is refused at its field, and nothing is saved.
    await card.getByRole('button', { name: 'Connect Jamf Pro' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Server URL').fill(jamf.url);
    await dialog.getByLabel('Client ID').fill(jamf.clientId);
    await dialog.getByLabel('Client secret').fill('not-the-secret-0000');
    await dialog.getByRole('button', { name: 'Test and save' }).click();
    await expect(dialog.getByLabel('Client secret')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByText('The MDM server refused the client ID or secret')).toBeVisible();
    await dialog.getByLabel('Client secret').fill(jamf.clientSecret);
    await dialog.getByRole('button', { name: 'Test and save' }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByText('Connected', { exact: true })).toBeVisible();
    await expect(card.getByText(jamf.clientId)).toBeVisible();
    expect(jamf.requests.some((r) => r.path === '/api/v1/jamf-pro-version')).toBe(true);

    // The Mac's lock goes to Jamf Pro, and the drawer follows until Jamf reports it acknowledged.
    await page.goto(`/dashboard/devices/${mac!.uuid}`);
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('heading', { name: mac!.name })).toBeVisible();
    await drawer.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Lock', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Lock' }).click();
    await expect(drawer.getByRole('progressbar', { name: /^Lock: / })).toHaveAccessibleName(
      'Lock: Confirmed by the device',
      { timeout: 20_000 },
    );
    await expect(drawer.getByText('Locked', { exact: true })).toBeVisible();
    const lock = jamf.commands.find((c) => c.commandType === 'DEVICE_LOCK');
    expect(lock).toMatchObject({ managementId: computer.managementId, state: 'ACKNOWLEDGED' });
    // The PIN Jamf locked the Mac with is shown, to unlock it on the Mac.
    await expect(drawer.getByText(String(lock!.commandData.pin))).toBeVisible();

    // Restart, and watch it report.
    await drawer.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Restart', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Restart' }).click();
    await expect(drawer.getByRole('progressbar', { name: /^Restart: / })).toHaveAccessibleName(
      'Restart: Confirmed by the device',
      { timeout: 20_000 },
    );
    expect(
      jamf.commands.filter((c) => c.managementId === computer.managementId).map((c) => c.commandType),
    ).toEqual(['DEVICE_LOCK', 'RESTART_DEVICE']);
    await page.keyboard.press('Escape');
  } finally {
    // Whatever happened, the demo's Jamf devices go back to the sandbox for the other specs.
    await request.delete('/api/mdm-connections/JAMF', { headers });
    await jamf.close();
  }
});
