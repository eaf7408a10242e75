import type { AssetDefinition, AssetItem } from '@equip/domain/assets';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { DevicesPage } from '@/features/devices/routes/devices-page';
import { type FakeRequest, installFakeApi } from '@/test/fake-api';
import { renderWithApp } from '@/test/render';
import { selectPanelTab, selectSelectedAssetId, selectSelectedDefinitionId } from '../assets-slice';

const FLAGS = { 'it-1786-peripherals-mvp': 'on' };
const uuid = (n: number, group = 9) => `00000000-0000-4000-${group}000-${String(n).padStart(12, '0')}`;

function definition(n: number, overrides: Partial<AssetDefinition>): AssetDefinition {
  return {
    uuid: uuid(n, 1),
    name: `Model ${n}`,
    kind: 'monitor',
    assetKind: null,
    modelNumber: null,
    vendor: null,
    properties: [],
    inUse: 0,
    inStock: 0,
    createdAt: '2026-01-10T09:00:00.000Z',
    updatedAt: '2026-01-10T09:00:00.000Z',
    ...overrides,
  };
}

const dell = definition(1, {
  name: 'Dell UltraSharp 27',
  vendor: 'Dell',
  modelNumber: 'U2723QE',
  properties: [{ key: 'Screen size', value: '27"' }],
  inUse: 2,
  inStock: 1,
});
const keys = definition(2, { name: 'Logitech MX Keys', kind: 'keyboard', inUse: 0, inStock: 1 });
const dock = definition(3, {
  name: 'CalDigit TS4',
  kind: 'unknown',
  assetKind: { uuid: uuid(1, 2), name: 'Docking station' },
  inStock: 0,
});
const anna = { uuid: uuid(1, 8), firstName: 'Anna', lastName: 'Ågren' };

function item(n: number, of: AssetDefinition, overrides: Partial<AssetItem> = {}): AssetItem {
  return {
    uuid: uuid(n),
    assetDefinitionUuid: of.uuid,
    name: of.name,
    kind: of.kind,
    vendor: of.vendor,
    modelNumber: of.modelNumber,
    serialNumber: `SN-${n}`,
    notes: null,
    status: 'in-stock',
    assignment: 'unassigned',
    assignedTo: null,
    properties: [],
    createdAt: '2026-02-01T09:00:00.000Z',
    updatedAt: '2026-02-01T09:00:00.000Z',
    ...overrides,
  };
}

const items = [
  item(1, dell, { status: 'in-use', assignment: 'assigned', assignedTo: anna }),
  item(2, dell),
  item(3, keys),
];

/** A fake assets API: definitions, items filtered by definition and kind, details, assignment and people. */
function assetsApi() {
  const state = { items: [...items] };
  return (request: FakeRequest) => {
    if (request.method === 'GET' && request.path === '/asset-definitions')
      return { body: { items: [dell, keys, dock], total: 3 } };
    if (request.method === 'GET' && request.path.startsWith('/asset-definitions/'))
      return { body: [dell, keys, dock].find((d) => request.path.endsWith(d.uuid)) };
    if (request.method === 'GET' && request.path === '/assets') {
      const definitions = request.query.getAll('assetDefinitionUuids');
      const kinds = request.query.getAll('kinds');
      const matching = state.items.filter(
        (i) =>
          (definitions.length === 0 || definitions.includes(i.assetDefinitionUuid)) &&
          (kinds.length === 0 || kinds.includes(i.kind)),
      );
      return { body: { items: matching, total: matching.length } };
    }
    if (request.method === 'GET' && request.path.startsWith('/assets/'))
      return { body: state.items.find((i) => request.path.endsWith(i.uuid)) };
    if (request.method === 'PUT' && request.path.endsWith('/assignment')) {
      const target = state.items.find((i) => request.path.includes(i.uuid))!;
      const { employeeUuid } = request.body as { employeeUuid: string | null };
      const updated: AssetItem = {
        ...target,
        assignedTo: employeeUuid ? anna : null,
        assignment: employeeUuid ? 'assigned' : 'unassigned',
        status: employeeUuid ? 'in-use' : 'in-stock',
      };
      state.items = state.items.map((i) => (i.uuid === target.uuid ? updated : i));
      return { body: updated };
    }
    if (request.method === 'PATCH' && request.path.startsWith('/asset-definitions/'))
      return { body: { ...dell, ...(request.body as object) } };
    if (request.method === 'DELETE' && request.path.startsWith('/asset-definitions/')) return { status: 204 };
    if (request.method === 'PATCH' && request.path.startsWith('/assets/')) {
      const target = state.items.find((i) => request.path.endsWith(i.uuid))!;
      return { body: { ...target, ...(request.body as object) } };
    }
    if (request.method === 'GET' && request.path === '/employees')
      return { body: { items: [{ ...anna, email: 'anna@acme.test' }], total: 1 } };
    return undefined;
  };
}

const ROUTES = [
  { path: '/dashboard/devices/:deviceUuid?', element: <DevicesPage /> },
  { path: '/dashboard/devices/assets/:assetUuid?', element: <DevicesPage /> },
  { path: '/dashboard/devices/asset-definitions/:definitionUuid?', element: <DevicesPage /> },
];

const renderPage = (path: string, flags: Record<string, string> = FLAGS) =>
  renderWithApp(ROUTES, path, { flags });

