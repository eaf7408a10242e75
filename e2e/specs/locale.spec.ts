import { randomUUID } from 'node:crypto';
import { newOwner, ownerToken } from '../support/api.ts';
import { de } from '../support/catalog.ts';
import { demoLogin, expect, signIn, test } from '../support/fixtures.ts';

/** The demo's people by name, as the API sorts them (last name, then first name). */
async function lastNamesByName(request: import('@playwright/test').APIRequestContext) {
  const headers = { authorization: `Bearer ${await ownerToken(request)}` };
  const names: string[] = [];
  let cursor: string | undefined;
  for (;;) {
    const res = await request.get('/api/employees', {
      headers,
      params: { take: '100', sortingKey: 'name', sortingDirection: 'asc', ...(cursor ? { cursor } : {}) },
    });
    const page = (await res.json()) as { items: { lastName: string }[]; nextCursor: string | null };
    names.push(...page.items.map((item) => item.lastName));
    if (!page.nextCursor) return names;
    cursor = page.nextCursor;
  }
}

/** The letter a reader files a name under: accents, strokes and case set aside (`Ågren` → A). */
const filedUnder = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[Łł]/g, 'L')
    .replace(/[Øø]/g, 'O')
    .charAt(0)
    .toUpperCase();

test.describe('in German (de-DE)', () => {
  test.use({ locale: 'de-DE', timezoneId: 'Europe/Berlin' });

  test('reads the login, an API error, the employees table, dates and an import error in German; English chosen in account settings applies at once and survives a reload', async ({
    page,
    request,
  }) => {
    const owner = await newOwner(request);
    await page.goto('/auth/login');
    const signInButton = page.getByRole('button', { name: de('Sign in'), exact: true });
    await expect(signInButton).toBeVisible();

    // The API answers a wrong password in English; the page shows it in German.
    await page.getByLabel(de('Email'), { exact: true }).fill(owner.email);
    await page.getByLabel(de('Password'), { exact: true }).fill(`wrong-${randomUUID()}`);
    await signInButton.click();
    await expect(page.getByText(de('Email or password is incorrect'))).toBeVisible();
    await page.getByLabel(de('Password'), { exact: true }).fill(owner.password);
    await signInButton.click();
    await expect(page).toHaveURL(/\/dashboard\//);

    await page.goto('/dashboard/employees');
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader', { name: de('Department') })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: de('Start date') })).toBeVisible();
    await expect(table.getByText(/^\d{2}\.\d{2}\.\d{4}$/).first()).toBeVisible();

    await page.goto('/dashboard/action/import-employees');
    const csv = 'First Name;Last Name;Email\nIvo;Import;not-an-email\n';
    await page
      .getByLabel(de('CSV file'))
      .setInputFiles({ name: 'leute.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect(page.getByText(de('Invalid email address')).first()).toBeVisible();

    await page.goto('/dashboard/account');
    await page.getByLabel(de('Language'), { exact: true }).selectOption('en');
    await expect(page.getByRole('link', { name: 'Employees', exact: true })).toBeVisible();
    await expect(page.getByLabel('Language', { exact: true })).toHaveValue('en');
    await page.reload();
    await expect(page.getByRole('link', { name: 'Employees', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: de('Employees'), exact: true })).toHaveCount(0);
  });
});

test.describe('in British English (en-GB)', () => {
  test.use({ locale: 'en-GB', timezoneId: 'Europe/London' });

  test('reads English with British dates', async ({ page }) => {
    await page.goto('/auth/login');
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    await signIn(page, demoLogin('it-owner'));
    await page.goto('/dashboard/employees');
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader', { name: 'Department' })).toBeVisible();
    await expect(table.getByText(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/).first()).toBeVisible();
  });
});

test('sorts the demo employees by name as readers expect: Ågren with the A names, Özdemir with the O names, Şahin with the S names', async ({
  request,
}) => {
  const names = await lastNamesByName(request);
  expect(names.length).toBeGreaterThan(100);
  const letters = names.map(filedUnder);
  expect(letters).toEqual([...letters].sort());
  const accented = names.filter((name) => /^[ÅÖØŁŞ]/.test(name));
  expect(accented.length).toBeGreaterThan(0);
});

test('an open employee has its own address: reload keeps it, Back closes it', async ({ page }) => {
  await signIn(page, demoLogin('it-owner'));
  await page.goto('/dashboard/employees');
  const firstRow = page.getByRole('table').getByRole('row').nth(1);
  await expect(firstRow).toBeVisible();
  await firstRow.click();
  const drawer = page.getByRole('dialog');
  await expect(drawer).toBeVisible();
  const name = (await drawer.getByRole('heading').first().textContent())?.trim() ?? '';
  expect(name).not.toBe('');
  await expect(page).toHaveURL(/\/dashboard\/employees\/[0-9a-f-]{36}$/);
  await drawer.getByRole('tab', { name: 'Devices' }).click();
  await expect(page).toHaveURL(/\?tab=devices$/);

  await page.reload();
  await expect(page.getByRole('dialog').getByRole('heading').first()).toHaveText(name);
  await expect(page.getByRole('dialog').getByRole('tab', { name: 'Devices' })).toHaveAttribute(
    'aria-selected',
    'true',
  );

  await page.goBack();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/dashboard\/employees$/);
});

test('says so when Equip cannot be reached, and recovers by itself when it answers again', async ({
  page,
}) => {
  await signIn(page, demoLogin('it-owner'));
  await page.goto('/dashboard/employees');
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();

  const unreachable = (route: import('@playwright/test').Route) => route.abort('connectionrefused');
  await page.route('**/api/**', unreachable);
  await page.route('**/healthz', unreachable);
  await page.getByRole('link', { name: 'Onboarding', exact: true }).click();
  // The banner over every page (the table's waiting row starts with the same sentence).
  await expect(page.getByText(/What you see may be out of date/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Waiting for the connection' })).toBeVisible();

  await page.unroute('**/api/**', unreachable);
  await page.unroute('**/healthz', unreachable);
  await expect(page.getByRole('heading', { name: 'Waiting for the connection' })).toHaveCount(0, {
    timeout: 20_000,
  });
  await expect(page.getByText('Equip cannot be reached right now.', { exact: false })).toHaveCount(0);
});
