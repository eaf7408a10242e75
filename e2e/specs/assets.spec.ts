import { randomUUID } from 'node:crypto';
import { demoLogin, expect, signIn, test } from '../support/fixtures.ts';

/** The count next to the column menu: "321 assets". */
const countOf = async (page: import('@playwright/test').Page) => {
  const text = await page.getByText(/^[\d,]+ assets?$/).textContent();
  return Number(text!.replace(/\D/g, ''));
};

/** Cells of the import preview are buttons named "<Column>, row <n>: …". */
const cell = (page: import('@playwright/test').Page, column: string, row: number) =>
  page.getByRole('button', { name: new RegExp(`^${column}, row ${row}:`) });

test.describe('peripheral assets (issue 28)', () => {
  test("assigns a monitor to a person, who has it on their devices tab; an item's address reopens it", async ({
    page,
  }) => {
    await signIn(page, demoLogin('it-owner'));
    await page.goto('/dashboard/devices?tab=assets');
    const definitions = page.getByRole('navigation', { name: 'Asset definitions' });
    await definitions.getByRole('link', { name: /Dell UltraSharp 27 4K/ }).click();
    await expect(page).toHaveURL(/\/dashboard\/devices\/asset-definitions\/[0-9a-f-]{36}/);
    await expect(page.getByRole('region', { name: 'Dell UltraSharp 27 4K' })).toBeVisible();

    // An unassigned monitor of this model.
    await page.getByRole('button', { name: /Assignment/ }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Unassigned' }).click();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/assignment=unassigned/);
    const table = page.getByRole('table', { name: 'Assets' });
    const row = table.getByRole('row').nth(1);
    await expect(row).toContainText('Nobody');
    await row.click();
    await expect(page).toHaveURL(/\/dashboard\/devices\/assets\/[0-9a-f-]{36}/);
    const panel = page.getByRole('dialog');
    await expect(panel.getByRole('tab', { name: 'Assignment' })).toHaveAttribute('aria-selected', 'true');
    await panel.getByRole('tab', { name: 'Overview' }).click();
    const serial = (await panel
      .locator('dt', { hasText: 'Serial number' })
      .locator('xpath=following-sibling::dd[1]')
      .textContent())!.trim();
    expect(serial).not.toBe('—');
    await panel.getByRole('tab', { name: 'Assignment' }).click();
    await expect(panel.getByText('Nobody (in stock)')).toBeVisible();
    const person = panel.getByRole('radio').first();
    const personName = (await person.locator('xpath=..').locator('span span').first().textContent())!.trim();
    await person.check();
    await panel.getByRole('button', { name: 'Assign', exact: true }).click();
    await expect(panel.getByRole('button', { name: 'Take back to stock' })).toBeVisible();
    await expect(panel.getByText(personName, { exact: true })).toBeVisible();

    // A reload on the item's address lands on it.
    const itemUrl = page.url();
    await page.reload();
    await expect(page.getByRole('dialog').getByText(personName, { exact: true })).toBeVisible();
    expect(page.url()).toBe(itemUrl);

    // The person's devices tab lists the monitor.
    await page.goto('/dashboard/employees');
    await page.getByRole('searchbox', { name: 'Search employees' }).fill(personName);
    const people = page.getByRole('table', { name: 'Employees' });
    await expect(people.getByRole('row')).toHaveCount(2); // header + the person
    await people.getByRole('row').nth(1).getByText(personName).click();
    await page.getByRole('dialog').getByRole('tab', { name: 'Devices' }).click();
    const peripherals = page.getByRole('dialog').getByRole('list', { name: 'Peripherals' });
    await expect(peripherals.getByText(`Serial ${serial}`)).toBeVisible();
  });

  test('adds 5 keyboards by hand', async ({ page }) => {
    await signIn(page, demoLogin('it-owner'));
    await page.goto('/dashboard/devices/assets?kind=keyboard');
    await expect(page.getByRole('table', { name: 'Assets' }).getByRole('row').nth(1)).toBeVisible();
    const before = await countOf(page);

    await page.getByRole('link', { name: 'Add assets' }).click();
    await expect(page).toHaveURL(/\/dashboard\/devices\/add-peripherals$/);
    await page.getByRole('button', { name: 'Add Logitech MX Keys S' }).click();
    await page.getByRole('spinbutton', { name: 'Quantity of Logitech MX Keys S' }).fill('5');
    await page.getByText('Serial numbers and people (optional)').click();
    await page.getByRole('textbox', { name: 'Serial number of item 1' }).fill(`E2E-${Date.now()}`);
    await page.getByRole('button', { name: 'Add 5 assets' }).click();

    await expect(page).toHaveURL(/\/dashboard\/devices\/assets$/);
    await page.goto('/dashboard/devices/assets?kind=keyboard');
    await expect.poll(() => countOf(page)).toBe(before + 5);
  });

  test('imports 30 peripherals with two bad rows after fixing one and deleting the other', async ({
    page,
  }) => {
    const tag = randomUUID().slice(0, 6);
    const model = `Import Monitor ${tag}`;
    const owner = demoLogin('it-owner');
    const rows = Array.from({ length: 30 }, (_, i) => {
      const n = i + 1;
      // Five go to the IT owner; row 7 names a kind Equip has not, row 12 a person it has not.
      const assignee = n <= 5 ? owner.email : n === 12 ? `nobody.${tag}@acme.example` : '';
      const kind = n === 7 ? 'Toaster' : 'Monitor';
      return `${model},Acme,M-${tag},${kind},${assignee},SN-${tag}-${n},`;
    });
    const csv = ['Name,Vendor,Model,Kind,Assigned To,Serial Number,Notes', ...rows].join('\n');

    await signIn(page, owner);
    await page.goto('/dashboard/devices/import-peripherals');
    await page
      .getByLabel('CSV file')
      .setInputFiles({ name: 'peripherals.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect(page.getByRole('table', { name: 'Rows of the file' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Import \d+ peripherals$/ })).toBeDisabled();

    // The unknown kind is fixed at its cell; the row naming nobody is deleted.
    await cell(page, 'Kind', 7).click();
    const kind = page.getByRole('textbox', { name: 'Kind, row 7' });
    await kind.fill('Monitor');
    await kind.press('Enter');
    await expect(cell(page, 'Assigned To', 12)).toBeVisible();
    await page.getByRole('button', { name: 'Delete row 12' }).click();
    const importButton = page.getByRole('button', { name: 'Import 29 peripherals' });
    await expect(importButton).toBeEnabled();
    await importButton.click();

    // Back on the assets tab: one model, five of its items with the IT owner and the rest in stock.
    await expect(page).toHaveURL(/\/dashboard\/devices(\/assets|\?tab=assets)/);
    const definitions = page.getByRole('navigation', { name: 'Asset definitions' });
    await expect(definitions.getByRole('link', { name: new RegExp(model) })).toContainText(
      '5 in use · 24 in stock',
    );
    await page.getByRole('searchbox', { name: 'Search assets' }).fill(`SN-${tag}-`);
    await expect.poll(() => countOf(page)).toBe(29);
  });
});