describe('the assets tab (issue 28)', () => {
  beforeEach(() => localStorage.clear());

  it('groups the definitions by kind with their counts and lists the items with the filtered count', async () => {
    const api = installFakeApi(assetsApi());
    renderPage('/dashboard/devices?tab=assets');
    const nav = await screen.findByRole('navigation', { name: 'Asset definitions' });
    // Kinds in the reader's collation; the organisation's own kind by its name.
    const groups = within(nav)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(groups).toEqual(['Docking station', 'Keyboard', 'Monitor']);
    expect(
      within(nav).getByRole('link', { name: /Dell UltraSharp 27.*2 in use · 1 in stock/ }),
    ).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: /All assets/ })).toHaveAttribute('aria-current', 'page');
    const table = await screen.findByRole('table', { name: 'Assets' });
    expect(await within(table).findAllByText('Dell UltraSharp 27')).toHaveLength(2);
    expect(screen.getByText('3 assets')).toBeInTheDocument();
    const holder = within(table).getByText('Anna Ågren').closest('tr')!;
    expect(within(holder).getByText('In use')).toBeInTheDocument();
    // The kind filter goes to the API.
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Kind/ }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Keyboard' }));
    await waitFor(() =>
      expect(
        api.requests.some((r) => r.path === '/assets' && r.query.getAll('kinds').includes('keyboard')),
      ).toBe(true),
    );
  });

  it('selects a definition at its own address: its overview over its items', async () => {
    const api = installFakeApi(assetsApi());
    const { router, store } = renderPage('/dashboard/devices?tab=assets');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: /Dell UltraSharp 27/ }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/dashboard/devices/asset-definitions/${dell.uuid}`),
    );
    const overview = await screen.findByRole('region', { name: 'Dell UltraSharp 27' });
    expect(within(overview).getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    expect(await within(overview).findByText('27"')).toBeInTheDocument();
    expect(selectSelectedDefinitionId(store.getState())).toBe(dell.uuid);
    await waitFor(() => expect(screen.getByText('2 assets')).toBeInTheDocument());
    expect(
      api.requests.some((r) => r.path === '/assets' && r.query.get('assetDefinitionUuids') === dell.uuid),
    ).toBe(true);
    await user.click(within(overview).getByRole('button', { name: 'Show all assets' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/devices/assets'));
    expect(await screen.findByText('3 assets')).toBeInTheDocument();
  });

  it('opens an item on its assignment tab at its own address, assigns it, and reopens there on reload', async () => {
    const api = installFakeApi(assetsApi());
    const { router, store } = renderPage(`/dashboard/devices/asset-definitions/${dell.uuid}`);
    const table = await screen.findByRole('table', { name: 'Assets' });
    const user = userEvent.setup();
    await user.click(await within(table).findByText('SN-2'));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/dashboard/devices/assets/${items[1]!.uuid}`),
    );
    expect(new URLSearchParams(router.state.location.search).get('definition')).toBe(dell.uuid);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('tab', { name: 'Assignment' })).toHaveAttribute('aria-selected', 'true');
    expect(selectSelectedAssetId(store.getState())).toBe(items[1]!.uuid);
    expect(selectPanelTab(store.getState())).toBe('assignment');
    expect(await within(dialog).findByText('Nobody (in stock)')).toBeInTheDocument();
    await user.click(await within(dialog).findByRole('radio', { name: /Anna Ågren/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() =>
      expect(api.requests.find((r) => r.method === 'PUT')?.body).toEqual({ employeeUuid: anna.uuid }),
    );
    expect(await within(dialog).findByRole('button', { name: 'Take back to stock' })).toBeInTheDocument();
    // Closing goes back to the definition it was opened from.
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/dashboard/devices/asset-definitions/${dell.uuid}`),
    );

    // A reload (or a shared link) on an item's address, on its overview tab, lands on it.
    const again = renderPage(`/dashboard/devices/assets/${items[2]!.uuid}?tab=overview`);
    const panel = await screen.findByRole('dialog');
    expect(within(panel).getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    expect(await within(panel).findByText('SN-3')).toBeInTheDocument();
    await act(() => again.router.navigate(-1));
  });

  it('edits and deletes the selected definition, and edits an item', async () => {
    const api = installFakeApi(assetsApi());
    const { router } = renderPage(`/dashboard/devices/asset-definitions/${dell.uuid}`);
    const user = userEvent.setup();
    const overview = await screen.findByRole('region', { name: 'Dell UltraSharp 27' });
    await user.click(within(overview).getByRole('button', { name: 'Edit' }));
    let dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    await user.clear(name);
    await user.type(name, 'Dell U2723QE');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.requests.find((r) => r.method === 'PATCH')?.body).toEqual({
        name: 'Dell U2723QE',
        kind: 'monitor',
        vendor: 'Dell',
        modelNumber: 'U2723QE',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // An item's serial number and notes.
    const table = screen.getByRole('table', { name: 'Assets' });
    await user.click(await within(table).findByText('SN-2'));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('tab', { name: 'Overview' }));
    await user.click(within(dialog).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('dialog', { name: /Edit/ });
    await user.type(within(form).getByRole('textbox', { name: 'Notes' }), 'Desk 4');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.requests.find((r) => r.method === 'PATCH' && r.path.startsWith('/assets/'))?.body).toEqual({
        serialNumber: 'SN-2',
        notes: 'Desk 4',
      }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    const region = await screen.findByRole('region', { name: /Dell/ });
    await user.click(within(region).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('3 assets');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/devices/assets'));
    expect(
      api.requests.some((r) => r.method === 'DELETE' && r.path === `/asset-definitions/${dell.uuid}`),
    ).toBe(true);
  });

  it('is not offered while it-1786-peripherals-mvp is off', async () => {
    installFakeApi(assetsApi());
    renderPage('/dashboard/devices?tab=assets', {});
    const tabs = await screen.findByRole('navigation', { name: 'Devices sections' });
    expect(within(tabs).queryByRole('link', { name: 'Assets' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Asset definitions' })).not.toBeInTheDocument();
  });
});
