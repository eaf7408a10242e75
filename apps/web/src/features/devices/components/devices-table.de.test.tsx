import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '@/lib/i18n/i18n';
import { DevicesPage } from '../routes/devices-page';
import { devicesApi, installFakeApi, makeDevice, renderWithApp } from '../test/harness';

/** The devices list and drawer in German: words from the catalogs, numbers and dates from `lib/format`. */
describe('devices list in German', () => {
  beforeEach(async () => {
    localStorage.clear();
    await activateLocale('de');
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await activateLocale('en');
  });

  it('shows German headers, filters, states and count, and the drawer in German', async () => {
    const shared = makeDevice({
      name: 'Empfang iPad',
      type: 'TABLET',
      os: 'IOS',
      assignmentType: 'SHARED',
      assignedTo: null,
      isEncrypted: false,
      isProtected: true,
      status: 'in-stock',
      lastSeenAt: null,
    });
    const devices = [shared, ...Array.from({ length: 1200 }, () => makeDevice())];
    installFakeApi(devicesApi(devices));
    const { user } = renderWithApp(
      [{ path: '/dashboard/devices/:deviceUuid?', element: <DevicesPage /> }],
      '/dashboard/devices',
    );

    const table = await screen.findByRole('table', { name: 'Geräte' });
    const row = (await within(table).findByText('Empfang iPad')).closest('tr')!;
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent?.trim())
      .filter(Boolean);
    expect(headers).toEqual([
      'Name',
      'Betriebssystem',
      'Zugewiesen an',
      'Standort',
      'Sicherheit',
      'Registrierung',
      'Status',
      'Zuletzt gesehen',
    ]);
    expect(within(row).getByText('Geteilt')).toBeInTheDocument();
    expect(within(row).getByText('Nicht verschlüsselt')).toBeInTheDocument();
    expect(within(row).getByText('Geschützt')).toBeInTheDocument();
    expect(within(row).getByText('Auf Lager')).toBeInTheDocument();
    expect(within(row).getByText('Nie')).toBeInTheDocument();
    expect(within(row).getByRole('checkbox', { name: 'Empfang iPad auswählen' })).toBeInTheDocument();
    expect(screen.getByText('1.201 Geräte')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Geräte suchen' })).toHaveAttribute(
      'placeholder',
      'Name, Seriennummer oder Person',
    );
    expect(screen.getByRole('checkbox', { name: 'Nur unverschlüsselte' })).toBeInTheDocument();

    await user.click(within(table).getByText('Empfang iPad'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('tab', { name: 'Übersicht' })).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByRole('tab', { name: 'Spezifikation' })).toBeInTheDocument();
    expect(await within(dialog).findByRole('button', { name: 'Zuweisung ändern' })).toBeInTheDocument();
    expect(within(dialog).getByText('Festplattenverschlüsselung')).toBeInTheDocument();
  });
});
