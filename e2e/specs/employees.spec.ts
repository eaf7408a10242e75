import { randomUUID } from 'node:crypto';
import { demoLogin, expect, signIn, test } from '../support/fixtures.ts';

/** Cells of the import preview are buttons named "<Column>, row <n>: …". */
const cell = (page: import('@playwright/test').Page, column: string, row: number) =>
  page.getByRole('button', { name: new RegExp(`^${column}, row ${row}:`) });

test.describe('employees', () => {
  test('imports a CSV with good and bad rows after fixing and deleting rows, then finds the people', async ({
    page,
  }) => {
    const tag = randomUUID().slice(0, 6);
    const csv = [
      'First Name,Last Name,Email,Phone,Start Date,End Date,Department,Position',
      `Greta,Import${tag},greta.${tag}@acme.example,+49 30 1234,2026-03-01,,Research,Analyst`,
      `Hugo,Import${tag},hugo.${tag}@acme.example,,2026-03-01,,Research,Engineer`,
      `Hugo,Twin${tag},hugo.${tag}@acme.example,,,,Research,Engineer`,
      `Ivo,Import${tag},not-an-email,,,,Research,Engineer`,
    ].join('\n');

    await signIn(page, demoLogin('it-owner'));
    await page.goto('/dashboard/action/import-employees');
    await page
      .getByLabel('CSV file')
      .setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect(page.getByRole('table', { name: 'Rows of the file' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Import \d+ employees$/ })).toBeDisabled();

    // Fix the broken email inline, then delete one of the two duplicate rows.
    await cell(page, 'Email', 4).click();
    const input = page.getByRole('textbox', { name: 'Email, row 4' });
    await input.fill(`ivo.${tag}@acme.example`);
    await input.press('Enter');
    await page.getByRole('button', { name: 'Delete row 3' }).click();
    const importButton = page.getByRole('button', { name: 'Import 3 employees' });
    await expect(importButton).toBeEnabled();
    await importButton.click();
    await expect(page.getByText('3 employees imported').first()).toBeVisible();

    // Find them by search and filter in the table.
    await page.goto('/dashboard/employees');
    await page.getByRole('searchbox', { name: 'Search employees' }).fill(`import${tag}`);
    const table = page.getByRole('table', { name: 'Employees' });
    await expect(table.getByRole('row')).toHaveCount(4); // header + 3 people
    await expect(table.getByText(`greta.${tag}@acme.example`)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`q=import${tag}`));
    // Filters and search survive a reload.
    await page.reload();
    await expect(page.getByRole('table', { name: 'Employees' }).getByRole('row')).toHaveCount(4);
    // A status filter narrows them down: they started in the past, so they are active, not on leave.
    await page.goto(`/dashboard/employees?q=import${tag}&status=ACTIVE`);
    await expect(page.getByRole('button', { name: 'Status filter: Active' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Employees' }).getByRole('row')).toHaveCount(4);
    await page.goto(`/dashboard/employees?q=import${tag}&status=LEAVE`);
    await expect(page.getByRole('button', { name: 'Reset filters' }).first()).toBeVisible();
    await expect(page.getByText(`greta.${tag}@acme.example`)).toHaveCount(0);
  });

  test('remembers the chosen columns after a reload', async ({ page }) => {
    // Wide enough for every column: narrower, the table hides License for room (tables that fit), and
    // this is about the person's own choice.
    await page.setViewportSize({ width: 1920, height: 1080 });
    await signIn(page, demoLogin('it-owner'));
    await page.goto('/dashboard/employees');
    const table = page.getByRole('table', { name: 'Employees' });
    await expect(table.getByRole('columnheader', { name: /license/i })).toBeVisible();
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'License' }).click();
    await page.keyboard.press('Escape');
    await expect(table.getByRole('columnheader', { name: /license/i })).toHaveCount(0);
    await page.reload();
    await expect(
      page.getByRole('table', { name: 'Employees' }).getByRole('columnheader', { name: /license/i }),
    ).toHaveCount(0);
    const stored = await page.evaluate(() => localStorage.getItem('equip:all_employees_columns'));
    expect(stored).not.toContain('license');
    // Put it back for the other specs.
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('menuitem', { name: 'Show all columns' }).click();
  });

  test("opens a person's status, devices and personal information", async ({ page }) => {
    await signIn(page, demoLogin('it-owner'));
    await page.goto('/dashboard/employees?sort=devicesAssigned.desc');
    const table = page.getByRole('table', { name: 'Employees' });
    await table.getByRole('row').nth(1).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('tab', { name: 'Status' })).toHaveAttribute('aria-selected', 'true');
    await drawer.getByRole('tab', { name: 'Devices' }).click();
    await expect(drawer.getByRole('list', { name: 'Devices' }).getByRole('listitem').first()).toBeVisible();
    await drawer.getByRole('tab', { name: 'Personal information' }).click();
    await expect(drawer.getByRole('form', { name: 'Personal information' })).toBeVisible();
    await expect(drawer.getByLabel('Email')).not.toHaveValue('');
    // An IT owner may hand out only the organisation's roles (never equip-admin).
    await expect(drawer.getByLabel('Role').locator('option')).toHaveText(['Employee', 'IT owner']);
  });

  test('filters by status through the URL and shows the onboarding view', async ({ page }) => {
    await signIn(page, demoLogin('it-owner'));
    await page.goto('/dashboard/employees?view=onboarding');
    const table = page.getByRole('table', { name: 'Employees' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await expect(table.getByRole('columnheader', { name: /start date/i })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
  });
});
