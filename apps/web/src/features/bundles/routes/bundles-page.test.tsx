import {
  type Application,
  type BundleApplication,
  type BundleDetail,
  type BundleSummary,
  viewOf,
} from '@equip/domain/bundles';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiError, installFakeApi } from '@/test/fake-api';
import { renderWithApp } from '@/test/render';
import { BundlesPage } from './bundles-page';

const uuid = (n: number, group = 9) => `00000000-0000-4000-${group}000-${String(n).padStart(12, '0')}`;

function application(n: number, name: string, platforms: Application['platforms']): Application {
  return {
    uuid: uuid(n, 1),
    name,
    platforms,
    subscriptionsSupportedByEquip: true,
    subscriptionsSupportedByOwners: false,
    macApplicationId: platforms.includes('macos') ? `com.example.${n}` : null,
    windowsApplicationId: null,
    iosApplicationId: platforms.includes('ios') ? String(n) : null,
    macAppStoreId: null,
    ipadApplicationId: null,
  };
}

const entry = (app: Application, over: Partial<BundleApplication> = {}): BundleApplication => ({
  application: app,
  management: 'MANAGED_INSTALLS',
  offboardingType: null,
  onboardingShouldCreateAccount: false,
  owners: [],
  ...over,
});

const sales: BundleSummary = {
  uuid: uuid(1),
  name: 'Sales',
  description: 'CRM and slides',
  applicationCount: 3,
  desktopApplicationCount: 2,
  mobileApplicationCount: 1,
  employeeCount: 12,
  createdAt: '2026-01-10T09:00:00.000Z',
  updatedAt: '2026-02-10T09:00:00.000Z',
};

const detail: BundleDetail = {
  uuid: sales.uuid,
  name: sales.name,
  description: sales.description,
  organizationUuid: uuid(1, 5),
  createdAt: sales.createdAt,
  updatedAt: sales.updatedAt,
  employees: [{ accountUuid: uuid(1, 8) }],
  employeeUuids: [uuid(1, 8)],
  applications: [
    entry(application(1, 'Slack', ['macos', 'windows']), {
      onboardingShouldCreateAccount: true,
      offboardingType: 'DELETE_ACCOUNT',
    }),
    entry(application(2, 'Mozilla Firefox', ['macos', 'windows']), { management: 'SELF_SERVICE' }),
    entry(application(3, 'Gmail', ['ios']), { management: 'SELF_SERVICE' }),
  ].map(viewOf),
};

function bundlesApi() {
  return installFakeApi((request) => {
    if (request.path === '/bundle-api/bundles') return { body: { items: [sales], total: 1 } };
    if (request.path === `/bundle-api/bundles/${sales.uuid}`) return { body: detail };
    if (request.path === `/bundle-api/employees/${uuid(1, 8)}/applications`)
      return {
        body: {
          bundle: { uuid: sales.uuid, name: sales.name },
          items: [
            {
              application: { uuid: uuid(1, 1), name: 'Slack', platforms: ['macos', 'windows'] },
              management: 'MANAGED_INSTALLS',
              status: 'installed',
              reason: null,
              deviceUuid: uuid(1, 7),
            },
          ],
        },
      };
    if (request.path === `/bundle-api/bundles/${sales.uuid}/employees`)
      return {
        body: {
          items: [{ uuid: uuid(1, 8), firstName: 'Anna', lastName: 'Ågren', assignedAt: sales.createdAt }],
          total: 1,
        },
      };
    return undefined;
  });
}

const ROUTES = [{ path: '/dashboard/bundles/:bundleUuid?', element: <BundlesPage /> }];

