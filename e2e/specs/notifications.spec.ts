import { randomUUID } from 'node:crypto';
import { demoLogin, expect, signIn, test } from '../support/fixtures.ts';

test.describe('notifications and the audit log', () => {
  test('an import notifies the importer without a reload and is in the audit log with its actor', async ({
    page,
  }) => {
    const tag = randomUUID().slice(0, 6);
    const fileName = `notify-${tag}.csv`;
    const csv = [
      'First Name,Last Name,Email',
      `Nora,Notify${tag},nora.${tag}@acme.example`,
      `Nils,Notify${tag},nils.${tag}@acme.example`,
    ].join('\n');

    await signIn(page, demoLogin('it-owner'));
    // The signed-in person's name, as the top bar's account menu shows it.
    const actorName = (
      await page
        .getByRole('button', { name: /account menu/ })
        .locator('.font-medium')
        .first()
        .textContent()
    )?.trim();
    expect(actorName).toBeTruthy();

    await page.goto('/dashboard/action/import-employees');
    // Open the panel before importing: the notification must arrive in it, with no reload.
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await bell.click();
    const panel = page.getByRole('complementary', { name: 'Notifications' });
    await expect(panel).toBeVisible();
    await expect(panel.getByText(`2 employees were imported from ${fileName}.`)).toHaveCount(0);
    let reloaded = false;
    page.on('load', () => {
      reloaded = true;
    });

    await page
      .getByLabel('CSV file')
      .setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const importButton = page.getByRole('button', { name: 'Import 2 employees' });
    await expect(importButton).toBeEnabled();
    await importButton.click();
    await expect(page.getByText('2 employees imported').first()).toBeVisible();

    const item = panel
      .getByRole('listitem')
      .filter({ hasText: `2 employees were imported from ${fileName}.` });
    await expect(item).toBeVisible({ timeout: 10_000 });
    await expect(item).toContainText('Import finished');
    await expect(item).toContainText('(unread)');
    await expect(bell).toHaveAccessibleName(/^Notifications, \d+ unread$/);
    expect(reloaded).toBe(false);

    // Mark it read from the keyboard.
    await item.getByRole('button', { name: 'Mark “Import finished” as read' }).focus();
    await page.keyboard.press('Enter');
    await expect(item).not.toContainText('(unread)');

    // The audit log has the import with the person who ran it.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit log' }).click();
    await expect(page).toHaveURL(/\/dashboard\/audit-log/);
    await page.getByRole('button', { name: /^Event filter/ }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Employees imported' }).click();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/type=USERS_IMPORTED/);
    const table = page.getByRole('table', { name: 'Audit log' });
    const row = table.getByRole('row').filter({ hasText: 'Employees imported' }).first();
    await expect(row).toContainText(actorName!);

    // Its details name the file and the count.
    await row.click();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toContainText(fileName);
    await expect(drawer).toContainText(actorName!);
    await expect(page).toHaveURL(/\/dashboard\/audit-log\/[0-9a-f-]{36}/);
  });
});
