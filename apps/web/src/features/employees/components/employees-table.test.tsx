import type { Employee } from '@equip/domain/employees';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { selectEmployeeViewState, selectSelectedEmployeeId } from '../employees-slice';
import { selectEmployeesTable } from '../employees-table-slice';
import { EmployeesPage } from '../routes/employees-page';
import { type FakeRequest, installFakeApi, makeEmployee, renderWithApp } from '../test/harness';

const people: Employee[] = Array.from({ length: 120 }, (_, i) =>
  makeEmployee({ firstName: `Person`, lastName: String(i + 1).padStart(3, '0') }),
);

function listHandler(items: Employee[] = people) {
  return (request: FakeRequest) => {
    if (request.method === 'GET' && request.path === '/employees') {
      const skip = Number(request.query.get('skip'));
      const take = Number(request.query.get('take'));
      return { body: { items: items.slice(skip, skip + take), total: items.length } };
    }
    const detail = /^\/employees\/([^/]+)$/.exec(request.path);
    if (detail) return { body: items.find((e) => e.uuid === detail[1]) };
    if (/^\/employees\/[^/]+\/devices$/.test(request.path)) return { body: { items: [], assets: [] } };
    return undefined;
  };
}

const listRequests = (requests: FakeRequest[]) =>
  requests.filter((r) => r.method === 'GET' && r.path === '/employees');

function renderPage(path = '/dashboard/employees') {
  return renderWithApp([{ path: '/dashboard/employees/:employeeUuid?', element: <EmployeesPage /> }], path);
}

