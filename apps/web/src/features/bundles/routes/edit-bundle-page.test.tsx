import { type Application, type BundleDetail, viewOf } from '@equip/domain/bundles';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi } from '@/test/fake-api';
import { renderWithApp } from '@/test/render';
import { EditBundlePage } from './edit-bundle-page';

const uuid = (n: number, group = 9) => `00000000-0000-4000-${group}000-${String(n).padStart(12, '0')}`;

const app = (n: number, name: string): Application => ({
  uuid: uuid(n, 1),
  name,
  platforms: ['macos', 'windows'],
  subscriptionsSupportedByEquip: true,
  subscriptionsSupportedByOwners: false,
  macApplicationId: `com.example.${n}`,
  windowsApplicationId: null,
  iosApplicationId: null,
  macAppStoreId: null,
  ipadApplicationId: null,
});
const slack = app(1, 'Slack');
const figma = app(2, 'Figma');
const anna = { uuid: uuid(1, 8), firstName: 'Anna', lastName: 'Ågren', email: 'anna@acme.test' };
const bruno = { uuid: uuid(2, 8), firstName: 'Bruno', lastName: 'Zimmermann', email: 'bruno@acme.test' };

const bundle: BundleDetail = {
  uuid: uuid(1),
  name: 'Sales',
  description: null,
  organizationUuid: uuid(1, 5),
  createdAt: '2026-01-10T09:00:00.000Z',
  updatedAt: '2026-01-10T09:00:00.000Z',
  employees: [{ accountUuid: anna.uuid }],
  employeeUuids: [anna.uuid],
  applications: [
    viewOf({
      application: slack,
      management: 'MANAGED_INSTALLS',
      offboardingType: 'DELETE_ACCOUNT',
      onboardingShouldCreateAccount: true,
      owners: [],
    }),
  ],
};

function api() {
  return installFakeApi((request) => {
    if (request.path === `/bundle-api/bundles/${bundle.uuid}` && request.method === 'GET')
      return { body: bundle };
    if (request.path === '/bundle-api/applications') return { body: { items: [figma, slack], total: 2 } };
    if (request.path === '/employees') return { body: { items: [anna, bruno], total: 2 } };
    if (request.method === 'PUT') return { body: bundle };
    if (request.method === 'POST') return { body: { changed: 1, moved: 0 } };
    return undefined;
  });
}

const ROUTES = [{ path: '/dashboard/action/edit-bundle/:view?', element: <EditBundlePage /> }];

describe('editing a bundle (issue 29, item 3)', () => {
  it('edit-software keeps the kept applications’ account settings and adds new ones', async () => {
    const fake = api();
    const { user, router } = renderWithApp(
      ROUTES,
      `/dashboard/action/edit-bundle/edit-software?bundle=${bundle.uuid}`,
    );
    const desktop = await screen.findByRole('region', { name: 'Desktop apps' });
    expect(within(desktop).getByRole('checkbox', { name: 'Slack' })).toBeChecked();
    await user.click(within(desktop).getByRole('checkbox', { name: 'Figma' }));
    await user.click(screen.getByRole('button', { name: 'Save software' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/dashboard/bundles/${bundle.uuid}`));
    expect(fake.calls(`PUT /bundle-api/bundles/${bundle.uuid}/applications`).map((c) => c.body)).toEqual([
      {
        applications: [
          {
            applicationUuid: slack.uuid,
            management: 'MANAGED_INSTALLS',
            offboardingType: 'DELETE_ACCOUNT',
            onboardingShouldCreateAccount: true,
            owners: [],
          },
          { applicationUuid: figma.uuid, management: 'MANAGED_INSTALLS' },
        ],
      },
    ]);
  });

  it('edit-assigned-employees adds and takes out people', async () => {
    const fake = api();
    const { user } = renderWithApp(
      ROUTES,
      `/dashboard/action/edit-bundle/edit-assigned-employees?bundle=${bundle.uuid}`,
    );
    await user.click(await screen.findByRole('checkbox', { name: 'Anna Ågren' }));
    await user.click(screen.getByRole('checkbox', { name: 'Bruno Zimmermann' }));
    await user.click(screen.getByRole('button', { name: 'Save employees' }));
    await waitFor(() =>
      expect(fake.calls(`POST /bundle-api/bundles/${bundle.uuid}/employees/unassign`)).toHaveLength(1),
    );
    expect(fake.calls(`POST /bundle-api/bundles/${bundle.uuid}/employees`).map((c) => c.body)).toEqual([
      { employeeUuids: [bruno.uuid] },
    ]);
    expect(fake.calls(`POST /bundle-api/bundles/${bundle.uuid}/employees/unassign`)[0]?.body).toEqual({
      employeeUuids: [anna.uuid],
    });
  });

  it('asks for a bundle when none is named', async () => {
    api();
    renderWithApp(ROUTES, '/dashboard/action/edit-bundle');
    expect(await screen.findByText('Choose a bundle to edit')).toBeInTheDocument();
  });
});
