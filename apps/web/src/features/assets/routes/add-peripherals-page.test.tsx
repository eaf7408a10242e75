import type { AssetDefinition } from '@equip/domain/assets';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FakeRequest, installFakeApi } from '@/test/fake-api';
import { renderWithApp } from '@/test/render';
import { selectAssetsToAdd } from '../assets-add-slice';
import { AddPeripheralsPage } from './add-peripherals-page';

const definition = (n: number, name: string, kind: AssetDefinition['kind']): AssetDefinition => ({
  uuid: `00000000-0000-4000-9000-00000000000${n}`,
  name,
  kind,
  assetKind: null,
  modelNumber: null,
  vendor: 'Logitech',
  properties: [],
  inUse: 0,
  inStock: 0,
  createdAt: '2026-01-10T09:00:00.000Z',
  updatedAt: '2026-01-10T09:00:00.000Z',
});
const keys = definition(1, 'MX Keys', 'keyboard');
const mouse = definition(2, 'MX Master 3S', 'mouse');
const created = definition(3, 'Dell P2723D', 'monitor');

function api() {
  return (request: FakeRequest) => {
    if (request.method === 'GET' && request.path === '/asset-definitions')
      return { body: { items: [keys, mouse], total: 2 } };
    if (request.method === 'POST' && request.path === '/asset-definitions')
      return { status: 201, body: created };
    if (request.method === 'POST' && request.path === '/assets/batch')
      return { status: 201, body: { items: [] } };
    if (request.method === 'GET' && request.path === '/assets') return { body: { items: [], total: 0 } };
    return undefined;
  };
}

const renderPage = () =>
  renderWithApp(
    [
      { path: '/dashboard/devices/add-peripherals', element: <AddPeripheralsPage /> },
      { path: '/dashboard/devices/assets', element: <p>assets tab</p> },
    ],
    '/dashboard/devices/add-peripherals',
  );

describe('add peripherals manually (issue 28, item 3)', () => {
  it('adds 5 keyboards and a new model in one batch, with a serial number where given', async () => {
    const fake = installFakeApi(api());
    const { router, store } = renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add MX Keys' }));
    const quantity = screen.getByRole('spinbutton', { name: 'Quantity of MX Keys' });
    await user.clear(quantity);
    await user.type(quantity, '4');
    await user.click(screen.getByRole('button', { name: 'One more MX Keys' }));
    expect(selectAssetsToAdd(store.getState())).toMatchObject([{ id: keys.uuid, quantity: 5 }]);
    await user.click(screen.getByText('Serial numbers and people (optional)'));
    await user.type(screen.getByRole('textbox', { name: 'Serial number of item 2' }), 'KB-2');

    await user.click(screen.getByRole('button', { name: 'New model' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Dell P2723D');
    await user.click(within(dialog).getByRole('button', { name: 'Create model' }));
    await waitFor(() => expect(selectAssetsToAdd(store.getState())).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Add 6 assets' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/devices/assets'));
    const batch = fake.requests.find((r) => r.path === '/assets/batch')!;
    expect(batch.body).toEqual({
      entries: [
        {
          assetDefinitionUuid: keys.uuid,
          items: [
            { serialNumber: null, employeeUuid: null },
            { serialNumber: 'KB-2', employeeUuid: null },
            { serialNumber: null, employeeUuid: null },
            { serialNumber: null, employeeUuid: null },
            { serialNumber: null, employeeUuid: null },
          ],
        },
        { assetDefinitionUuid: created.uuid, items: [{ serialNumber: null, employeeUuid: null }] },
      ],
    });
    // The list is cleared once added.
    expect(selectAssetsToAdd(store.getState())).toEqual([]);
  });

  it('keeps the list and says why when the server refuses', async () => {
    installFakeApi((request) =>
      request.path === '/assets/batch'
        ? { status: 404, body: { errors: [{ msg: 'Employee not found', errorCode: 404 }] } }
        : api()(request),
    );
    const { store } = renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add MX Master 3S' }));
    await user.click(screen.getByRole('button', { name: 'Add 1 asset' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not add the assets');
    expect(selectAssetsToAdd(store.getState())).toHaveLength(1);
  });
});
