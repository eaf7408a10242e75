import { demoLogin, expect, signIn, test } from '../support/fixtures.ts';

/**
 * Issue 30, done when: connect the sandbox Personio, preview and run the first sync, see the new hires in
 * the onboarding view, change a person in the sandbox, sync, see the diff in the audit log. The demo has
 * a Personio connected already (seeded, its setup completed): it is removed on the page first, then
 * connected again through the page's dialog (the sandbox takes any credentials). The sandbox changes a
 * person at each sync after the first (decision 038): the second sync promotes Lukas Becker.
 */
test('connects the sandbox Personio, runs the first sync after its preview, and shows a change as a diff', async ({
  page,
}) => {
  await signIn(page, demoLogin('it-owner'));
  await page.goto('/dashboard/integrations');

  const card = page.locator('div.p-5', {
    has: page.getByRole('heading', { level: 2, name: /^Personio/ }),
  });
  // The demo's Personio: remove it, so that it is connected (and set up) from the start.
  await card.getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await expect(card.getByRole('button', { name: 'Connect Personio' })).toBeVisible();

  await card.getByRole('button', { name: 'Connect Personio' }).click();
  const connect = page.getByRole('dialog', { name: 'Connect Personio' });
  await connect.getByLabel('Client ID').fill('sandbox-client');
  await connect.getByLabel('Client secret').fill('sandbox-secret-0001');
  await connect.getByRole('button', { name: 'Test and save' }).click();
  await expect(connect).toBeHidden();
  await expect(card).toContainText('Sandbox');

  // The first sync is previewed before it runs: nothing written yet.
  const sync = page.getByRole('region', { name: 'Sync with Personio' });
  await sync.getByRole('button', { name: 'Preview first sync' }).click();
  const preview = page.getByRole('dialog', { name: 'Preview of the first sync with Personio' });
  const planned = preview.getByRole('table', { name: 'What the first sync will do' });
  await expect(planned.getByRole('row', { name: /Felix Krause/ })).toBeVisible();
  await expect(planned.getByRole('row', { name: /Clara Neumann/ })).toBeVisible();
  await preview.getByRole('button', { name: 'Run first sync' }).click();
  await expect(preview).toBeHidden();
  await expect(sync).toContainText(/Done\s*\d+ added/, { timeout: 60_000 });
  await expect(sync.getByRole('button', { name: 'Sync now' })).toBeVisible();

  // The new hire is in the onboarding view, marked as the HR system's draft.
  await page.goto('/dashboard/employees?view=onboarding&q=Krause');
  const employees = page.getByRole('table', { name: 'Employees' });
  const felix = employees.getByRole('row', { name: /Felix Krause/ });
  await expect(felix).toContainText('Draft from Personio');
  await expect(felix).toContainText('Onboarding');

  // A person changes in the sandbox at the next sync: synced, the change is in the audit log.
  await page.goto('/dashboard/integrations');
  await page
    .getByRole('region', { name: 'Sync with Personio' })
    .getByRole('button', { name: 'Sync now' })
    .click();
  await expect(page.getByRole('region', { name: 'Sync with Personio' })).toContainText(
    /Done\s*0 added, 1 updated/,
    {
      timeout: 60_000,
    },
  );

  await page.goto('/dashboard/audit-log?type=USER_UPDATED');
  const log = page.getByRole('table', { name: 'Audit log' });
  const row = log.getByRole('row').filter({ hasText: 'Lukas Becker' }).first();
  await expect(row).toBeVisible();
  await row.click();
  const drawer = page.getByRole('dialog');
  const changes = drawer.getByRole('table', { name: 'Values before and after the change' });
  const position = changes.getByRole('row', { name: /Position/ });
  await expect(position.locator('del')).toHaveText('Sales Development Representative');
  await expect(position.locator('ins')).toHaveText('Account Executive');
  await expect(page).toHaveURL(/\/dashboard\/audit-log\/[0-9a-f-]{36}/);
});
