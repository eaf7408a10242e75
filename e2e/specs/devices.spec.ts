import { readFile } from 'node:fs/promises';
import { newOwner } from '../support/api.ts';
import { demoLogin, expect, signIn, test, waitForMail } from '../support/fixtures.ts';

/** The count next to the column menu: "269 devices". */
const countOf = async (page: import('@playwright/test').Page) => {
  const text = await page.getByText(/^[\d,]+ devices?$/).textContent();
  return Number(text!.replace(/\D/g, ''));
};

test.describe('devices', () => {
  test('filters and sorts the demo devices, keeps the view in the URL and the columns across reloads', async ({
    page,
  }) => {
    await signIn(page, demoLogin('it-owner'));
    await page.goto('/dashboard/devices');
    const table = page.getByRole('table');
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    const all = await countOf(page);
    expect(all).toBeGreaterThan(200);

    await page.getByLabel('Only unencrypted').check();
    await expect(page).toHaveURL(/unencrypted=true/);
    await expect.poll(() => countOf(page)).toBeLessThan(all);
    // The rows follow the count in a render of their own (DataTable defers its body): wait for them.
    const securityCells = table.getByRole('row').locator('td').filter({ hasText: 'ncrypted' });
    await expect
      .poll(async () =>
        (await securityCells.allTextContents()).filter((text) => !text.includes('Not encrypted')),
      )
      .toEqual([]);
    expect(await securityCells.count()).toBeGreaterThan(0);

    await table.getByRole('button', { name: /^Last seen/ }).click();
    await expect(page).toHaveURL(/sort=lastSeenAt\.asc/);

    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Location' }).click();
    await page.keyboard.press('Escape');
    await expect(table.getByRole('columnheader', { name: /^Location/ })).toHaveCount(0);
    await page.reload();
    await expect(page.getByLabel('Only unencrypted')).toBeChecked();
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await expect(table.getByRole('columnheader', { name: /^Location/ })).toHaveCount(0);
  });

  test('exports the filtered list from the server, and the overview counts what the table lists', async ({
    page,
  }) => {
    await signIn(page, demoLogin('it-owner'));
    await page.goto('/dashboard/devices?type=PHONE&sort=name.desc');
    const table = page.getByRole('table');
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    const phones = await countOf(page);
    await page.getByRole('button', { name: 'Export' }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'CSV', exact: true }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^devices-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await readFile((await file.path())!, 'utf8')).replace(/^\uFEFF/, '');
    const [header, ...rows] = csv.trim().split(/\r?\n/);
    // The columns the table shows (all by default), headed and worded in the person's language.
    expect(header).toMatch(/^Name,Type,Model,Serial number,Operating system,/);
    // The table's matches, phones only, in its order.
    expect(rows).toHaveLength(phones);
    expect(rows.every((row) => row.includes(',Phone,'))).toBe(true);
    // The same first device as the table, sorted by name descending.
    const firstName = await table.getByRole('row').nth(1).locator('td p').first().textContent();
    expect(rows[0]!.startsWith(`${firstName},`) || rows[0]!.startsWith(`"${firstName}",`)).toBe(true);

    await page.goto('/dashboard/devices');
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    const listed = await countOf(page);
    await page.goto('/dashboard/overview');
    const devicesCard = page
      .getByRole('main')
      .getByRole('link', { name: 'Devices', exact: true })
      .locator('xpath=ancestor::li');
    await expect(devicesCard.getByText(listed.toLocaleString('en'), { exact: true })).toBeVisible();
  });

  test('opens a device in its own URL and assigns it to a person', async ({ page }) => {
    await signIn(page, demoLogin('it-owner'));
    await page.goto('/dashboard/devices?assignment=UNASSIGNED');
    const firstRow = page.getByRole('table').getByRole('row').nth(1);
    await expect(firstRow).toContainText('In stock');
    await firstRow.click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/\/dashboard\/devices\/[0-9a-f-]{36}/);

    await drawer.getByRole('button', { name: 'Change assignment' }).click();
    const dialog = page.getByRole('dialog', { name: /^Assign / });
    await dialog.getByRole('radio', { name: 'A person' }).check();
    await dialog.getByLabel('Search people').fill('Mustermann');
    await dialog.getByRole('radio', { name: /Max Mustermann/ }).check();
    await dialog.getByRole('button', { name: 'Save assignment' }).click();
    await expect(page.getByText(/is now assigned to Max Mustermann/).first()).toBeVisible();
    await expect(page.getByRole('dialog').getByText('Max Mustermann').first()).toBeVisible();
  });

  test('returns two devices with a reset, confirmed with the code mailed to the admin', async ({
    page,
    request,
  }) => {
    const owner = await newOwner(request);
    await signIn(page, owner);
    // People's MacBooks in use: enrolled with an MDM, so a reset can go to each.
    await page.goto('/dashboard/devices?assignment=ASSIGNED&status=active&q=MacBook');
    const rows = page.getByRole('table').getByRole('row');
    // Rows of devices, not the placeholder rows shown while they load (those have no checkbox).
    await expect(rows.nth(2).getByRole('checkbox')).toBeVisible();
    // The name cell's rendered text: the name, a line break, then type and model.
    const nameOf = (row: number) =>
      rows
        .nth(row)
        .locator('td')
        .nth(1)
        // biome-ignore lint/performance/useDomNodeTextContent: the line break between name and model is wanted
        .evaluate((cell) => (cell as HTMLElement).innerText);
    const names = [await nameOf(1), await nameOf(2)];
    await rows.nth(1).getByRole('checkbox').check();
    await rows.nth(2).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Return to stock' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Return 2 devices to stock?');
    await dialog.getByRole('checkbox', { name: /Reset the devices/ }).check();
    const since = Date.now();
    await dialog.getByRole('button', { name: 'Email me a code' }).click();
    const mail = await waitForMail(owner.email, since, (m) => /code to confirm the return/.test(m.text));
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
    await dialog.getByLabel('Confirmation code').fill(code);
    await dialog.getByRole('button', { name: 'Return and reset' }).click();
    await expect(page.getByText('2 devices back in stock, 2 resets sent').first()).toBeVisible();
    for (const name of names) {
      const line = name.split('\n')[0]!;
      await page.goto(`/dashboard/devices?assignment=UNASSIGNED&q=${encodeURIComponent(line)}`);
      await expect(page.getByRole('table').getByRole('row').filter({ hasText: line })).toContainText(
        'In stock',
      );
    }
  });
});
