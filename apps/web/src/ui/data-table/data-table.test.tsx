import { I18nProvider } from '@lingui/react';
import { createColumnHelper } from '@tanstack/react-table';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Laptop } from 'lucide-react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n/i18n';
import { DataTable, type DataTableProps } from './data-table';

/** The app's language around what the test renders (components read their words from the catalog). */
const wrapper = ({ children }: { children: ReactNode }) => (
  <I18nProvider i18n={i18n}>{children}</I18nProvider>
);

interface Device {
  uuid: string;
  name: string;
  serialNumber: string;
}

const column = createColumnHelper<Device>();
const COLUMNS = [
  column.accessor('name', { header: 'Name', meta: { sortKey: 'name', className: 'min-w-48' } }),
  column.accessor('serialNumber', { header: 'Serial number' }),
];
const DEVICES: Device[] = [
  { uuid: 'd1', name: 'MacBook Air', serialNumber: 'C02X1' },
  { uuid: 'd2', name: 'ThinkPad X1', serialNumber: 'PF3K9' },
];
const LOADED = {
  isPending: false,
  isFetching: false,
  isPlaceholderData: false,
  isError: false,
  error: null,
  data: {},
  refetch: () => undefined,
};

function renderTable(props: Partial<DataTableProps<Device>> = {}) {
  const handlers = {
    onSortingChange: vi.fn(),
    onPageChange: vi.fn(),
    onOpenRow: vi.fn(),
    onToggleRow: vi.fn(),
    onTogglePage: vi.fn(),
  };
  const user = userEvent.setup();
  render(
    <DataTable<Device>
      label="Devices"
      columns={COLUMNS}
      rows={DEVICES}
      getRowId={(device) => device.uuid}
      sorting={{ key: null, direction: null }}
      onSortingChange={handlers.onSortingChange}
      selection={{
        header: 'None',
        isSelected: () => false,
        onToggleRow: handlers.onToggleRow,
        onTogglePage: handlers.onTogglePage,
        rowLabel: (device) => `Select ${device.name}`,
      }}
      status={LOADED}
      messages={{ loading: 'Loading devices…', error: 'Could not load devices' }}
      empty={{ icon: Laptop, title: 'No devices yet', description: 'Register the first one.' }}
      firstRowIndex={0}
      total={2}
      pagination={{ page: 0, pageSize: 50, onPageChange: handlers.onPageChange }}
      onOpenRow={handlers.onOpenRow}
      {...props}
    />,
    { wrapper },
  );
  return { user, ...handlers };
}

