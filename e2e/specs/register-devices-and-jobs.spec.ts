import { newOwner } from '../support/api.ts';
import { demoLogin, expect, signIn, test } from '../support/fixtures.ts';

test.describe('register devices and background jobs', () => {
  test('an IT owner follows a platform’s steps, skips it for now and finds it skipped on return', async ({
    page,
    request,
  }) => {
    // An organisation of its own: skipping is saved, and a retry must start from the same setup.
    await signIn(page, await newOwner(request));
    await page.goto('/dashboard/devices?registerType=windows');
    await expect(page).toHaveURL(/\/dashboard\/devices\/register-devices\?registerType=windows$/);
    const tabs = page.getByRole('tablist', { name: 'Platform' });
    await expect(tabs.getByRole('tab', { name: 'Windows' })).toHaveAttribute('aria-selected', 'true');
    // This server has no installer to hand out (no releases folder): the step says so, where it linked
    // to a 404 before.
    await expect(page.getByRole('tabpanel').getByText('Not available yet')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Download for Windows (.exe)' })).toHaveCount(0);

    await tabs.getByRole('tab', { name: 'iPhone and iPad' }).click();
    await expect(page).toHaveURL(/registerType=ios$/);
    await expect(page.getByRole('heading', { name: 'Assign your devices to Equip' })).toBeVisible();
    await page.getByRole('button', { name: 'Skip for now' }).click();
    await expect(page).toHaveURL(/\/dashboard\/devices$/);
    // The toast (its text is also announced in a live region, hence the first).
    await expect(
      page.getByText(/Registering iPhone and iPad devices was skipped for now/).first(),
    ).toBeVisible();

    await page.getByRole('link', { name: 'Register devices' }).click();
    await page.getByRole('tab', { name: /iPhone and iPad/ }).click();
    await expect(page.getByText('Skipped for now', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Don’t skip iPhone and iPad' }).click();
    await expect(page.getByText('Skipped for now', { exact: true })).toHaveCount(0);
  });

  test('a provider admin sees the queues with their dead-letter queues', async ({ page }) => {
    await signIn(page, demoLogin('equip-admin'));
    await page.getByRole('navigation', { name: /main/i }).getByRole('link', { name: 'Settings' }).click();
    await page
      .getByRole('navigation', { name: 'Settings' })
      .getByRole('link', { name: 'Background jobs' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Background jobs' })).toBeVisible();
    const queues = page.getByRole('table', { name: 'Queues and their jobs per state' });
    await expect(queues.getByRole('cell', { name: /^mail\.send$/ })).toBeVisible();
    await expect(queues.getByText('Dead letters of mail.send')).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Background jobs sections' })
      .getByRole('link', { name: 'Failed jobs' })
      .click();
    await expect(page).toHaveURL(/\/dashboard\/settings\/jobs\?view=failed$/);
    await expect(page.getByRole('table', { name: 'Failed jobs' })).toBeVisible();
  });
});
