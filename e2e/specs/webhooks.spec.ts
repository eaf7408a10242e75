import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { demoLogin, expect, signIn, test } from '../support/fixtures.ts';

test.describe('webhooks', () => {
  test('an IT owner adds an endpoint, keeps its secret, and sees a signed event arrive and listed', async ({
    page,
  }) => {
    const received: { headers: IncomingHttpHeaders; body: string }[] = [];
    const receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(200).end('thanks');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/${randomUUID().slice(0, 6)}`;
    try {
      await signIn(page, demoLogin('it-owner'));
      await page.getByRole('navigation', { name: /main/i }).getByRole('link', { name: 'Settings' }).click();
      await page
        .getByRole('navigation', { name: 'Settings' })
        .getByRole('link', { name: 'Webhooks' })
        .click();
      await expect(page).toHaveURL(/\/dashboard\/settings\/webhooks$/);

      await page.getByRole('button', { name: 'Add endpoint' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Add webhook endpoint' });
      await dialog.getByLabel('URL').fill(url);
      await dialog.getByLabel('Description').fill('End-to-end receiver');
      await dialog.getByRole('checkbox', { name: /employee\.created/ }).check();
      await dialog.getByRole('button', { name: 'Add endpoint' }).click();

      const secretDialog = page.getByRole('dialog', { name: 'Signing secret' });
      const secret = await secretDialog.getByLabel('Secret').inputValue();
      expect(secret).toMatch(/^whsec_/);
      await secretDialog.getByRole('button', { name: 'Done' }).click();
      // Closing the shown-once secret asks first.
      await page
        .getByRole('alertdialog', { name: 'You will not see this secret again' })
        .getByRole('button', { name: 'Close' })
        .click();
      await expect(secretDialog).toBeHidden();

      const card = page.getByRole('listitem').filter({ hasText: url });
      await card.getByRole('button', { name: 'Send test event' }).click();
      await expect.poll(() => received.length).toBe(1);
      const [delivery] = received;
      // Standard Webhooks: v1 = base64 HMAC-SHA256 of id.timestamp.body with the decoded secret.
      const id = String(delivery!.headers['webhook-id']);
      const timestamp = String(delivery!.headers['webhook-timestamp']);
      const expected = createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64'))
        .update(`${id}.${timestamp}.${delivery!.body}`)
        .digest('base64');
      expect(delivery!.headers['webhook-signature']).toBe(`v1,${expected}`);
      expect(JSON.parse(delivery!.body)).toMatchObject({ type: 'webhook.test' });

      const table = card.getByRole('table', { name: `Deliveries to ${url}` });
      await expect(table.getByRole('row').filter({ hasText: 'webhook.test' })).toContainText('Delivered', {
        timeout: 15_000,
      });
      await expect(table.getByRole('row').filter({ hasText: 'webhook.test' })).toContainText('200');
    } finally {
      receiver.close();
    }
  });
});
