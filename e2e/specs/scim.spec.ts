import { randomUUID } from 'node:crypto';
import { demoLogin, expect, signIn, test } from '../support/fixtures.ts';

const SCIM_JSON = 'application/scim+json';

test.describe('SCIM provisioning (decision 034)', () => {
  test('an IT owner creates a SCIM token; the identity provider provisions and deactivates a person with it; revoked, it is refused', async ({
    page,
  }) => {
    const tag = randomUUID().slice(0, 8);
    await signIn(page, demoLogin('it-owner'));
    await page.goto('/dashboard/integrations');
    await page.getByRole('textbox', { name: 'Token name' }).fill(`Entra ID ${tag}`);
    await page.getByRole('button', { name: 'Create token' }).click();
    const shown = page.getByRole('dialog', { name: 'SCIM token' });
    const token = await shown.getByLabel('Token').inputValue();
    expect(token).toMatch(/^equip_scim_/);
    await shown.getByRole('button', { name: 'Done' }).click();
    await page
      .getByRole('alertdialog', { name: 'You will not see this token again' })
      .getByRole('button', { name: 'Close' })
      .click();
    await expect(shown).toBeHidden();
    const row = page
      .getByRole('list', { name: 'SCIM tokens' })
      .getByRole('listitem')
      .filter({ hasText: tag });
    await expect(row).toContainText('Never used');
    const base = await page.getByText(/\/scim\/v2$/).textContent();
    expect(base).toMatch(/^http:\/\/localhost:\d+\/scim\/v2$/);

    // The identity provider's side, as Entra ID sends it.
    const headers = { authorization: `Bearer ${token}`, 'content-type': SCIM_JSON };
    const email = `scim.${tag}@acme.example`;
    const created = await page.request.post(`${base}/Users`, {
      headers,
      data: {
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
        userName: email,
        active: 'True',
        name: { givenName: 'Sky', familyName: `Scim${tag}` },
        emails: [{ value: email, type: 'work', primary: true }],
      },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const found = await page.request.get(
      `${base}/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}`,
      {
        headers,
      },
    );
    expect(((await found.json()) as { totalResults: number }).totalResults).toBe(1);
    const deactivated = await page.request.patch(`${base}/Users/${id}`, {
      headers,
      data: {
        schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
        Operations: [{ op: 'Replace', path: 'active', value: false }],
      },
    });
    expect(deactivated.status()).toBe(200);

    // The person is an employee in offboarding now, with SCIM's draft offboarding (decision 038).
    await page.goto(`/dashboard/employees?q=scim${tag}&status=OFFBOARDING`);
    await expect(page.getByRole('table', { name: 'Employees' }).getByText(email)).toBeVisible();
    await expect(
      page.getByRole('table', { name: 'Employees' }).getByRole('row', { name: new RegExp(`Scim${tag}`) }),
    ).toContainText('Draft from SCIM');

    // The token's use shows; revoked, the identity provider is refused.
    await page.goto('/dashboard/integrations');
    await expect(row).toContainText('Last used');
    await row.getByRole('button', { name: 'Revoke' }).click();
    await page
      .getByRole('alertdialog', { name: `Revoke Entra ID ${tag}?` })
      .getByRole('button', { name: 'Revoke' })
      .click();
    await expect(row).toContainText('Revoked');
    const refused = await page.request.get(`${base}/Users`, { headers });
    expect(refused.status()).toBe(401);
    expect(((await refused.json()) as { schemas: string[] }).schemas).toEqual([
      'urn:ietf:params:scim:api:messages:2.0:Error',
    ]);

    // The audit log has the token's creation and revocation, by its name, never its value.
    await page.goto('/dashboard/audit-log?type=SCIM_TOKEN_REVOKED');
    const log = page.getByRole('table', { name: 'Audit log' });
    const revokedEvent = log.getByRole('row').filter({ hasText: 'SCIM token revoked' }).first();
    await expect(revokedEvent).toBeVisible();
    await revokedEvent.click();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toContainText(`Entra ID ${tag}`);
    await expect(drawer).not.toContainText(token);
    await page.goto('/dashboard/audit-log?type=SCIM_TOKEN_CREATED');
    await expect(log.getByRole('row').filter({ hasText: 'SCIM token created' }).first()).toBeVisible();
  });
});
