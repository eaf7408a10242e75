import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';

export interface DemoLogin {
  email: string;
  password: string;
  role: 'it-owner' | 'equip-admin' | 'regular';
}

/** The demo logins the server wrote on its first start. */
export function demoLogins(): DemoLogin[] {
  return JSON.parse(
    readFileSync(path.join(process.env.E2E_DATA_DIR!, 'demo-logins.json'), 'utf8'),
  ) as DemoLogin[];
}

export function demoLogin(role: DemoLogin['role']): DemoLogin {
  const login = demoLogins().find((l) => l.role === role);
  if (!login) throw new Error(`No demo login for ${role}`);
  return login;
}

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  receivedAt: number;
}

/** Waits for a mail to `to` received after `since` (ms epoch) that matches. */
export async function waitForMail(
  to: string,
  since: number,
  match: (m: ReceivedMail) => boolean = () => true,
): Promise<ReceivedMail> {
  const dir = process.env.E2E_MAIL_DIR!;
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      () => {
        const mails = readdirSync(dir)
          .filter((f) => f.endsWith('.json')) // not a `.part` being written (global-setup.ts)
          .sort()
          .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as ReceivedMail);
        found = mails
          .reverse()
          .find((m) => m.receivedAt >= since && m.to.includes(to.toLowerCase()) && match(m));
        return Boolean(found);
      },
      { timeout: 15_000, message: `mail to ${to}` },
    )
    .toBe(true);
  return found!;
}

/**
 * Signs in through the login screen and waits until the dashboard has opened (or, with expectMfa,
 * until the second-factor form asks for a code).
 */
export async function signIn(
  page: Page,
  login: Pick<DemoLogin, 'email' | 'password'>,
  options: { expectMfa?: boolean } = {},
) {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(login.email);
  await page.getByLabel('Password', { exact: true }).fill(login.password);
  await page.getByRole('button', { name: /^sign in$/i }).click();
  if (options.expectMfa) await expect(page.getByRole('button', { name: 'Verify and sign in' })).toBeVisible();
  else await expect(page).toHaveURL(/\/dashboard\//);
}

export const test = base;
export { expect };
