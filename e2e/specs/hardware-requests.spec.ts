import { randomUUID } from 'node:crypto';
import { demoLogin, expect, signIn, test } from '../support/fixtures.ts';

/**
 * Issue 31 item 4, done when (decision 037): a regular user requests a device from their own page with
 * a reason; the IT owner sees it on the orders screen's Requests tab, approves it into the order wizard
 * (the requester and the model already chosen), completes the three steps, and the order is there for
 * that person; the requester sees "Approved". A second request is declined with a reason, which the
 * requester reads on their page.
 */
test('a regular user requests a device; the IT owner approves it into an order and declines another', async ({
  page,
  browser,
}, testInfo) => {
  const tag = randomUUID().slice(0, 8);
  const laptopReason = `Travelling to customers ${tag}`;
  const tabletReason = `A tablet for demos ${tag}`;
  const declineReason = `We have spare tablets in the office ${tag}`;

  // The requester asks for a laptop (with a model) and a tablet.
  await signIn(page, demoLogin('regular'));
  await expect(page).toHaveURL(/\/dashboard\/me/);
  const mine = page.getByRole('region', { name: 'Your device requests' });
  await mine.getByRole('button', { name: 'Request a device' }).click();
  let dialog = page.getByRole('dialog', { name: 'Request a device' });
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.getByText('Say why you need the device.')).toBeVisible();
  await dialog.getByLabel('Device type').selectOption('COMPUTER');
  const model = dialog.getByLabel('Model (optional)');
  await expect(model).toBeEnabled();
  const latitude = await model
    .locator('option', { hasText: 'Dell Latitude 7440' })
    .first()
    .getAttribute('value');
  await model.selectOption(latitude!);
  await dialog.getByLabel('Reason').fill(laptopReason);
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog).toBeHidden();
  const laptopCard = mine.getByRole('listitem').filter({ hasText: laptopReason });
  await expect(laptopCard).toContainText('Waiting for IT');
  await expect(laptopCard).toContainText('Dell Latitude 7440');

  await mine.getByRole('button', { name: 'Request a device' }).click();
  dialog = page.getByRole('dialog', { name: 'Request a device' });
  await dialog.getByLabel('Device type').selectOption('TABLET');
  await dialog.getByLabel('Reason').fill(tabletReason);
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog).toBeHidden();
  await expect(mine.getByRole('listitem').filter({ hasText: tabletReason })).toContainText('Waiting for IT');

  // The IT owner, in a browser of their own, finds both on the Requests tab.
  const ownerContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const owner = await ownerContext.newPage();
  await signIn(owner, demoLogin('it-owner'));
  await owner.goto('/dashboard/orders');
  await owner.getByRole('link', { name: /^Requests/ }).click();
  await expect(owner).toHaveURL(/\/dashboard\/orders\?view=requests&requestStatus=requested$/);
  const laptopRow = owner.getByRole('row').filter({ hasText: laptopReason });
  await expect(laptopRow).toContainText('Waiting for IT');
  const name = (await laptopRow.getByRole('cell').first().textContent())!.trim();

  // Decline the tablet with a reason (a reason is required).
  await owner
    .getByRole('row')
    .filter({ hasText: tabletReason })
    .getByRole('button', { name: /^Decline/ })
    .click();
  const decline = owner.getByRole('dialog', { name: 'Decline the request' });
  await decline.getByRole('button', { name: 'Decline' }).click();
  await expect(decline.getByText('Give a reason; the requester reads it.')).toBeVisible();
  await decline.getByLabel('Reason').fill(declineReason);
  await decline.getByRole('button', { name: 'Decline' }).click();
  await expect(decline).toBeHidden();
  await expect(owner.getByRole('row').filter({ hasText: tabletReason })).toHaveCount(0);

  // Approve the laptop: the wizard opens for the requester with the model chosen.
  await laptopRow.getByRole('button', { name: /^Approve and order/ }).click();
  await expect(owner).toHaveURL(/\/dashboard\/action\/order\/devices-selection$/);
  await expect(owner.getByText(`For ${name}`)).toBeVisible();
  await expect(owner.getByRole('heading', { name: 'Chosen devices (1)' })).toBeVisible();
  await owner.getByRole('button', { name: 'Continue' }).click();
  await expect(owner).toHaveURL(/\/delivery-address$/);
  await expect(owner.getByLabel('Recipient')).toHaveValue(name);
  await owner.getByLabel('Street and number').fill('Torstraße 49');
  await owner.getByLabel('City').fill('Berlin');
  await owner.getByLabel('Country').selectOption('DE');
  await owner.getByLabel('Postal code').fill('10119');
  await owner.getByRole('button', { name: 'Continue' }).click();
  await expect(owner).toHaveURL(/\/summary$/);
  await owner.getByRole('button', { name: 'Place order' }).click();
  await expect(owner).toHaveURL(/\/dashboard\/orders\?checkout=/);
  await expect(owner.getByText('Checkout accepted by TopiComspot')).toBeVisible();
  await owner.getByRole('link', { name: 'Open the order' }).click();
  await expect(owner.getByRole('region', { name: `Order for ${name}` })).toBeVisible();
  await owner.goto('/dashboard/orders');
  await owner.getByRole('searchbox', { name: 'Search orders' }).fill(name);
  await expect(owner.getByRole('row', { name: new RegExp(name) }).first()).toBeVisible();
  await ownerContext.close();

  // The requester sees the approval and the decline's reason.
  await page.reload();
  await expect(mine.getByRole('listitem').filter({ hasText: laptopReason })).toContainText('Approved');
  const tabletCard = mine.getByRole('listitem').filter({ hasText: tabletReason });
  await expect(tabletCard).toContainText('Declined');
  await expect(tabletCard).toContainText(declineReason);
});
