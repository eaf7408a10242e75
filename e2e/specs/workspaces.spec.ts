import { randomUUID } from 'node:crypto';
import type { WorkspaceGroupList } from '@equip/domain/workspaces';
import { ownerToken } from '../support/api.ts';
import { demoLogin, expect, signIn, test } from '../support/fixtures.ts';

/**
 * Issue 30, done when: connect the sandbox Google Workspace and add two employees to a group. The demo
 * has a Google Workspace connected already (seeded): it is disconnected on the page first, then the
 * sandbox's is connected through the page's button (the sandbox's consent code), and two new employees
 * are added to its Engineering group through the groups table and the employees dialog.
 */
test('connects the sandbox Google Workspace and adds two employees to a group', async ({ page, request }) => {
  const headers = { authorization: `Bearer ${await ownerToken(request)}` };
  const tag = randomUUID().slice(0, 6);
  const people = ['Wanda', 'Wilbur'].map((firstName) => ({
    firstName,
    lastName: `Groupmember ${tag}`,
    email: `ws-${firstName.toLowerCase()}-${tag}@acme.example`,
  }));
  for (const person of people) {
    const created = await request.post('/api/employees', { headers, data: { ...person, role: 'regular' } });
    expect(created.status(), await created.text()).toBe(201);
  }

  await signIn(page, demoLogin('it-owner'));
  await page.goto('/dashboard/workspaces');

  // The demo's workspace: disconnect it, so that the sandbox's can be connected.
  await page.getByRole('button', { name: 'Disconnect' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByRole('heading', { name: 'No workspace connected' })).toBeVisible();

  await page.getByRole('button', { name: 'Connect sandbox Google Workspace' }).click();
  await expect(page.getByRole('heading', { name: 'Google Workspace' })).toBeVisible();
  await expect(page.getByText('sandbox.example.com · Sandbox')).toBeVisible();

  const table = page.getByRole('table', { name: 'Workspace groups' });
  const engineering = table.getByRole('row', { name: /Engineering/ });
  await expect(engineering).toContainText(/Group\s*2\s*Equip can add members/);
  // The dynamic group says why Equip cannot add members to it.
  await expect(table.getByRole('row', { name: /All staff/ })).toContainText(
    'Members are set by a rule in the workspace',
  );

  await engineering.getByRole('checkbox', { name: 'Select Engineering' }).check();
  await page.getByRole('button', { name: 'Add employees' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add employees to groups' });
  await dialog.getByLabel('Search employees').fill(`Groupmember ${tag}`);
  for (const person of people)
    await dialog
      .getByRole('checkbox', { name: new RegExp(`${person.firstName} Groupmember ${tag}`) })
      .check();
  await expect(dialog.getByText(/^Chosen: /)).toContainText(`Wilbur Groupmember ${tag}`);
  await dialog.getByRole('button', { name: 'Add to groups' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Added 2 employees to Engineering.', { exact: true })).toBeVisible();

  await expect(engineering).toContainText(/Group\s*4\s*\(2 of them in Equip\)/);

  // The API says the same: both are members of the group.
  const groups = (await (
    await request.get('/api/workspaces/groups', { headers })
  ).json()) as WorkspaceGroupList;
  const group = groups.items.find((g) => g.name === 'Engineering')!;
  expect(group.memberCount).toBe(4);
  expect(group.memberUserUuids).toHaveLength(2);
});
