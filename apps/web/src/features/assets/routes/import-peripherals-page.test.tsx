import { personKeys } from '@equip/domain/asset-import';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { selectImportResult as selectEmployeeImportResult } from '@/features/employees/employees-import-slice';
import { installFakeApi } from '@/test/fake-api';
import { installFakeXhr } from '@/test/fake-xhr';
import { renderWithApp } from '@/test/render';
import { selectAssetImportResult } from '../assets-import-slice';
import { ImportPeripheralsPage } from './import-peripherals-page';

const ADA = { email: 'ada@acme.example', firstName: 'Ada', lastName: 'Lovelace' };

const CSV = [
  'Name,Vendor,Model,Kind,Assigned To,Serial Number,Notes,property:Connector',
  'UltraSharp 27,Dell,U2723QE,monitor,ada@acme.example,SN-1,,USB-C',
  ',Logitech,,keyboard,,,,',
  'MX Master,Logitech,,mouse,Alan Turing,,,',
  'Headset,Jabra,,headset,Ada Lovelace,,,',
].join('\n');

const cell = (field: string, row: number) =>
  screen.getByRole('button', { name: new RegExp(`^${field}, row ${row}:`) });
const previewRows = () => screen.findAllByRole('button', { name: /^Delete row/ });

function renderImport() {
  return renderWithApp(
    [
      { path: '/dashboard/devices/import-peripherals', element: <ImportPeripheralsPage /> },
      { path: '/dashboard/devices', element: <p>assets tab</p> },
    ],
    '/dashboard/devices/import-peripherals',
  );
}

describe('import peripherals from CSV', () => {
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
    installFakeApi((request) =>
      request.path === '/assets/import/check'
        ? { body: { assignedTo: personKeys(ADA), kind: [] } }
        : undefined,
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows errors at their cells, fixes one inline, deletes one, and imports the rest with their properties', async () => {
    const sent = installFakeXhr(() => ({ status: 201, body: { imported: 3 } }));
    const { user, router, store } = renderImport();
    expect(screen.getByRole('link', { name: 'Download template' })).toHaveAttribute(
      'href',
      expect.stringContaining(encodeURIComponent('property:Connector')),
    );
    await user.upload(
      screen.getByLabelText('CSV file'),
      new File([CSV], 'peripherals.csv', { type: 'text/csv' }),
    );

    expect(await previewRows()).toHaveLength(4);
    expect(cell('Name', 2)).toHaveAccessibleName(/Error/);
    expect(cell('Assigned To', 3)).toHaveAccessibleName(/No one in the organisation has this name/);
    expect(cell('Assigned To', 1)).not.toHaveAccessibleName(/Error/);
    expect(cell('Assigned To', 4)).not.toHaveAccessibleName(/Error/);
    expect(screen.getByRole('button', { name: 'Import 4 peripherals' })).toBeDisabled();
    // The custom property column is shown and edited like the others.
    expect(screen.getByRole('columnheader', { name: 'property:Connector' })).toBeInTheDocument();
    expect(cell('property:Connector', 1)).toHaveAccessibleName(/USB-C/);

    // Fix the empty name in place.
    await user.click(cell('Name', 2));
    const input = screen.getByRole('textbox', { name: 'Name, row 2' });
    await user.type(input, 'MX Keys{Enter}');
    expect(cell('Name', 2)).not.toHaveAccessibleName(/Error/);

    // Delete the row whose person the organisation does not have: valid now.
    await user.click(screen.getByRole('button', { name: 'Delete row 3' }));
    const ready = screen.getByRole('button', { name: 'Import 3 peripherals' });
    expect(ready).toBeEnabled();
    expect(selectAssetImportResult(store.getState())?.parsedHeaders).toContain('property:Connector');

    await user.click(ready);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/devices'));
    expect(sent[0]?.url).toBe('/api/assets/import');
    expect(sent[0]?.body.split('\r\n')).toEqual([
      'Name,Vendor,Model,Kind,Assigned To,Serial Number,Notes,property:Connector',
      'UltraSharp 27,Dell,U2723QE,monitor,ada@acme.example,SN-1,,USB-C',
      'MX Keys,Logitech,,keyboard,,,,',
      'Headset,Jabra,,headset,Ada Lovelace,,,',
      '',
    ]);
    expect(selectAssetImportResult(store.getState())).toBeNull();
  });

  it('clears both imports', async () => {
    const { user, store } = renderImport();
    await user.upload(
      screen.getByLabelText('CSV file'),
      new File([CSV], 'peripherals.csv', { type: 'text/csv' }),
    );
    expect(await previewRows()).toHaveLength(4);
    store.dispatch({
      type: 'employeesImport/setResult',
      payload: { result: { isValid: true, rows: [], errors: [], headers: [] } },
    });
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(selectAssetImportResult(store.getState())).toBeNull();
    expect(selectEmployeeImportResult(store.getState())).toBeNull();
    expect(screen.getByLabelText('CSV file')).toBeInTheDocument();
  });

  it('downloads every peripheral in the import format', async () => {
    const { requests } = installFakeApi((request) =>
      request.path === '/assets/export' ? { body: 'Name\r\n' } : undefined,
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
    const { user } = renderImport();
    await user.click(screen.getByRole('button', { name: 'Download all peripherals' }));
    const exports = () => requests.filter((r) => r.path === '/assets/export');
    await waitFor(() => expect(exports()).toHaveLength(1));
    expect(exports()[0]!.query.get('separator')).toBe('comma');
  });
});
