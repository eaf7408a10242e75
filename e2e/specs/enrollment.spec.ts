import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { demoLogin, expect, signIn, test, waitForMail } from '../support/fixtures.ts';

const root = path.resolve(import.meta.dirname, '../..');

test.describe('unified enrolment and the agent', () => {
  test('an employee enrols this machine at /start; the agent reports it; IT sees it enrolled', async ({
    page,
    baseURL,
  }) => {
    const employee = demoLogin('regular');
    await page.goto('/start');
    await expect(page.getByRole('heading', { level: 1, name: 'Enrol your device' })).toBeVisible();
    await page.getByLabel('Work email').fill(employee.email);
    const since = Date.now();
    await page.getByRole('button', { name: 'Send code' }).click();
    const mail = await waitForMail(employee.email, since, (m) =>
      /enrol your device|Registrieren Ihres Geräts/.test(m.text),
    );
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
    await page.getByRole('button', { name: 'Register this device' }).click();
    await expect(page.getByRole('heading', { name: 'Almost done' })).toBeVisible();
    // The name the device is registered with, which the agent's reports keep.
    const registered = (await page.getByText(/ is registered and waits/).textContent())!.replace(
      / is registered and waits.*$/,
      '',
    );
    const command = (await page.locator('pre').textContent())!;
    const token = /--token (\S+)/.exec(command)![1]!;

    // The real agent, on this machine, against this server.
    const config = path.join(mkdtempSync(path.join(tmpdir(), 'e2e-agent-')), 'config.json');
    const agent = spawnSync(
      process.execPath,
      [
        path.join(root, 'apps/agent/bin/equip-agent.mjs'),
        'enroll',
        '--server',
        baseURL!,
        '--token',
        token,
        '--config',
        config,
      ],
      { encoding: 'utf8', timeout: 60_000 },
    );
    expect(agent.status, agent.stderr).toBe(0);

    await signIn(page, demoLogin('it-owner'));
    await page.goto(`/dashboard/devices?q=${encodeURIComponent(registered)}`);
    const row = page.getByRole('table').getByRole('row').filter({ hasText: registered }).first();
    await expect(row).toBeVisible();
    await row.click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByText('Enrolled').first()).toBeVisible();
    // The machine's hostname, as the agent reported it.
    await drawer.getByRole('tab', { name: 'Specification' }).click();
    await expect(drawer.getByText(hostname(), { exact: true })).toBeVisible();

    // The machine's installed applications (its first report carried them; decision 026), searched on
    // the Software tab: on this Debian machine, its dpkg packages.
    // biome-ignore lint/suspicious/noTemplateCurlyInString: dpkg-query's own format, not a template
    const installed = spawnSync('dpkg-query', ['-W', '-f=${Version}', 'bash'], { encoding: 'utf8' });
    test.skip(installed.status !== 0, 'not a Debian machine: no dpkg package to look for');
    await drawer.getByRole('tab', { name: 'Software' }).click();
    const software = drawer.getByRole('table', { name: 'Installed software' });
    await expect(software.getByRole('row').nth(1)).toBeVisible();
    await expect(drawer.getByText(/^[\d,]+ applications$/)).toBeVisible();
    await drawer.getByRole('searchbox', { name: 'Search software' }).fill('bash');
    await expect(page).toHaveURL(/softwareQ=bash/);
    const bash = software.getByRole('row').filter({ has: page.getByText('bash', { exact: true }) });
    await expect(bash.first()).toContainText(installed.stdout.trim());
  });
});
