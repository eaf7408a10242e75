import { readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { de } from '../support/catalog.ts';
import { type DemoLogin, demoLogin, expect, test } from '../support/fixtures.ts';

/**
 * Every dashboard page as each role sees it, in English and German, at the smallest supported desktop
 * (1280×800) on the production build (issue 25): no serious or critical axe violation, no console
 * warning or error, and every table shows its name column and its row actions without scrolling.
 */

type Language = 'en' | 'de';
const VIEWPORT = { width: 1280, height: 800 };

type Role = DemoLogin['role'];
const PAGE_LIST = path.resolve(import.meta.dirname, '../../apps/web/src/app/routes/dashboard-pages.ts');

/** Who the registry's role lists (`roles: STAFF` …) let in; a page without `roles` is STAFF's. */
const ROLE_LISTS: Record<string, readonly Role[]> = {
  STAFF: ['it-owner', 'equip-admin'],
  EVERYONE: ['it-owner', 'equip-admin', 'regular'],
  PROVIDER_ADMINS: ['equip-admin'],
};

interface DashboardPageVisit {
  /** The route pattern under `/dashboard/`. */
  pattern: string;
  /** The address visited: the pattern without its optional segments (the list, not an open record). */
  url: string;
  roles: readonly Role[];
}

/**
 * Every entry of the web app's page registry (`DASHBOARD_PAGES`), read from its source: a page added
 * there is visited here without a change to this spec.
 */
function dashboardPages(): DashboardPageVisit[] {
  const source = readFileSync(PAGE_LIST, 'utf8');
  const list = source.slice(source.indexOf('export const DASHBOARD_PAGES'));
  const entries = list
    .slice(0, list.indexOf('\n];'))
    .split(/\n {2}\{\n/)
    .slice(1);
  return entries.map((entry) => {
    const pattern = /^\s+path: '([^']+)',$/m.exec(entry)?.[1];
    if (!pattern) throw new Error(`A page without a path in dashboard-pages.ts:\n${entry}`);
    const roleList = /^\s+roles: (\w+),$/m.exec(entry)?.[1] ?? 'STAFF';
    const roles = ROLE_LISTS[roleList];
    if (!roles) throw new Error(`${pattern}: roles ${roleList} is not known to every-page.spec.ts`);
    const url = `/dashboard/${pattern.replace(/\/:\w+\?/g, '')}`;
    if (url.includes(':'))
      throw new Error(`${pattern}: a page with a required parameter needs an example here`);
    return { pattern, url, roles };
  });
}

const PAGES = dashboardPages();

/** The console's warnings and errors while the page is used. */
function watchConsole(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') {
      messages.push(`${message.type()} on ${page.url()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => messages.push(`page error on ${page.url()}: ${error.message}`));
  return messages;
}

async function signIn(page: Page, login: DemoLogin, language: Language) {
  const text = (english: string) => (language === 'de' ? de(english) : english);
  await page.goto('/auth/login');
  await page.getByLabel(text('Email'), { exact: true }).fill(login.email);
  await page.getByLabel(text('Password'), { exact: true }).fill(login.password);
  await page.getByRole('button', { name: text('Sign in'), exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\//);
}

/** Waits until the page has shown its content: no loading spinner, placeholder or busy table left. */
async function settled(page: Page, url: string) {
  const main = page.locator('main');
  await expect(main, url).not.toBeEmpty();
  await expect(main.locator('.animate-spin'), url).toHaveCount(0);
  await expect(main.locator('.animate-pulse'), url).toHaveCount(0);
  await expect(main.locator('[aria-busy="true"]'), url).toHaveCount(0);
}

/** Every table's name column (its first data column) and row actions are in view, without scrolling. */
async function expectTablesFit(page: Page, url: string) {
  const tables = page.locator('main table');
  for (let index = 0; index < (await tables.count()); index++) {
    const table = tables.nth(index);
    const fit = await table.evaluate((element) => {
      const frame = element.parentElement!;
      const bounds = frame.getBoundingClientRect();
      const headers = Array.from(element.querySelectorAll('thead th'));
      const name = headers.find((th) => !th.querySelector('input[type="checkbox"]'));
      const actions = headers.find((th) => th.hasAttribute('data-actions'));
      const inside = (th: Element | undefined) => {
        if (!th) return true;
        const box = th.getBoundingClientRect();
        return box.left >= bounds.left - 1 && box.right <= bounds.right + 1 && box.right <= window.innerWidth;
      };
      return {
        label: element.getAttribute('aria-label'),
        scrollsSideways: frame.scrollWidth > frame.clientWidth + 1,
        nameInView: inside(name),
        actionsInView: inside(actions),
      };
    });
    expect.soft(fit, `${url}: table ${fit.label}`).toEqual({
      label: fit.label,
      scrollsSideways: false,
      nameInView: true,
      actionsInView: true,
    });
  }
}

/**
 * With E2E_SCREENS_DIR set, a screenshot of every page that shows a table is kept there (for a look at
 * the tables that must fit, as the closing note shows them).
 */
async function keepScreenshot(page: Page, name: string) {
  const folder = process.env.E2E_SCREENS_DIR;
  if (!folder || (await page.locator('main table').count()) === 0) return;
  const file = `${name.replace(/[^\w-]+/g, '-').replace(/-+$/, '')}.png`;
  await page.screenshot({ path: path.join(folder, file) });
}

async function expectAccessible(page: Page, url: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      nodes: violation.nodes.slice(0, 3).map((node) => ({
        target: node.target.join(' '),
        html: node.html.slice(0, 160),
        why: node.any[0]?.message ?? node.failureSummary,
      })),
    }));
  expect.soft(serious, url).toEqual([]);
}

// Each role and language is a test of its own that signs in for itself: they spread over the workers.
test.describe.configure({ mode: 'parallel' });

test('the registry is read whole', () => {
  // Every `path:` of the registry is one page visited (an entry the reader missed would go unchecked).
  const paths = readFileSync(PAGE_LIST, 'utf8').match(/^\s+path: '[^']+',$/gm) ?? [];
  expect(PAGES.map((page) => page.pattern)).toHaveLength(paths.length);
  expect(PAGES.map((page) => page.pattern)).toContain('devices/:deviceUuid?');
});

for (const language of ['en', 'de'] as const) {
  test.describe(`every page in ${language === 'en' ? 'English' : 'German'} at 1280×800`, () => {
    test.use({ locale: language === 'en' ? 'en-GB' : 'de-DE', viewport: VIEWPORT });

    for (const role of ['it-owner', 'equip-admin', 'regular'] as const) {
      test(`as ${role}`, async ({ page }) => {
        // Some twenty pages, each read by axe: minutes on a busy 2-core machine.
        test.setTimeout(600_000);
        const problems = watchConsole(page);
        await signIn(page, demoLogin(role), language);
        for (const { url, roles } of PAGES) {
          if (role !== 'regular' && !roles.includes(role)) continue;
          await page.goto(url);
          if (!roles.includes(role)) {
            // One rule for pages a role may not open: a regular user lands on their own page.
            await expect(page, url).toHaveURL(/\/dashboard\/me$/);
            continue;
          }
          await expect(page, url).toHaveURL(new RegExp(url));
          await settled(page, url);
          await expectTablesFit(page, url);
          await expectAccessible(page, url);
          await keepScreenshot(page, `${language}-${role}-${url}`);
        }
        expect(problems).toEqual([]);
      });
    }
  });
}
