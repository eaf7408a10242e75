import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '@/lib/i18n/i18n';
import { EmployeesPage } from '../routes/employees-page';
import { installFakeApi, makeEmployee, renderWithApp } from '../test/harness';

/** The employees table in German: its words come from the catalog, its dates from `lib/format`. */
describe('employees table in German', () => {
  beforeEach(async () => {
    localStorage.clear();
    await activateLocale('de');
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await activateLocale('en');
  });

  it('shows German headers, views, filters and a dd.mm.yyyy start date', async () => {
    const ada = makeEmployee({
      firstName: 'Ada',
      lastName: 'Lovelace',
      startDate: '2026-03-01',
      devicesAssigned: 2,
      assignedBundle: null,
      source: 'hris',
    });
    installFakeApi((request) =>
      request.method === 'GET' && request.path === '/employees'
        ? { body: { items: [ada], total: 1 } }
        : undefined,
    );
    renderWithApp([{ path: '/dashboard/employees', element: <EmployeesPage /> }], '/dashboard/employees');

    const table = await screen.findByRole('table', { name: 'Mitarbeitende' });
    const row = (await within(table).findByText('Ada Lovelace')).closest('tr')!;
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent?.trim())
      .filter(Boolean);
    expect(headers).toEqual(
      expect.arrayContaining(['Name', 'Abteilung', 'Startdatum', 'Status', 'Geräte', 'Bundle', 'Quelle']),
    );
    expect(within(row).getByText('01.03.2026')).toBeInTheDocument();
    expect(within(row).getByText('Kein Bundle')).toBeInTheDocument();
    expect(within(row).getByRole('checkbox', { name: 'Ada Lovelace auswählen' })).toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Alle Mitarbeitenden' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Onboarding' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Mitarbeitende suchen' })).toHaveAttribute(
      'placeholder',
      'Name oder E-Mail suchen',
    );
    expect(screen.getByRole('link', { name: /Registrierungserinnerungen/ })).toBeInTheDocument();
  });
});
