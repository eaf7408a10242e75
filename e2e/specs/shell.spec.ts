import { demoLogin, expect, signIn, test } from '../support/fixtures.ts';

test.describe('app shell', () => {
  test('serves the SPA with title and favicon, and the APIs beside it', async ({ page, request }) => {
    await page.goto('/auth/login');
    await expect(page).toHaveTitle('Equip');
    const favicon = await request.get('/assets/favicon.png');
    expect(favicon.status()).toBe(200);
    expect(favicon.headers()['content-type']).toBe('image/png');
    expect((await request.get('/healthz')).status()).toBe(200);
    expect((await request.get('/readyz')).status()).toBe(200);
    const openapi = await request.get('/api/openapi.json');
    expect((await openapi.json()).openapi).toBe('3.1.0');
    const missing = await request.get('/api/nothing');
    expect(missing.status()).toBe(404);
    expect((await missing.json()).errors[0].errorType).toBe('NotFound');
  });

  test('walks every dashboard area from the sidebar', async ({ page }) => {
    await signIn(page, demoLogin('it-owner'));
    await expect(page).toHaveURL(/\/dashboard\/overview/);
    const nav = page.getByRole('navigation', { name: /main/i });
    for (const area of ['Employees', 'Devices', 'Bundles', 'Workspaces', 'Integrations', 'Overview']) {
      await nav.getByRole('link', { name: area }).click();
      await expect(page.getByRole('heading', { level: 1, name: area })).toBeVisible();
    }
  });

  test('toggles the notification panel and links the help desk', async ({ page }) => {
    await signIn(page, demoLogin('it-owner'));
    await page.getByRole('button', { name: /notifications/i }).click();
    await expect(page.getByRole('complementary', { name: /notifications/i })).toBeVisible();
    const support = page.getByRole('link', { name: /support/i });
    await expect(support).toHaveAttribute('href', /^https:\/\//);
  });

  test('shows a 404 page for unknown routes', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: /not found/i })).toBeVisible();
  });
});