describe('DataTable', () => {
  it('shows the rows in the given columns, with row positions and the count', () => {
    renderTable({
      firstRowIndex: 50,
      total: 52,
      pagination: { page: 1, pageSize: 50, onPageChange: () => {} },
    });
    const table = screen.getByRole('table', { name: 'Devices' });
    expect(table).toHaveAttribute('aria-rowcount', '53');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveAttribute('aria-rowindex', '52');
    expect(within(rows[1]!).getByText('MacBook Air')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('C02X1').closest('td')).not.toHaveClass('min-w-48');
    expect(within(rows[1]!).getByText('MacBook Air').closest('td')).toHaveClass('min-w-48');
    expect(screen.getByText('51–52 of 52')).toBeInTheDocument();
  });

  it('sorts by the columns that have a sort key, ascending first', async () => {
    const first = renderTable();
    expect(screen.queryByRole('button', { name: /serial number/i })).not.toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /name/i })).toHaveAttribute('aria-sort', 'none');
    await first.user.click(screen.getByRole('button', { name: /name/i }));
    expect(first.onSortingChange).toHaveBeenLastCalledWith({ key: 'name', direction: 'asc' });
  });

  it('continues the sort cycle from the current direction', async () => {
    const { user, onSortingChange } = renderTable({ sorting: { key: 'name', direction: 'desc' } });
    expect(screen.getByRole('columnheader', { name: /name/i })).toHaveAttribute('aria-sort', 'descending');
    await user.click(screen.getByRole('button', { name: /name/i }));
    expect(onSortingChange).toHaveBeenLastCalledWith({ key: null, direction: null });
  });

  it('selects rows and the page without opening a row', async () => {
    const { user, onToggleRow, onTogglePage, onOpenRow } = renderTable();
    await user.click(screen.getByRole('checkbox', { name: 'Select ThinkPad X1' }));
    expect(onToggleRow).toHaveBeenCalledWith('d2');
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(onTogglePage).toHaveBeenCalledTimes(1);
    expect(onOpenRow).not.toHaveBeenCalled();
  });

  it('shows the header checkbox as mixed or checked', () => {
    renderTable({
      selection: {
        header: 'Partial',
        isSelected: (id) => id === 'd1',
        onToggleRow: () => {},
        onTogglePage: () => {},
        rowLabel: (device) => `Select ${device.name}`,
      },
    });
    expect(screen.getByRole('checkbox', { name: 'Select all rows on this page' })).toBePartiallyChecked();
    expect(screen.getByRole('checkbox', { name: 'Select MacBook Air' })).toBeChecked();
    expect(screen.getByText('MacBook Air').closest('tr')).toHaveAttribute('data-state', 'selected');
  });

  it('moves between rows with the arrow keys, opens with Enter and selects with Space', async () => {
    const { user, onOpenRow, onToggleRow } = renderTable();
    const [first, second] = screen.getAllByRole('row').slice(1);
    expect(first).toHaveAttribute('tabindex', '0');
    expect(second).toHaveAttribute('tabindex', '-1');
    act(() => first!.focus());
    await user.keyboard('{ArrowDown}');
    expect(second).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onOpenRow).toHaveBeenCalledWith(DEVICES[1]);
    await user.keyboard(' ');
    expect(onToggleRow).toHaveBeenCalledWith('d2');
    await user.keyboard('{Home}');
    expect(first).toHaveFocus();
    await user.click(screen.getByText('MacBook Air'));
    expect(onOpenRow).toHaveBeenLastCalledWith(DEVICES[0]);
  });

  it('hides the columns that are switched off', () => {
    renderTable({ columnVisibility: { serialNumber: false } });
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).not.toContain(
      'Serial number',
    );
  });

  it('shows placeholder rows while loading and no paging yet', () => {
    renderTable({ status: { ...LOADED, isPending: true, data: undefined }, rows: [], total: undefined });
    expect(screen.getByRole('status')).toHaveTextContent('Loading devices…');
    expect(screen.getByRole('table', { name: 'Devices' })).not.toHaveAttribute('aria-rowcount');
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    // Ten rows' placeholder, painted by one cell per column (one quick removal when the rows come),
    // each shaped by its column's meta.skeleton, hidden from assistive technology.
    const [placeholder, ...more] = document.querySelectorAll('tbody tr');
    expect(more).toHaveLength(0);
    expect(placeholder).toHaveAttribute('aria-hidden', 'true');
    const cells = [...(placeholder?.querySelectorAll('td') ?? [])];
    expect(cells).toHaveLength(screen.getAllByRole('columnheader').length);
    expect(cells.every((cell) => cell.classList.contains('table-skeleton'))).toBe(true);
    const shapes = cells.map((cell) => cell.firstElementChild as HTMLElement);
    expect(shapes.map((shape) => shape.className)).toEqual([
      'animate-pulse table-skeleton-checkbox',
      'animate-pulse table-skeleton-text',
      'animate-pulse table-skeleton-text',
    ]);
    expect(shapes[0]?.style.height).toBe('30rem');
  });

  it('says it waits for the connection instead of loading forever while Equip cannot be reached', () => {
    renderTable({
      status: { ...LOADED, isPending: true, fetchStatus: 'paused', data: undefined },
      rows: [],
      total: undefined,
    });
    expect(screen.getByRole('heading', { name: 'Waiting for the connection' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
    expect(screen.queryByText('Loading devices…')).not.toBeInTheDocument();
  });

  it('says when there are no rows, and offers what the area gives', () => {
    renderTable({ rows: [], total: 0 });
    expect(screen.getByRole('heading', { name: 'No devices yet' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select all rows on this page' })).toBeDisabled();
  });

  it('shows a failure with a retry, but keeps rows it already has', async () => {
    const refetch = vi.fn();
    const error = new Error('Database unavailable');
    const failed = { ...LOADED, isError: true, error, data: undefined, refetch };
    const { user } = renderTable({ status: failed, rows: [] });
    expect(screen.getByRole('heading', { name: 'Could not load devices' })).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('keeps showing rows when a refresh fails', () => {
    renderTable({ status: { ...LOADED, isError: true, error: new Error('offline') } });
    expect(screen.getByText('MacBook Air')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Could not load devices' })).not.toBeInTheDocument();
  });

  it('pages', async () => {
    const { user, onPageChange } = renderTable({ total: 120 });
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenCalledWith(1);
  });
});

interface Machine {
  uuid: string;
  name: string;
  serialNumber: string;
  model: string;
}
const machine = createColumnHelper<Machine>();
const MACHINE_COLUMNS = [
  machine.accessor('name', { header: 'Name' }),
  machine.accessor('serialNumber', { header: 'Serial number' }),
  machine.accessor('model', { header: 'Model' }),
  machine.display({ id: 'actions', header: 'Actions', cell: () => <button type="button">Lock</button> }),
];
const MACHINES: Machine[] = [
  {
    uuid: 'm1',
    name: 'MacBook Air',
    serialNumber: 'C02X1',
    model: 'MacBook Air 13" M3 with a very long model name',
  },
];

/**
 * A browser's layout, as far as fitting needs it: each header cell 200 px wide, the frame 1,000 px,
 * the table as wide as its header cells (happy-dom lays nothing out).
 */
function fakeLayout() {
  const headerCells = (element: Element) => element.querySelectorAll('thead th').length;
  const width = (element: HTMLElement) =>
    element.tagName === 'TH'
      ? 200
      : element.tagName === 'TABLE'
        ? 200 * headerCells(element)
        : element.querySelector('table')
          ? 200 * headerCells(element)
          : 0;
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return width(this);
  });
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return width(this);
  });
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.querySelector('table') ? 700 : 0;
  });
}

/** Each measure of the frame, as the body rows and columns it found laid out ("8×4"); over fakeLayout. */
function recordMeasures(): string[] {
  const measured: string[] = [];
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
    const columns = this.querySelectorAll('thead th').length;
    if (!this.querySelector('table')) return this.tagName === 'TH' ? 200 : 0;
    measured.push(`${this.querySelectorAll('tbody tr').length}×${columns}`);
    return 200 * columns;
  });
  return measured;
}

