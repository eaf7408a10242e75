import type { DeviceListItem } from '@equip/domain/devices';
import { ownerToken } from '../support/api.ts';
import { demoLogin, expect, signIn, test } from '../support/fixtures.ts';

/**
 * Issue 11, done when: "open a device, lock it and watch it report locked". The demo's devices go
 * through the sandbox MDM adapters, which report a command done MDM_SANDBOX_DELAY_MS after it was sent
 * (playwright.config.ts), so the drawer shows the command under way before the device confirms.
 */
test('locks a demo device from its drawer and watches it report locked', async ({ page, request }) => {
  // A managed, enrolled Mac or PC of the demo that is not locked (found through the API, opened through the UI).
  const token = await ownerToken(request);
  const res = await request.get(
    '/api/devices?deviceStatuses=active&take=200&sortingKey=name&sortingDirection=desc',
    {
      headers: { authorization: `Bearer ${token}` },
    },
  );
  expect(res.ok()).toBe(true);
  const { items } = (await res.json()) as { items: DeviceListItem[] };
  // A ManageEngine one: jamf.spec.ts and mdm-connections.spec.ts connect the demo organisation's Jamf Pro
  // and Fleet servers (local fakes) while they run, and those fakes know none of the other devices.
  const device = items.find(
    (d) =>
      d.enrollmentState === 'ENROLLED' &&
      d.mdmProvider === 'MANAGE_ENGINE' &&
      (d.os === 'MACOS' || d.os === 'WINDOWS'),
  );
  expect(device, 'a managed demo computer').toBeDefined();

  await signIn(page, demoLogin('it-owner'));
  await page.goto(`/dashboard/devices?q=${encodeURIComponent(device!.name)}`);
  await page.getByRole('table').getByRole('row').filter({ hasText: device!.name }).first().click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('heading', { name: device!.name })).toBeVisible();
  await expect(drawer.getByText('Not reported')).toBeVisible();

  await drawer.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Lock', exact: true }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(`Lock ${device!.name}?`);
  await confirm.getByRole('button', { name: 'Lock' }).click();
  await expect(confirm).toBeHidden();

  // Under way first (queued or sent), then the device reports and the drawer follows without a reload.
  const progress = drawer.getByRole('progressbar', { name: /^Lock: / });
  await expect(progress).toHaveAttribute('aria-valuenow', /^(10|50)$/);
  await expect(progress).toHaveAccessibleName('Lock: Confirmed by the device', { timeout: 20_000 });
  await expect(progress).toHaveAttribute('aria-valuenow', '100');
  await expect(drawer.getByText('Locked', { exact: true })).toBeVisible();

  // Locked now: the menu offers unlock and no second lock.
  await drawer.getByRole('button', { name: 'Actions' }).click();
  await expect(page.getByRole('menuitem', { name: /^Lock/ })).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByRole('menuitem', { name: 'Unlock', exact: true })).not.toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await page.keyboard.press('Escape');

  // The device's history has both events, with the demo it-owner as actor (through the API).
  const history = await request.get(`/api/devices/${device!.uuid}/history`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const types = ((await history.json()) as { items: { type: string; actorName: string | null }[] }).items;
  expect(types.slice(0, 2).map((e) => e.type)).toEqual(['DEVICE_ACTION_COMPLETED', 'DEVICE_ACTION_SENT']);
  expect(types[0]!.actorName).not.toBeNull();
});
