import { randomUUID } from 'node:crypto';
import { demoLogin, expect, signIn, test, waitForMail } from '../support/fixtures.ts';

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

  test('a signed-in visit to a dashboard page preloads the frame code this build made', async ({
    page,
    request,
  }) => {
    await signIn(page, demoLogin('it-owner'));
    // page.request carries the browser's session cookies.
    const html = await (await page.request.get('/dashboard/employees')).text();
    const preloads = [
      ...html.matchAll(/rel="modulepreload" crossorigin href="([^"]+)" fetchpriority="low"/g),
    ].map((match) => match[1] ?? '');
    expect(preloads.some((file) => /^\/assets\/shared-[\w-]+\.js$/.test(file))).toBe(true);
    for (const file of preloads) expect((await request.get(file)).status()).toBe(200);
  });

  test("the employees list opened directly asks for its rows once, loads no schema code, and other areas' texts only once it shows", async ({
    page,
  }) => {
    await signIn(page, demoLogin('it-owner'));
    // When the page's own content is in the document (its views' tabs): the other areas' catalogs are
    // fetched once it has painted, whether its rows are there yet or not.
    await page.addInitScript(() => {
      const seen = new MutationObserver(() => {
        if (!document.querySelector('main nav[aria-label="Employee views"]')) return;
        (window as { shownAt?: number }).shownAt = performance.now();
        seen.disconnect();
      });
      seen.observe(document, { childList: true, subtree: true });
    });
    // The list's first page is asked for once: the prefetch asks, the table finds the answer cached
    // (the next page follows after the first paint).
    const listRequests: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/employees' && url.searchParams.get('skip') === '0')
        listRequests.push(url.search);
    });
    await page.goto('/dashboard/employees');
    await expect(page.locator('tbody tr[data-row]').first()).toBeVisible();
    // The other areas' catalogs follow once the page has painted and the browser is idle.
    await expect
      .poll(() =>
        page.evaluate(() =>
          performance.getEntriesByType('resource').some((r) => /\/assets\/areas-[\w-]+\.js$/.test(r.name)),
        ),
      )
      .toBe(true);
    const { shownAt, scripts } = await page.evaluate(() => ({
      shownAt: (window as { shownAt?: number }).shownAt ?? 0,
      scripts: performance
        .getEntriesByType('resource')
        .filter((r) => r.name.endsWith('.js'))
        .map((r) => ({ file: new URL(r.name).pathname, startTime: r.startTime })),
    }));
    expect(shownAt).toBeGreaterThan(0);
    expect(listRequests).toHaveLength(1);
    // zod and the domain's schemas (the build's 'schemas' chunk) are no part of the list.
    expect(scripts.filter((s) => /^\/assets\/schemas-/.test(s.file))).toEqual([]);
    // The devices' and the admin pages' texts are no part of its first screen.
    const otherAreas = scripts.filter((s) => /^\/assets\/(areas|admin)-[\w-]+\.js$/.test(s.file));
    expect(otherAreas.length).toBeGreaterThan(0);
    expect(otherAreas.filter((s) => s.startTime < shownAt)).toEqual([]);
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

  test('a provider admin adds and disables provider admins and reads the sent mail', async ({ page }) => {
    const admin = demoLogin('equip-admin');
    // The provider admin belongs to no organisation; at sign-in they act for the oldest one (Acme).
    await signIn(page, admin);
    // The installation's pages are in the Settings area.
    await page.getByRole('navigation', { name: /main/i }).getByRole('link', { name: 'Settings' }).click();
    const nav = page.getByRole('navigation', { name: 'Settings' });
    await nav.getByRole('link', { name: 'Provider admins' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Provider admins' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Provider admins' });
    const selfRow = table.getByRole('row').filter({ hasText: admin.email });
    await expect(selfRow.getByText('You', { exact: true })).toBeVisible();
    await expect(selfRow.getByRole('button')).toHaveCount(0);

    const tag = randomUUID().slice(0, 8);
    const email = `pa-${tag}@equip.example`;
    const since = Date.now();
    await page.getByRole('button', { name: 'Add provider admin' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add provider admin' });
    await dialog.getByLabel('First name').fill('Grace');
    await dialog.getByLabel('Last name').fill(`Hopper ${tag}`);
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: 'Add and invite' }).click();
    await expect(dialog).toBeHidden();
    const row = table.getByRole('row').filter({ hasText: email });
    await expect(row.getByText('Invited', { exact: true })).toBeVisible();
    const mail = await waitForMail(email, since, (m) => m.subject.includes('invited you'));
    expect(mail.text).toContain('/auth/set-password?invitationToken=');

    // The outbox lists the mail: to whom, when and about what.
    await nav.getByRole('link', { name: 'Sent mail' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sent mail' })).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Messages' })
      .getByRole('button')
      .filter({ hasText: email })
      .click();
    const reader = page.getByRole('article');
    // The recipient line (the mail's text names the address too).
    await expect(reader.getByText(email, { exact: true })).toBeVisible();
    // Once sent, the outbox keeps no mail's text: the invitation link is not there to be read.
    await expect(reader.getByText(/keeps no mail's text once it is sent/)).toBeVisible();
    await expect(reader.getByRole('link', { name: /set-password\?invitationToken=/ })).toHaveCount(0);

    await nav.getByRole('link', { name: 'Provider admins' }).click();
    await table.getByRole('button', { name: `Disable Grace Hopper ${tag}` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Disable Grace Hopper ${tag}?` });
    await confirm.getByRole('button', { name: 'Disable' }).click();
    await expect(confirm).toBeHidden();
    await expect(table.getByRole('row').filter({ hasText: email })).toHaveCount(0);
  });

  test('an IT owner finds no provider-admin pages', async ({ page }) => {
    await signIn(page, demoLogin('it-owner'));
    const nav = page.getByRole('navigation', { name: /main/i });
    await expect(nav.getByRole('link', { name: 'Overview' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Provider admins' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Sent mail' })).toHaveCount(0);
    await nav.getByRole('link', { name: 'Settings' }).click();
    const settings = page.getByRole('navigation', { name: 'Settings' });
    await expect(settings.getByRole('link', { name: 'Webhooks' })).toBeVisible();
    await expect(settings.getByRole('link', { name: 'Provider admins' })).toHaveCount(0);
    await page.goto('/dashboard/provider-admins');
    await expect(page.getByRole('heading', { name: /not found/i })).toBeVisible();
    await page.goto('/dashboard/mail');
    await expect(page.getByRole('heading', { name: /not found/i })).toBeVisible();
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
