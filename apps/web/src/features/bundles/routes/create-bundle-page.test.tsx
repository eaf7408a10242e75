import type { Application } from '@equip/domain/bundles';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, json } from '@/test/fake-api';
import { renderWithApp } from '@/test/render';
import { BundlesPage } from './bundles-page';
import { CreateBundlePage } from './create-bundle-page';

const uuid = (n: number, group = 9) => `00000000-0000-4000-${group}000-${String(n).padStart(12, '0')}`;

const app = (n: number, name: string, platforms: Application['platforms']): Application => ({
  uuid: uuid(n, 1),
  name,
  platforms,
  subscriptionsSupportedByEquip: false,
  subscriptionsSupportedByOwners: false,
  macApplicationId: null,
  windowsApplicationId: null,
  iosApplicationId: null,
  macAppStoreId: null,
  ipadApplicationId: null,
});
const catalog = [app(1, 'Slack', ['macos', 'windows']), app(2, 'Figma', ['macos']), app(3, 'Gmail', ['ios'])];
const anna = { uuid: uuid(1, 8), firstName: 'Anna', lastName: 'Ågren', email: 'anna@acme.test' };

const ROUTES = [
  { path: '/dashboard/action/create-bundle/:step?', element: <CreateBundlePage /> },
  { path: '/dashboard/bundles/:bundleUuid?', element: <BundlesPage /> },
];

describe('the bundle creation wizard (issue 29, item 3)', () => {
  it('walks the four steps in the address, keeps the work going back, and creates the bundle', async () => {
    const api = installFakeApi((request) => {
      if (request.path === '/bundle-api/applications') return { body: { items: catalog, total: 3 } };
      if (request.path === '/employees') return { body: { items: [anna], total: 1 } };
      if (request.method === 'POST' && request.path === '/bundle-api/bundles')
        return json(201, { uuid: uuid(7), name: 'Sales' });
      return undefined;
    });
    const { user, router } = renderWithApp(ROUTES, '/dashboard/action/create-bundle/summary');
    // Without a name, a later step goes back to the first.
    expect(await screen.findByRole('textbox', { name: /Name/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/action/create-bundle/set-name');

    await user.click(screen.getByRole('button', { name: /Continue/ }));
    expect(screen.getByText('Give the bundle a name.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Sales');
    await user.click(screen.getByRole('button', { name: /Continue/ }));
    expect(router.state.location.pathname).toBe('/dashboard/action/create-bundle/add-software');

    const desktop = await screen.findByRole('region', { name: 'Desktop apps' });
    await user.click(within(desktop).getByRole('checkbox', { name: 'Slack' }));
    await user.click(within(desktop).getByRole('checkbox', { name: 'Figma' }));
    await user.selectOptions(
      within(desktop).getByRole('combobox', { name: 'How Figma is installed' }),
      'SELF_SERVICE',
    );
    await user.click(
      within(screen.getByRole('region', { name: 'Mobile apps' })).getByRole('checkbox', { name: 'Gmail' }),
    );
    expect(screen.getByText('3 chosen')).toBeInTheDocument();

    // Back to the name and forward again: nothing is lost.
    await user.click(screen.getByRole('button', { name: /Back/ }));
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveValue('Sales');
    await user.click(screen.getByRole('button', { name: /Continue/ }));
    expect(await screen.findByText('3 chosen')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Continue/ }));

    await user.click(await screen.findByRole('checkbox', { name: 'Anna Ågren' }));
    await user.click(screen.getByRole('button', { name: /Continue/ }));
    expect(router.state.location.pathname).toBe('/dashboard/action/create-bundle/summary');
    expect(screen.getByText('Figma — Self service')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Create bundle/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/dashboard/bundles/${uuid(7)}`));
    expect(api.calls('POST /bundle-api/bundles').map((call) => call.body)).toEqual([
      {
        name: 'Sales',
        description: null,
        applications: [
          { applicationUuid: uuid(1, 1), management: 'MANAGED_INSTALLS' },
          { applicationUuid: uuid(2, 1), management: 'SELF_SERVICE' },
          { applicationUuid: uuid(3, 1), management: 'MANAGED_INSTALLS' },
        ],
        employeeUuids: [anna.uuid],
      },
    ]);
    expect(router.state.location.pathname).toBe(`/dashboard/bundles/${uuid(7)}`);
  });

  it('adds a whole department at the assign step: everyone whose department it is', async () => {
    const bruno = { uuid: uuid(2, 8), firstName: 'Bruno', lastName: 'Berg' };
    const api = installFakeApi((request) => {
      if (request.path === '/bundle-api/applications') return { body: { items: catalog, total: 3 } };
      if (request.path === '/employees') return { body: { items: [anna], total: 1 } };
      if (request.path === '/bundle-api/people')
        return request.query.get('department') === 'Sales'
          ? { body: { items: [{ uuid: anna.uuid, firstName: 'Anna', lastName: 'Ågren' }, bruno] } }
          : { body: { items: [] } };
      return undefined;
    });
    const { user } = renderWithApp(ROUTES, '/dashboard/action/create-bundle/set-name');
    await user.type(await screen.findByRole('textbox', { name: /Name/ }), 'Sales');
    await user.click(screen.getByRole('button', { name: /Continue/ }));
    await user.click(await screen.findByRole('button', { name: /Continue/ }));
    const department = await screen.findByRole('group', { name: 'Add a department' });
    await user.type(within(department).getByRole('textbox', { name: 'Department' }), 'Sales');
    await user.click(within(department).getByRole('button', { name: 'Add the department' }));
    expect(await within(department).findByText('Added 2 people of Sales.')).toBeInTheDocument();
    expect(api.calls('GET /bundle-api/people').map((call) => call.query.get('department'))).toEqual([
      'Sales',
    ]);
    expect(screen.getByText('2 chosen')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Anna Ågren' })).toBeChecked();
    // A department nobody is in says so.
    await user.clear(within(department).getByRole('textbox', { name: 'Department' }));
    await user.type(within(department).getByRole('textbox', { name: 'Department' }), 'Nowhere{Enter}');
    expect(await within(department).findByText('Nobody is in the department Nowhere.')).toBeInTheDocument();
  });
});
