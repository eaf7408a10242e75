import { demoLogin, expect, signIn, test } from '../support/fixtures.ts';

/** The count next to the column menu: "321 assets". */
const countOf = async (page: import('@playwright/test').Page) => {
  const text = await page.getByText(/^[\d,]+ assets?$/).textContent();
  return Number(text!.replace(/\D/g, ''));
};

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
});
