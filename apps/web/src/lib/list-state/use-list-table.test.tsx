import { I18nProvider } from '@lingui/react';
import { keepPreviousData, QueryClient, QueryClientProvider, queryOptions } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Laptop } from 'lucide-react';
import { Provider as ReduxProvider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n/i18n';
import { queryDefaults } from '@/lib/query-client';
import { createStore, type RootState, rootReducer } from '@/lib/store';
import { DataTable } from '@/ui/data-table/data-table';
import { DebouncedSearch } from '@/ui/data-table/debounced-search';
import { FilterBar } from '@/ui/data-table/filter-bar';
import { SelectionBar } from '@/ui/data-table/selection-bar';
import { optionsFilter, textFilter } from './filter-fields';
import { defineList } from './list-definition';
import { type ListPage, type ListPageParams, prefetchListPage } from './list-page';
import { createListSlice, type ListState } from './list-slice';
import { useListTable } from './use-list-table';

/** How a devices area plugs into the list machinery: a definition, its slice, a query, columns. */
interface Device {
  uuid: string;
  name: string;
  status: 'active' | 'in-stock';
}

const devicesList = defineList({
  name: 'devicesListMachineryTest',
  views: {
    all: {
      filters: {
        textSearchQuery: textFilter('q'),
        deviceStatus: optionsFilter('status', ['active', 'in-stock'] as const),
      },
      sorting: { key: null, direction: null },
    },
  },
  sortKeys: ['name'] as const,
});
const devicesSlice = createListSlice(devicesList);
const selectDevicesList = devicesSlice.injectInto(rootReducer).selectors.selectListState;
type DevicesState = ListState<typeof devicesList.views, 'name'>;
const devicesBinding = {
  list: devicesList,
  slice: devicesSlice,
  // The test list is no client-state area of the app: RootState does not declare it.
  select: (root: RootState) => selectDevicesList(root as never) as DevicesState,
};

const DEVICES: Device[] = Array.from({ length: 120 }, (_, i) => ({
  uuid: `device-${i + 1}`,
  name: `Laptop ${String(i + 1).padStart(3, '0')}`,
  status: i % 2 ? 'active' : 'in-stock',
}));
const PAGE_SIZE = 50;

function fakeApi() {
  const requests: ListPageParams[] = [];
  const getDevicesQueryOptions = (params: ListPageParams) =>
    queryOptions({
      queryKey: ['devices', 'list', params],
      queryFn: async (): Promise<ListPage<Device>> => {
        requests.push(params);
        const text = String(params.filter.textSearchQuery ?? '');
        const matching = DEVICES.filter((device) => device.name.includes(text));
        return { items: matching.slice(params.skip, params.skip + params.take), total: matching.length };
      },
      placeholderData: keepPreviousData,
    });
  return { requests, getDevicesQueryOptions };
}

const column = createColumnHelper<Device>();
const DEVICE_COLUMNS = [
  column.accessor('name', { header: 'Name', meta: { sortKey: 'name' } }),
  column.accessor('status', { header: 'Status' }),
];

function DevicesTable({ api }: { api: ReturnType<typeof fakeApi> }) {
  const table = useListTable(devicesBinding, 'all', {
    queryOptions: api.getDevicesQueryOptions,
    pageSize: PAGE_SIZE,
    getRowId: (device) => device.uuid,
  });
  return (
    <>
      <FilterBar label="Filter devices" isDefault={table.hasDefaultFilters} onReset={table.resetFilters}>
        <DebouncedSearch
          label="Search devices"
          value={table.state.filters.textSearchQuery}
          onCommit={(text) => table.setFilter('textSearchQuery', text)}
        />
      </FilterBar>
      <DataTable
        label="Devices"
        columns={DEVICE_COLUMNS}
        rows={table.rows}
        getRowId={(device) => device.uuid}
        sorting={table.state.sorting}
        onSortingChange={table.setSorting}
        selection={{ ...table.selection, rowLabel: (device) => `Select ${device.name}` }}
        status={table.query}
        messages={{ loading: 'Loading devices…', error: 'Could not load devices' }}
        empty={{ icon: Laptop, title: 'No devices match', description: 'Try other words.' }}
        firstRowIndex={table.params.skip}
        total={table.total}
        pagination={{ page: table.url.page, pageSize: PAGE_SIZE, onPageChange: table.setPage }}
      />
      <SelectionBar {...table.selection} total={table.total} />
    </>
  );
}

function renderDevices(path = '/devices', { api = fakeApi(), queryClient = newQueryClient() } = {}) {
  const store = createStore();
  const router = createMemoryRouter([{ path: '/devices', element: <DevicesTable api={api} /> }], {
    initialEntries: [path],
  });
  render(
    <I18nProvider i18n={i18n}>
      <ReduxProvider store={store}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </ReduxProvider>
    </I18nProvider>,
  );
  return { api, store, router, user: userEvent.setup() };
}

const newQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

describe('a list on the list machinery', () => {
  it('shows the page asked for before it rendered (a page opened directly), without asking again', async () => {
    const api = fakeApi();
    // The app's cache keeps an answer fresh for a while (SPEC §9): the table takes it as it is.
    const queryClient = new QueryClient({
      defaultOptions: { queries: { ...queryDefaults.queries, retry: false } },
    });
    await prefetchListPage(
      queryClient,
      devicesList,
      'all',
      new URLSearchParams('q=Laptop&sort=name.desc&page=2'),
      {
        queryOptions: api.getDevicesQueryOptions,
        pageSize: PAGE_SIZE,
      },
    );
    renderDevices('/devices?q=Laptop&sort=name.desc&page=2', { api, queryClient });
    // The first render has the rows (a sample of them until the columns are fitted, in the next frame):
    // no loading state in between.
    expect(screen.queryByText('Loading devices…')).not.toBeInTheDocument();
    expect(screen.getAllByRole('row').length).toBeGreaterThan(1);
    expect(await screen.findByText('Laptop 070')).toBeInTheDocument();
    await waitFor(() => expect(api.requests).toHaveLength(2)); // the prefetched page, then the next one
    expect(api.requests.map((r) => r.skip)).toEqual([50, 100]);
    expect(api.requests[0]?.filter).toEqual({
      textSearchQuery: 'Laptop',
      sortingKey: 'name',
      sortingDirection: 'desc',
    });
  });

  it('loads the view the URL describes: filters, sorting and page', async () => {
    const { api, store } = renderDevices('/devices?q=Laptop&status=active,lost&sort=name.desc&page=2');
    expect(await screen.findByText('Laptop 051')).toBeInTheDocument();
    expect(api.requests[0]).toEqual({
      filter: {
        textSearchQuery: 'Laptop',
        deviceStatus: ['active'],
        sortingKey: 'name',
        sortingDirection: 'desc',
      },
      skip: 50,
      take: 50,
    });
    expect(screen.getByRole('searchbox', { name: 'Search devices' })).toHaveValue('Laptop');
    expect(screen.getByRole('columnheader', { name: /name/i })).toHaveAttribute('aria-sort', 'descending');
    expect(devicesBinding.select(store.getState()).all.filters.deviceStatus).toEqual(['active']);
  });

  it('writes sorting and paging to the URL and prefetches the next page', async () => {
    const { api, router, user } = renderDevices();
    await screen.findByText('Laptop 001');
    await waitFor(() => expect(api.requests.map((r) => r.skip)).toEqual([0, 50]));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Laptop 051')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    await user.click(screen.getByRole('button', { name: /name/i }));
    expect(router.state.location.search).toBe('?sort=name.asc');
  });

  it('falls back to the last page when the URL points past the end', async () => {
    const { router } = renderDevices('/devices?page=9');
    await waitFor(() => expect(router.state.location.search).toBe('?page=3'));
    expect(await screen.findByText('Laptop 120')).toBeInTheDocument();
  });

  it('selects a page, then every matching row, and clears', async () => {
    const { store, user } = renderDevices();
    await screen.findByText('Laptop 001');
    await user.click(screen.getByRole('checkbox', { name: 'Select Laptop 002' }));
    expect(screen.getByRole('checkbox', { name: 'Select all rows on this page' })).toBePartiallyChecked();
    expect(screen.getByText('1 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(screen.getByText('50 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Select all 120 matching' }));
    expect(screen.getByText('All 120 matching selected')).toBeInTheDocument();
    // Leaving "all matching" by unticking a row keeps the rest of the page.
    await user.click(screen.getByRole('checkbox', { name: 'Select Laptop 003' }));
    expect(screen.getByText('49 selected')).toBeInTheDocument();
    const bar = screen.getByRole('region', { name: 'Selection' });
    await user.click(within(bar).getByRole('button', { name: 'Clear selection' }));
    expect(devicesBinding.select(store.getState()).all.selectedIds).toEqual([]);
    expect(screen.queryByRole('region', { name: 'Selection' })).not.toBeInTheDocument();
  });

  it('searches once typing pauses, then resets the filters', async () => {
    const { api, router, user } = renderDevices();
    await screen.findByText('Laptop 001');
    await user.type(screen.getByRole('searchbox', { name: 'Search devices' }), '11');
    await waitFor(() => expect(router.state.location.search).toBe('?q=11'));
    expect(await screen.findByText('Laptop 110')).toBeInTheDocument();
    expect(api.requests.some((r) => r.filter.textSearchQuery === '1')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Reset filters' }));
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('searchbox', { name: 'Search devices' })).toHaveValue('');
  });
});