describe('employees table', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('shows the first page of 50 rows with the server total', async () => {
    const api = installFakeApi(listHandler());
    renderPage();
    const table = await screen.findByRole('table', { name: 'Employees' });
    expect(await within(table).findByText('Person 001')).toBeInTheDocument();
    // The fit's sample of rows first, then the whole page (ui/data-table).
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(51));
    expect(screen.getByText('1–50 of 120')).toBeInTheDocument();
    const [first] = listRequests(api.requests);
    expect(first?.query.get('view')).toBe('all');
    expect(first?.query.get('skip')).toBe('0');
    expect(first?.query.get('take')).toBe('50');
    expect(first?.query.has('sortingKey')).toBe(false);
  });

  it('pages with the next-page button and keeps the page in the URL', async () => {
    const api = installFakeApi(listHandler());
    const { user, router } = renderPage();
    await screen.findByText('Person 001');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Person 051')).toBeInTheDocument();
    expect(screen.getByText('51–100 of 120')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    expect(listRequests(api.requests).some((r) => r.query.get('skip') === '50')).toBe(true);
  });

  it('header checkbox: None, Partial, All — then select all matching across pages', async () => {
    installFakeApi(listHandler());
    const { user, store } = renderPage();
    await screen.findByText('Person 001');
    const header = screen.getByRole('checkbox', { name: 'Select all rows on this page' });
    expect(header).not.toBeChecked();
    expect(header).not.toBePartiallyChecked();

    await user.click(screen.getByRole('checkbox', { name: 'Select Person 002' }));
    expect(screen.getByRole('checkbox', { name: 'Select all rows on this page' })).toBePartiallyChecked();
    expect(selectEmployeesTable(store.getState()).all.selectedIds).toEqual([people[1]!.uuid]);
    expect(screen.getByText('1 selected')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    const all = screen.getByRole('checkbox', { name: 'Deselect all rows on this page' });
    expect(all).toBeChecked();
    expect(screen.getByText('50 selected')).toBeInTheDocument();

    // The invitation asks first, counting whom it reaches.
    await user.click(screen.getByRole('button', { name: 'Invite to Equip' }));
    expect(
      await screen.findByRole('alertdialog', { name: 'Invite 50 people to Equip?' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Select all 120 matching' }));
    expect(screen.getByText('All 120 matching selected')).toBeInTheDocument();
    expect(selectEmployeesTable(store.getState()).all.allMatchingSelected).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.getByRole('checkbox', { name: 'Select all rows on this page' })).not.toBeChecked();
    expect(selectEmployeesTable(store.getState()).all.selectedIds).toEqual([]);
  });

  it('takes filters and sorting from the URL on load (URL → state)', async () => {
    const api = installFakeApi(listHandler());
    const { store } = renderPage(
      '/dashboard/employees?status=ONBOARDING,LEAVE&withoutBundle=true&sort=name.desc',
    );
    await screen.findByText('Person 001');
    // One request for the page (and one prefetching the next page): never one with the defaults first.
    const requests = listRequests(api.requests);
    expect(requests.map((r) => r.query.get('skip'))).toEqual(['0', '50']);
    expect(requests[0]?.query.getAll('employeeStatus')).toEqual(['ONBOARDING', 'LEAVE']);
    expect(requests[0]?.query.get('onlyWithoutAssignedBundle')).toBe('true');
    expect(requests[0]?.query.get('sortingKey')).toBe('name');
    expect(requests[0]?.query.get('sortingDirection')).toBe('desc');
    const state = selectEmployeesTable(store.getState()).all;
    expect(state.filters.employeeStatus).toEqual(['ONBOARDING', 'LEAVE']);
    expect(state.filters.onlyWithoutAssignedBundle).toBe(true);
    expect(state.sorting).toEqual({ key: 'name', direction: 'desc' });
    expect(screen.getByRole('button', { name: 'Status filter: 2 selected' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Without bundle' })).toBeChecked();
    expect(screen.getByRole('columnheader', { name: /name/i })).toHaveAttribute('aria-sort', 'descending');
  });

  it('sorts by clicking headers: ascending → descending → none, written to the URL (state → URL)', async () => {
    const api = installFakeApi(listHandler());
    const { user, router, store } = renderPage();
    await screen.findByText('Person 001');
    const sortButton = () => screen.getByRole('button', { name: /start date/i });
    await user.click(sortButton());
    expect(router.state.location.search).toBe('?sort=startDate.asc');
    expect(screen.getByRole('columnheader', { name: /start date/i })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await user.click(sortButton());
    expect(router.state.location.search).toBe('?sort=startDate.desc');
    expect(selectEmployeesTable(store.getState()).all.sorting).toEqual({
      key: 'startDate',
      direction: 'desc',
    });
    await waitFor(() =>
      expect(listRequests(api.requests).at(-1)?.query.get('sortingDirection')).toBe('desc'),
    );
    await user.click(sortButton());
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('columnheader', { name: /start date/i })).toHaveAttribute('aria-sort', 'none');
  });

  it('searches once typing pauses and resets filters', async () => {
    const api = installFakeApi(listHandler());
    const { user, router, store } = renderPage();
    await screen.findByText('Person 001');
    await user.type(screen.getByRole('searchbox', { name: 'Search employees' }), 'anna');
    await waitFor(() => expect(router.state.location.search).toBe('?q=anna'));
    await waitFor(() =>
      expect(
        listRequests(api.requests).filter((r) => r.query.get('textSearchQuery') === 'anna').length,
      ).toBeGreaterThan(0),
    );
    expect(listRequests(api.requests).some((r) => r.query.get('textSearchQuery') === 'ann')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Reset filters' }));
    expect(router.state.location.search).toBe('');
    expect(selectEmployeesTable(store.getState()).all.filters.textSearchQuery).toBe('');
    expect(screen.getByRole('searchbox', { name: 'Search employees' })).toHaveValue('');
  });

  it('starts the onboarding view sorted by start date', async () => {
    const api = installFakeApi(listHandler([]));
    renderPage('/dashboard/employees?view=onboarding');
    expect(await screen.findByRole('heading', { name: 'No onboardings in progress' })).toBeInTheDocument();
    const [request] = listRequests(api.requests);
    expect(request?.query.get('view')).toBe('onboarding');
    expect(request?.query.get('sortingKey')).toBe('startDate');
    expect(request?.query.get('sortingDirection')).toBe('asc');
  });

  it('marks the HR sync’s and SCIM’s drafts in the onboarding and offboarding views (decision 038)', async () => {
    const nora = {
      ...makeEmployee({ firstName: 'Nora', lastName: 'New', employeeStatus: 'ONBOARDING' }),
      flowDraft: { kind: 'onboarding', origin: 'hris', provider: 'personio' },
    };
    const olaf = {
      ...makeEmployee({ firstName: 'Olaf', lastName: 'Old', employeeStatus: 'OFFBOARDING' }),
      flowDraft: { kind: 'offboarding', origin: 'scim', provider: null },
    };
    const plain = { ...makeEmployee({ firstName: 'Paul', lastName: 'Plain' }), flowDraft: null };
    installFakeApi(listHandler([nora, olaf, plain] as Employee[]));
    renderPage('/dashboard/employees?view=onboarding');
    const table = await screen.findByRole('table', { name: 'Employees' });
    const noraRow = (await within(table).findByText('Nora New')).closest('tr')!;
    expect(within(noraRow).getByText('Draft from Personio')).toBeInTheDocument();
    expect(within(noraRow).getByTitle('Draft onboarding, not submitted yet')).toBeInTheDocument();
    const olafRow = within(table).getByText('Olaf Old').closest('tr')!;
    expect(within(olafRow).getByText('Draft from SCIM')).toBeInTheDocument();
    const paulRow = within(table).getByText('Paul Plain').closest('tr')!;
    expect(within(paulRow).queryByText(/^Draft/)).toBeNull();
  });

  it('an empty organisation invites to add or import; a filter without matches offers a reset', async () => {
    installFakeApi(listHandler([]));
    const first = renderPage();
    expect(await screen.findByRole('heading', { name: 'No employees yet' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Add employees' }).length).toBeGreaterThan(0);
    first.unmount();
    const { user, router } = renderPage('/dashboard/employees?q=zzz');
    expect(
      await screen.findByRole('heading', { name: 'No employees match these filters' }),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Employees' });
    await user.click(within(table).getByRole('button', { name: 'Reset filters' }));
    expect(router.state.location.search).toBe('');
  });

  it('shows an error with a retry', async () => {
    let fail = true;
    installFakeApi((request) =>
      fail ? { status: 500, body: { errors: [{ msg: 'Database unavailable' }] } } : listHandler()(request),
    );
    const { user } = renderPage();
    expect(await screen.findByRole('heading', { name: 'Could not load employees' })).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Person 001')).toBeInTheDocument();
  });

  it('hides optional columns and remembers them in local storage', async () => {
    localStorage.setItem('equip:all_employees_columns', JSON.stringify(['employeeStatus']));
    installFakeApi(listHandler());
    renderPage();
    await screen.findByText('Person 001');
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toContain('Status');
    expect(headers).not.toContain('License');
    expect(headers).not.toContain('Source');
  });

  it('exports the columns the table shows, after one is hidden in the column menu, or all of them', async () => {
    const api = installFakeApi((request) =>
      request.path === '/employees/export' ? { body: 'file' } : listHandler()(request),
    );
    // jsdom saves no files: the download is an object URL of what the server answered.
    const saved: Blob[] = [];
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL(blob: Blob) {
          saved.push(blob);
          return 'blob:saved';
        }
        static override revokeObjectURL() {}
      },
    );
    const { user } = renderPage('/dashboard/employees?q=person');
    await screen.findByText('Person 001');
    await user.click(screen.getByRole('button', { name: /columns/i }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'License' }));
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).not.toContain('License'),
    );

    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Excel (.xlsx)' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const exports = () => api.requests.filter((r) => r.path === '/employees/export');
    expect(exports()[0]!.query.get('columns')).toBe(
      'name,department,startDate,employeeStatus,devicesAssigned,assignedBundle,source',
    );
    expect(exports()[0]!.query.get('format')).toBe('xlsx');
    expect(exports()[0]!.query.get('textSearchQuery')).toBe('person');

    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'CSV, all columns' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(exports()[1]!.query.get('columns')).toBe('all');
    expect(exports()[1]!.query.get('format')).toBe('csv');
  });

  it('exports the onboarding view with its own columns', async () => {
    const api = installFakeApi((request) =>
      request.path === '/employees/export' ? { body: 'file' } : listHandler()(request),
    );
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL() {
          return 'blob:saved';
        }
        static override revokeObjectURL() {}
      },
    );
    const { user } = renderPage('/dashboard/employees?view=onboarding');
    await screen.findByText('Person 001');
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'CSV' }));
    await waitFor(() => expect(api.requests.some((r) => r.path === '/employees/export')).toBe(true));
    const request = api.requests.find((r) => r.path === '/employees/export')!;
    expect(request.query.get('columns')).toBe(
      'name,department,startDate,employeeStatus,devicesAssigned,assignedBundle',
    );
    expect(request.query.get('view')).toBe('onboarding');
  });

  it('opens the detail drawer with Enter on a focused row, on the status tab', async () => {
    installFakeApi(listHandler());
    const { user, store, router } = renderPage('/dashboard/employees?view=all&page=1');
    const row = (await screen.findByText('Person 003')).closest('tr')!;
    act(() => row.focus());
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Person 003' })).toBeInTheDocument();
    expect(await within(dialog).findByRole('tab', { name: 'Status' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(selectSelectedEmployeeId(store.getState())).toBe(people[2]!.uuid);
    expect(selectEmployeeViewState(store.getState(), people[2]!.uuid)?.activeTab).toBe('status');
    await user.click(within(dialog).getByRole('tab', { name: 'Devices' }));
    expect(await within(dialog).findByText('No devices assigned')).toBeInTheDocument();
    expect(selectEmployeeViewState(store.getState(), people[2]!.uuid)?.activeTab).toBe('devices');
    // The open employee and tab are the URL's: a reload or a shared link opens the same.
    expect(router.state.location.pathname).toBe(`/dashboard/employees/${people[2]!.uuid}`);
    expect(new URLSearchParams(router.state.location.search).get('tab')).toBe('devices');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(selectSelectedEmployeeId(store.getState())).toBeNull();
    expect(router.state.location.pathname).toBe('/dashboard/employees');
  });

  it("lists the person's peripherals on the devices tab, each linking to its own address", async () => {
    const monitor = {
      uuid: '00000000-0000-4000-9000-000000000777',
      assetDefinitionUuid: '00000000-0000-4000-9000-000000000778',
      name: 'Dell UltraSharp 27 4K',
      kind: 'monitor' as const,
      vendor: 'Dell',
      modelNumber: 'U2723QE',
      serialNumber: 'CN0-TEST',
      notes: null,
      status: 'in-use' as const,
      assignment: 'assigned' as const,
      assignedTo: { uuid: people[5]!.uuid, firstName: 'Person', lastName: '006' },
      properties: [],
      createdAt: '2026-02-01T09:00:00.000Z',
      updatedAt: '2026-02-01T09:00:00.000Z',
    };
    const list = listHandler();
    installFakeApi((request) =>
      /^\/employees\/[^/]+\/devices$/.test(request.path)
        ? { body: { items: [], assets: [monitor] } }
        : list(request),
    );
    renderPage(`/dashboard/employees/${people[5]!.uuid}?tab=devices`);
    const dialog = await screen.findByRole('dialog');
    const peripherals = await within(dialog).findByRole('list', { name: 'Peripherals' });
    expect(within(peripherals).getByRole('link', { name: 'Dell UltraSharp 27 4K' })).toHaveAttribute(
      'href',
      `/dashboard/devices/assets/${monitor.uuid}`,
    );
    expect(within(peripherals).getByText('Serial CN0-TEST')).toBeInTheDocument();
    expect(within(peripherals).getByText('Monitor · Dell · U2723QE')).toBeInTheDocument();
  });

  it('opens the employee a link names, on its tab, and Back closes it', async () => {
    installFakeApi(listHandler());
    const { router } = renderPage('/dashboard/employees');
    await screen.findByText('Person 001');
    await act(() => router.navigate(`/dashboard/employees/${people[4]!.uuid}?tab=devices`));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('tab', { name: 'Devices' })).toHaveAttribute('aria-selected', 'true');
    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
