import { randomUUID } from 'node:crypto';
import { ownerToken } from '../support/api.ts';
import { demoLogin, expect, signIn, test } from '../support/fixtures.ts';

/**
 * Issue 31, done when (the part of the screens): an IT owner orders two laptops on rent for an employee
 * through the order wizard's three steps (going back once, and a postal code refused for its country),
 * sees the checkout accepted by the sandbox provider, and follows the order on its own address as it
 * advances through its statuses and shipment events to delivered, and the two laptops become her
 * devices, awaiting registration (item 6). The sandbox takes a step every
 * PROCUREMENT_SANDBOX_STEP_MS (1 s in the e2e server); the spec waits on what the page shows.
 */
test('orders two laptops on rent for an employee and follows the order to delivered', async ({
  page,
  request,
}) => {
  const token = await ownerToken(request);
  const tag = randomUUID().slice(0, 8);
  const lastName = `Order ${tag}`;
  const created = await request.post('/api/employees', {
    headers: { authorization: `Bearer ${token}` },
    data: { firstName: 'Olga', lastName, email: `olga-${tag}@acme.example`, role: 'regular' },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const name = `Olga ${lastName}`;

  await signIn(page, demoLogin('it-owner'));
  await page.goto('/dashboard/orders');
  await page.getByRole('link', { name: 'Order hardware' }).click();
  await expect(page).toHaveURL(/\/dashboard\/action\/order\/devices-selection$/);
  const steps = page.getByRole('navigation', { name: 'Order steps' });
  // The later steps are not accessible before the first one is left.
  await expect(steps.getByRole('button', { name: /Delivery address/ })).toBeDisabled();

  // Step 1: rent, for Olga, two Dell Latitude laptops.
  await page.getByRole('radio', { name: 'Rent monthly' }).check();
  await page.getByLabel('Search people').fill(lastName);
  await page.getByRole('radio', { name: new RegExp(name) }).check();
  await expect(page.getByText(`For ${name}`)).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search the catalog' }).fill('Latitude');
  // The search is in the address once it applies (the list's filters are).
  await expect(page).toHaveURL(/q=Latitude/);
  await expect(page.getByText('1 model', { exact: true })).toBeVisible();
  const add = page.getByRole('button', { name: /^Add Dell Latitude 7440/ }).first();
  await expect(add).toBeEnabled();
  await add.click();
  await page.getByRole('button', { name: 'One more Dell Latitude 7440' }).click();
  await expect(page.getByRole('heading', { name: 'Chosen devices (2)' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();

  // Step 2: the address, filled in for Olga; a postal code of the wrong format is refused.
  await expect(page).toHaveURL(/\/delivery-address$/);
  await expect(page.getByLabel('Recipient')).toHaveValue(name);
  await page.getByLabel('Street and number').fill('Torstraße 49');
  await page.getByLabel('City').fill('Berlin');
  await page.getByLabel('Country').selectOption('DE');
  await page.getByLabel('Postal code').fill('1011');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('This is not a postal code of Germany.')).toBeVisible();
  await expect(page).toHaveURL(/\/delivery-address$/);
  await page.getByLabel('Postal code').fill('10119');
  await page.getByRole('button', { name: 'Continue' }).click();

  // Step 3: the summary; back once to the address (kept), then forward again.
  await expect(page).toHaveURL(/\/summary$/);
  await expect(page.getByText(/2 × Dell Latitude 7440/)).toBeVisible();
  await expect(page.getByText('Total per month')).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/delivery-address$/);
  await expect(page.getByLabel('Street and number')).toHaveValue('Torstraße 49');
  await expect(steps.getByRole('button', { name: /Devices.*\(completed\)/ })).toBeEnabled();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/summary$/);
  await page.getByRole('button', { name: 'Place order' }).click();

  // The checkout, accepted by the sandbox; then the order at its own address.
  await expect(page).toHaveURL(/\/dashboard\/orders\?checkout=/);
  await expect(page.getByText('Checkout accepted by TopiComspot')).toBeVisible();
  await page.getByRole('link', { name: 'Open the order' }).click();
  await expect(page).toHaveURL(/\/dashboard\/orders\/[0-9a-f-]{36}/);
  const order = page.getByRole('region', { name: `Order for ${name}` });
  await expect(order).toBeVisible();
  await expect(order.getByText('Rent', { exact: true })).toBeVisible();
  // It advances through its statuses and shipment events to delivered.
  const tracking = order.getByRole('list', { name: 'Tracking events' });
  await expect(
    tracking.getByText(/Shipping label created|Picked up by the carrier|In transit/).first(),
  ).toBeVisible();
  await expect(order.getByText('Delivered').first()).toBeVisible();
  await expect(tracking.getByText(/Delivered/).first()).toBeVisible();
  for (const step of ['Created', 'Confirmed', 'On its way', 'Out for delivery'])
    await expect(tracking.getByText(new RegExp(step)).first()).toBeVisible();
  await expect(order.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);

  // The devices switch lists the two laptops; the list shows the order as rented and delivered.
  await order.getByRole('tab', { name: 'Devices' }).click();
  await expect(page).toHaveURL(/tab=devices/);
  await expect(order.getByText(/× 2/)).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search orders' }).fill(lastName);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Delivered');
  await expect(row).toContainText('Rent');

  // The two laptops are Olga's devices now, awaiting her registration (item 6).
  await page.goto('/dashboard/devices');
  await page.getByRole('searchbox', { name: 'Search devices' }).fill(lastName);
  const laptops = page.getByRole('row', { name: /Dell Latitude 7440/ });
  await expect(laptops).toHaveCount(2);
  for (const laptop of await laptops.all()) {
    await expect(laptop).toContainText(name);
    await expect(laptop).toContainText('Awaiting registration');
  }
});
