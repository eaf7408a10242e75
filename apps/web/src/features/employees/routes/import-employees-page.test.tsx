import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeXhr } from '@/test/fake-xhr';
import { selectImportResult } from '../employees-import-slice';
import { installFakeApi, renderWithApp } from '../test/harness';
import { ImportEmployeesPage } from './import-employees-page';

const CSV = [
  'First Name,Last Name,Email,Phone,Start Date,End Date,Department,Position',
  'Ada,Lovelace,same@acme.example,,2026-01-05,,Engineering,',
  'Alan,Turing,same@acme.example,,,,Research,',
  'Grace,Hopper,taken@acme.example,,,,,',
  'Linus,Torvalds,not-an-email,,,,,',
].join('\n');

function renderImport() {
  return renderWithApp(
    [
      { path: '/dashboard/action/import-employees', element: <ImportEmployeesPage /> },
      { path: '/dashboard/employees', element: <p>employees table</p> },
    ],
    '/dashboard/action/import-employees',
  );
}

const cell = (field: string, row: number) =>
  screen.getByRole('button', { name: new RegExp(`^${field}, row ${row}:`) });
/** The preview's rows render once the virtualiser has measured its viewport. */
const previewRows = () => screen.findAllByRole('button', { name: /^Delete row/ });

describe('import employees from CSV', () => {
  beforeEach(() => {
    // happy-dom has no layout: give the virtualised list a viewport so it renders rows.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
    installFakeApi((request) =>
      request.path === '/employees/import/check-emails'
        ? { body: { inUse: ['taken@acme.example'] } }
        : undefined,
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('previews every row with errors at the cells, fixes and deletes rows, and imports when clean', async () => {
    const sent = installFakeXhr(() => ({ status: 201, body: { imported: 2 } }));
    const { user, router, store } = renderImport();
    await user.upload(screen.getByLabelText('CSV file'), new File([CSV], 'people.csv', { type: 'text/csv' }));

    expect(await screen.findByRole('table', { name: 'Rows of the file' })).toBeInTheDocument();
    expect(await previewRows()).toHaveLength(4);
    expect(screen.getByText('people.csv')).toBeInTheDocument();
    expect(cell('Email', 1)).toHaveAccessibleName(/Error: This email appears more than once in the file/);
    expect(cell('Email', 2)).toHaveAccessibleName(/appears more than once/);
    expect(cell('Email', 3)).toHaveAccessibleName(/This email is already in use/);
    expect(cell('Email', 4)).toHaveAccessibleName(/Error: Invalid email address/);
    expect(cell('First Name', 1)).not.toHaveAccessibleName(/Error/);
    expect(within(cell('Email', 3)).getByText('Already used in your organisation')).toBeInTheDocument();
    const importButton = screen.getByRole('button', { name: 'Import 4 employees' });
    expect(importButton).toBeDisabled();

    // Only rows with errors: all four have one.
    await user.click(screen.getByRole('checkbox', { name: 'Only rows with errors' }));
    expect(screen.getAllByRole('button', { name: /^Delete row/ })).toHaveLength(4);
    await user.click(screen.getByRole('checkbox', { name: 'Only rows with errors' }));

    // Deleting one of the two duplicates clears the other's duplicate error.
    await user.click(screen.getByRole('button', { name: 'Delete row 1' }));
    expect(cell('First Name', 1)).toHaveAccessibleName(/Alan/);
    expect(cell('Email', 1)).not.toHaveAccessibleName(/Error/);

    // Fix the invalid email in place.
    await user.click(cell('Email', 3));
    const input = screen.getByRole('textbox', { name: 'Email, row 3' });
    await user.clear(input);
    await user.type(input, 'linus@acme.example{Enter}');
    expect(cell('Email', 3)).not.toHaveAccessibleName(/Error/);
    expect(screen.getByRole('button', { name: 'Import 3 employees' })).toBeDisabled();

    // Delete the row whose email is in use: now the import is ready.
    await user.click(screen.getByRole('button', { name: 'Delete row 2' }));
    const ready = screen.getByRole('button', { name: 'Import 2 employees' });
    expect(ready).toBeEnabled();
    expect(selectImportResult(store.getState())?.rows).toHaveLength(2);

    await user.click(ready);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/employees'));
    expect(await screen.findByText('2 employees imported')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toBe('/api/employees/import');
    expect(sent[0]?.headers['content-type']).toBe('text/csv');
    expect(sent[0]?.headers['x-file-name']).toBe('people.csv');
    expect(sent[0]?.body.split('\r\n')).toEqual([
      'First Name,Last Name,Email,Phone,Start Date,End Date,Department,Position',
      'Alan,Turing,same@acme.example,,,,Research,',
      'Linus,Torvalds,linus@acme.example,,,,,',
      '',
    ]);
    expect(selectImportResult(store.getState())).toBeNull();
  });

  it('maps the server’s row errors back onto the cells', async () => {
    installFakeXhr(() => ({
      status: 400,
      body: {
        errors: [
          {
            msg: 'This email is already in use',
            errorType: 'EmailInUse',
            param: 'rows.1.email',
          },
        ],
      },
    }));
    const { user } = renderImport();
    const clean =
      'First Name,Last Name,Email\nAda,Lovelace,ada@acme.example\nAlan,Turing,alan@acme.example\n';
    await user.upload(
      screen.getByLabelText('CSV file'),
      new File([clean], 'clean.csv', { type: 'text/csv' }),
    );
    await previewRows();
    await user.click(await screen.findByRole('button', { name: 'Import 2 employees' }));
    expect(await screen.findByText(/Nothing was imported/)).toBeInTheDocument();
    expect(cell('Email', 2)).toHaveAccessibleName(/Error: This email is already in use/);
    expect(screen.getByRole('button', { name: 'Import 2 employees' })).toBeDisabled();
  });

  it('explains files it cannot read instead of failing', async () => {
    const { user } = renderImport();
    const binary = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 1])], 'photo.csv', {
      type: 'text/csv',
    });
    await user.upload(screen.getByLabelText('CSV file'), binary);
    expect(await screen.findByText(/not a CSV text file/)).toBeInTheDocument();

    await user.upload(screen.getByLabelText('CSV file'), new File([''], 'empty.csv', { type: 'text/csv' }));
    expect(await screen.findByText(/The file is empty/)).toBeInTheDocument();

    await user.upload(
      screen.getByLabelText('CSV file'),
      new File(['Name,Mail\nAda,ada@acme.example\n'], 'wrong.csv', { type: 'text/csv' }),
    );
    expect(await screen.findByText(/Missing columns: First Name, Last Name/)).toBeInTheDocument();
  });

  it('reads Windows-1252 files when they are not UTF-8', async () => {
    const { user } = renderImport();
    const header = 'First Name,Last Name,Email\n';
    const bytes = new Uint8Array([
      ...new TextEncoder().encode(`${header}J`),
      0xfc,
      ...new TextEncoder().encode('rgen,M'),
      0xfc,
      ...new TextEncoder().encode('ller,juergen@acme.example\n'),
    ]);
    await user.upload(
      screen.getByLabelText('CSV file'),
      new File([bytes], 'excel.csv', { type: 'text/csv' }),
    );
    expect(await previewRows()).toHaveLength(1);
    expect(cell('First Name', 1)).toHaveAccessibleName(/Jürgen/);
    expect(cell('Last Name', 1)).toHaveAccessibleName(/Müller/);
    expect(screen.getByText(/read as Windows-1252/)).toBeInTheDocument();
  });
});
