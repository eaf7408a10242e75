import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test, waitForMail } from '../support/fixtures.ts';

/**
 * A real installation's first steps (issue 26), on a server of its own beside the run's demo server: a
 * fresh data folder without the demo, on a port the system has just handed out. The server prints a
 * set-up link; its page creates the organisation and its IT owner, who lands on the setup steps. A
 * provider admin added with `npm run admin` then creates a second organisation, whose IT owner is
 * invited by mail (through the run's SMTP peer).
 */
const root = path.resolve(import.meta.dirname, '../..');
/** What `npm start` runs once the build is fresh (the run's web server has just built it). */
const SERVER_BUNDLE = 'apps/api/dist/main.mjs';

/** A port nobody listens on: the system picks it, we let it go and the spec's server takes it. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

let baseURL = '';
let env: NodeJS.ProcessEnv = {};

interface Server {
  process: ChildProcess;
  output: () => string;
}

/** Equip on the spec's folder; answers once it has said where it runs (and printed the link, if any). */
async function start(): Promise<Server> {
  const child = spawn(process.execPath, [SERVER_BUNDLE], { cwd: root, env });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  await expect
    .poll(
      async () => {
        if (child.exitCode !== null) throw new Error(`Equip stopped:\n${output}`);
        const ready = await fetch(`${baseURL}/readyz`).then(
          (res) => res.ok,
          () => false,
        );
        return ready && output.includes('Equip is running at');
      },
      { timeout: 120_000, intervals: [500] },
    )
    .toBe(true);
  return { process: child, output: () => output };
}

async function stop(server: Server | undefined): Promise<void> {
  if (!server || server.process.exitCode !== null) return;
  const exited = new Promise((resolve) => server.process.once('exit', resolve));
  server.process.kill('SIGTERM');
  await exited;
}

test.describe.configure({ mode: 'serial' });

test.describe('a new installation without the demo', () => {
  let server: Server | undefined;
  test.setTimeout(240_000);
  test.beforeAll(async () => {
    const port = await freePort();
    baseURL = `http://localhost:${port}`;
    env = {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: baseURL,
      EQUIP_DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'equip-e2e-first-')),
      EQUIP_DEMO: 'false',
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
    };
  });
  test.afterAll(async () => {
    await stop(server);
    if (env.EQUIP_DATA_DIR) rmSync(env.EQUIP_DATA_DIR, { recursive: true, force: true });
  });

  test('is set up with the printed link: the organisation, its IT owner, then the setup steps', async ({
    page,
  }) => {
    server = await start();
    const link = /(http:\/\/localhost:\d+\/setup\?token=[\w-]+)/.exec(server.output())?.[1];
    expect(link, server.output()).toBeDefined();

    await page.goto(link!);
    await expect(page.getByRole('heading', { level: 1, name: 'Set up Equip' })).toBeVisible();
    await expect(page.getByRole('radio', { name: /For my organisation/ })).toBeChecked();
    await page.getByLabel('Organisation name').fill('Nordlicht GmbH');
    await page.getByLabel('Country').selectOption('DE');
    await page.getByLabel('Time zone').selectOption('Europe/Berlin');
    const days = page.getByRole('group', { name: 'Working days' });
    await expect(days.getByRole('checkbox', { name: 'Friday' })).toBeChecked();
    await days.getByRole('checkbox', { name: 'Saturday' }).check();
    await page.getByLabel('First name').fill('Ida');
    await page.getByLabel('Last name').fill('Owner');
    await page.getByLabel('Work email').fill('ida@nordlicht.example');
    await page.getByLabel('Password', { exact: true }).fill('a long first password');
    await page.getByLabel('Confirm password').fill('a long first password');
    await page.getByRole('button', { name: 'Set up Equip' }).click();

    await expect(page).toHaveURL(/\/dashboard\/devices\/register-devices/);
    await expect(page.getByRole('tab', { name: 'macOS' })).toBeVisible();
    await expect(page.getByText('Download the Equip companion for macOS')).toBeVisible();
    await page.goto(`${baseURL}/dashboard/settings/organization`);
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Nordlicht GmbH');

    // The link worked once.
    await page.goto(link!);
    await expect(
      page.getByRole('heading', { level: 1, name: /doesn’t work any more|already set up/ }),
    ).toBeVisible();
  });

  test('a provider admin added with `npm run admin` creates a second organisation, whose IT owner is invited', async ({
    page,
  }) => {
    // The command works on the server's folder while the server is stopped (PGlite is one process's).
    await stop(server);
    const added = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'apps/api/src/cli/admin.ts',
        'create',
        '--email',
        'ops@provider.example',
        '--first-name',
        'Olga',
        '--last-name',
        'Ops',
      ],
      { cwd: root, env, encoding: 'utf8', timeout: 120_000 },
    );
    expect(added.status, added.stderr).toBe(0);
    const invitation = /(http:\/\/\S+\/auth\/set-password\?invitationToken=[\w-]+)/.exec(added.stdout)?.[1];
    expect(invitation, added.stdout).toBeDefined();
    server = await start();
    expect(server.output()).not.toContain('/setup?token=');

    await page.goto(invitation!);
    await page.getByLabel('New password', { exact: true }).fill('the operator password');
    await page.getByLabel('Confirm new password').fill('the operator password');
    await page.getByRole('button', { name: 'Activate account' }).click();
    await expect(page).toHaveURL(/\/dashboard\//);

    await page.goto(`${baseURL}/dashboard/organizations`);
    await expect(page).toHaveURL(/\/dashboard\/settings\/organizations/);
    const table = page.getByRole('table', { name: 'Organisations' });
    await expect(table.getByRole('row', { name: /Nordlicht GmbH/ })).toContainText('Germany');

    const since = Date.now();
    await page.getByRole('button', { name: 'Create organisation' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create organisation' });
    await dialog.getByLabel('Name', { exact: true }).fill('Fjord AS');
    await dialog.getByLabel('Country').selectOption('NO');
    await dialog.getByLabel('Time zone').selectOption('Europe/Oslo');
    await dialog.getByLabel('First name').fill('Nils');
    await dialog.getByLabel('Last name').fill('Fjord');
    await dialog.getByLabel('Email').fill('nils@fjord.example');
    await dialog.getByRole('button', { name: 'Create and invite' }).click();
    await expect(
      // The toast itself (a live region announces it too, with a prefix).
      page.getByText('Fjord AS was created. An invitation is on its way to nils@fjord.example.', {
        exact: true,
      }),
    ).toBeVisible();
    const row = table.getByRole('row', { name: /Fjord AS/ });
    await expect(row).toContainText('Norway');
    await expect(row).toContainText('Setting up');

    // The new IT owner sets a password from the mail and lands on the new organisation's setup steps.
    const mail = await waitForMail('nils@fjord.example', since, (m) => m.subject.includes('Fjord AS'));
    const owner = /(http:\/\/\S+\/auth\/set-password\?invitationToken=[\w-]+)/.exec(mail.text)?.[1];
    await page.context().clearCookies();
    await page.goto(owner!);
    await page.getByLabel('New password', { exact: true }).fill('the fjord password');
    await page.getByLabel('Confirm new password').fill('the fjord password');
    await page.getByRole('button', { name: 'Activate account' }).click();
    await expect(page).toHaveURL(/\/dashboard\/devices\/register-devices/);
  });
});