describe('the bundles page (issue 29, item 2)', () => {
  beforeEach(() => localStorage.clear());

  it('lists the bundles with their counts from the bundle API', async () => {
    const api = bundlesApi();
    renderWithApp(ROUTES, '/dashboard/bundles?q=sal');
    const table = await screen.findByRole('table', { name: 'Bundles' });
    const row = await within(table).findByRole('row', { name: /Sales/ });
    expect(within(row).getByText('12')).toBeInTheDocument();
    expect(screen.getByText('1 bundle')).toBeInTheDocument();
    expect(api.calls('GET /bundle-api/bundles')[0]?.query.get('textSearchQuery')).toBe('sal');
  });

  it('opens a bundle at its own address: desktop and mobile apps, filtered by mode, and its people', async () => {
    bundlesApi();
    const { user } = renderWithApp(ROUTES, `/dashboard/bundles/${sales.uuid}`);
    expect(await screen.findByRole('heading', { name: 'Sales' })).toBeInTheDocument();
    const desktop = screen.getByRole('region', { name: /Desktop apps/ });
    const mobile = screen.getByRole('region', { name: /Mobile apps/ });
    expect(within(desktop).getByText('Slack')).toBeInTheDocument();
    expect(within(desktop).getByText('Mozilla Firefox')).toBeInTheDocument();
    expect(within(mobile).getByText('Gmail')).toBeInTheDocument();
    expect(within(mobile).getByText('Needs setup')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Management/ }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Managed by Equip' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(within(desktop).queryByText('Mozilla Firefox')).not.toBeInTheDocument());
    expect(within(desktop).getByText('Slack')).toBeInTheDocument();
    expect(within(mobile).getByText('No mobile apps match these filters.')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Employees' }));
    expect(await screen.findByText('Anna Ågren')).toBeInTheDocument();
    // A person opened shows their applications and where each stands.
    await user.click(screen.getByText('Anna Ågren'));
    const panel = await screen.findByRole('region', { name: 'Applications of Anna Ågren' });
    expect(within(panel).getByRole('heading', { name: 'Anna Ågren’s applications' })).toBeInTheDocument();
    expect(await within(panel).findByText('Installed')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Close Anna Ågren’s applications' }));
    expect(screen.queryByRole('region', { name: 'Applications of Anna Ågren' })).not.toBeInTheDocument();
  });

  it("sets an application's accounts: created on joining, what happens on leaving, and its owners", async () => {
    const bruno = { uuid: uuid(2, 8), firstName: 'Bruno', lastName: 'Zimmer', email: 'bruno@example.com' };
    const api = installFakeApi((request) => {
      if (request.path === `/bundle-api/bundles/${sales.uuid}` && request.method === 'GET')
        return { body: detail };
      if (request.path === '/employees' && request.method === 'GET')
        return { body: { items: request.query.get('textSearchQuery') ? [bruno] : [], total: 1 } };
      if (request.path === `/employees/${bruno.uuid}`) return { body: bruno };
      if (request.method === 'PUT') return { body: detail };
      return { body: { items: [], total: 0 } };
    });
    const { user } = renderWithApp(ROUTES, `/dashboard/bundles/${sales.uuid}`);
    await screen.findByRole('heading', { name: 'Sales' });
    // Gmail is only on iOS: no accounts to manage there (SPEC §3).
    expect(screen.queryByRole('button', { name: 'Accounts of Gmail' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accounts of Slack' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accounts of Slack' });
    expect(
      within(dialog).getByRole('checkbox', { name: 'Create an account when someone joins' }),
    ).toBeChecked();
    expect(within(dialog).getByText("Equip deletes a leaver's account.")).toBeInTheDocument();
    await user.selectOptions(
      within(dialog).getByLabelText('When someone leaves'),
      'CREATE_SUPERVISOR_TICKET',
    );
    expect(within(dialog).getByText("Nobody is asked to delete a leaver's account.")).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Find a person to add as an owner'), 'bru');
    await user.click(await within(dialog).findByRole('button', { name: 'Add Bruno Zimmer' }));
    expect(await within(dialog).findByRole('list', { name: 'Owners' })).toHaveTextContent('Bruno Zimmer');
    expect(within(dialog).getByText("A leaver's account is left to the owners.")).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      api.calls(`PUT /bundle-api/bundles/${sales.uuid}/applications/${uuid(1, 1)}`).map((c) => c.body),
    ).toEqual([
      {
        management: 'MANAGED_INSTALLS',
        onboardingShouldCreateAccount: true,
        offboardingType: 'CREATE_SUPERVISOR_TICKET',
        owners: [bruno.uuid],
      },
    ]);
  });

  it('says when the bundle cannot be loaded', async () => {
    installFakeApi(() => apiError(404, 'Bundle not found', 'NotFound'));
    renderWithApp(ROUTES, `/dashboard/bundles/${sales.uuid}`);
    expect(await screen.findByText('Bundle not found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