/** A page of 30 machines, Machine 0 to Machine 29. */
const thirtyMachines = () =>
  Array.from({ length: 30 }, (_, index) => ({
    ...MACHINES[0]!,
    uuid: `m-${index}`,
    name: `Machine ${index}`,
  }));

function renderMachines(props: Partial<DataTableProps<Machine>> = {}) {
  const user = userEvent.setup();
  render(
    <DataTable<Machine>
      label="Machines"
      columns={MACHINE_COLUMNS}
      rows={MACHINES}
      getRowId={(row) => row.uuid}
      sorting={{ key: null, direction: null }}
      onSortingChange={() => {}}
      status={LOADED}
      messages={{ loading: 'Loading…', error: 'Could not load' }}
      empty={{ icon: Laptop, title: 'None', description: 'None yet.' }}
      firstRowIndex={0}
      total={1}
      pagination={{ page: 0, pageSize: 50, onPageChange: () => {} }}
      {...props}
    />,
    { wrapper },
  );
  return { user };
}

const headers = () => screen.getAllByRole('columnheader').map((header) => header.textContent);

describe('DataTable fits its frame', () => {
  it('keeps the name column and the row actions in view: sticky at the start and the end', () => {
    renderMachines();
    const [name, serial, , actions] = screen.getAllByRole('columnheader');
    expect(name).toHaveClass('sticky', 'left-0');
    expect(serial).not.toHaveClass('sticky');
    expect(actions).toHaveClass('sticky', 'right-0');
    expect(actions).toHaveAttribute('data-actions');
    const lock = screen.getByRole('button', { name: 'Lock' });
    expect(lock.closest('td')).toHaveClass('sticky', 'right-0');
    expect(screen.getByText('MacBook Air', { selector: 'div' }).closest('td')).toHaveClass('sticky');
  });

  it('cuts long cells at their width and shows the whole text on hover', async () => {
    const { user } = renderMachines();
    const model = screen.getByText(/with a very long model name/);
    expect(model.style.maxWidth).toBe('16rem');
    vi.spyOn(model, 'scrollWidth', 'get').mockReturnValue(400);
    vi.spyOn(model, 'clientWidth', 'get').mockReturnValue(256);
    await user.hover(model);
    expect(model).toHaveAttribute('title', 'MacBook Air 13" M3 with a very long model name');
  });

  it('hides the lowest-priority column while it does not fit, and offers it to show instead of another', async () => {
    fakeLayout();
    try {
      const { user } = renderMachines();
      // Four columns of 200 px in a 700 px frame: the last that may hide goes (measured in the next frame).
      await waitFor(() => expect(headers()).toEqual(['Name', 'Serial number', 'Actions']));
      await user.click(screen.getByRole('button', { name: '1 more column' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Model' }));
      expect(headers()).toEqual(['Name', 'Model', 'Actions']);
      await user.click(screen.getByRole('button', { name: '1 more column' }));
      expect(await screen.findByRole('menuitem', { name: 'Serial number' })).toBeInTheDocument();
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('lays out a sample of the rows with every column first, then the whole page in the columns that fit', async () => {
    fakeLayout();
    const measured = recordMeasures();
    try {
      renderMachines({ rows: thirtyMachines() });
      expect(await screen.findByText('Machine 29')).toBeInTheDocument();
      expect(screen.getAllByRole('row')).toHaveLength(31);
      expect(headers()).toEqual(['Name', 'Serial number', 'Actions']);
      // Measured on 8 rows with every column, then on 8 in the columns that fit; then every row.
      expect(measured).toEqual(['8×4', '8×3', '30×3']);
    } finally {
      vi.restoreAllMocks();
    }
  });

  /** The number of body rows after each change of the document, while `run` runs. */
  async function rowCountsWhile(run: () => Promise<void>): Promise<number[]> {
    const counts: number[] = [];
    const observer = new MutationObserver(() => {
      const count = document.querySelectorAll('tbody tr[data-row]').length;
      if (count !== counts.at(-1)) counts.push(count);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    try {
      await run();
    } finally {
      observer.disconnect();
    }
    return counts;
  }

  it('after the fit, shows the rest of the page a step at a time, each step in a task of its own', async () => {
    fakeLayout();
    try {
      const counts = await rowCountsWhile(async () => {
        renderMachines({ rows: thirtyMachines() });
        expect(await screen.findByText('Machine 29')).toBeInTheDocument();
      });
      // The sample of 8, then 14 more, then the last 8: never the rest of the page in one commit.
      expect(counts).toEqual([8, 22, 30]);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('without a layout to fit (nothing to spread over tasks), shows the rest of the page at once', async () => {
    const counts = await rowCountsWhile(async () => {
      renderMachines({ rows: thirtyMachines() });
      expect(await screen.findByText('Machine 29')).toBeInTheDocument();
    });
    expect(counts).toEqual([8, 30]);
  });

  it('follows meta.priority over the order', async () => {
    fakeLayout();
    try {
      renderMachines({
        columns: [
          MACHINE_COLUMNS[0]!,
          machine.accessor('serialNumber', { header: 'Serial number', meta: { priority: -10 } }),
          MACHINE_COLUMNS[2]!,
          MACHINE_COLUMNS[3]!,
        ],
      });
      await waitFor(() => expect(headers()).toEqual(['Name', 'Model', 'Actions']));
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('on a phone-sized screen, starts with the columns that never hide and brings back what fits', async () => {
    fakeLayout();
    const width = window.innerWidth;
    const measured = recordMeasures();
    window.innerWidth = 400;
    try {
      renderMachines();
      // The first render lays out only the name and the actions.
      expect(headers()).toEqual(['Name', 'Actions']);
      // 700 px of frame hold a third column of 200 px (tried with the room a column needs), not a fourth.
      await waitFor(() => expect(headers()).toEqual(['Name', 'Serial number', 'Actions']));
      expect(measured[0]).toBe('1×2');
      expect(measured).not.toContain('1×4');
    } finally {
      window.innerWidth = width;
      vi.restoreAllMocks();
    }
  });

  it('on a phone where no other column fits, measures the sample once and then the whole page', async () => {
    fakeLayout();
    const width = window.innerWidth;
    const measured = recordMeasures();
    // 450 px of frame: the name and the actions (400 px) leave less than a column needs.
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return this.querySelector('table') ? 450 : 0;
    });
    window.innerWidth = 400;
    try {
      renderMachines({ rows: thirtyMachines() });
      expect(await screen.findByText('Machine 29')).toBeInTheDocument();
      expect(headers()).toEqual(['Name', 'Actions']);
      expect(measured).toEqual(['8×2', '30×2']);
    } finally {
      window.innerWidth = width;
      vi.restoreAllMocks();
    }
  });
});
