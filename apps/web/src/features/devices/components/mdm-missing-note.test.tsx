import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from '@/lib/format';
import { activateLocale } from '@/lib/i18n/i18n';
import { DevicesPage } from '../routes/devices-page';
import { devicesApi, installFakeApi, makeDevice, renderWithApp } from '../test/harness';

const SINCE = '2026-11-20T09:00:00.000Z';

/**
 * A device its MDM no longer lists (the inventory sync marked it, decision 025): the list's status and
 * the drawer's device management say since when, with the shared date format; other devices say nothing.
 */
describe('devices gone from their MDM', () => {
  beforeEach(() => localStorage.clear());
  afterEach(async () => {
    vi.unstubAllGlobals();
    await activateLocale('en');
  });

  function renderList() {
    const gone = makeDevice({
      name: 'Old MacBook',
      mdmProvider: 'FLEET',
      mdmMissingSince: SINCE,
    });
    const listed = makeDevice({ name: 'New MacBook', mdmProvider: 'FLEET' });
    installFakeApi(devicesApi([gone, listed]));
    return {
      gone,
      ...renderWithApp(
        [{ path: '/dashboard/devices/:deviceUuid?', element: <DevicesPage /> }],
        '/dashboard/devices',
      ),
    };
  }

  it('says so in the list and in the drawer', async () => {
    const { user } = renderList();
    const table = await screen.findByRole('table', { name: 'Devices' });
    const row = (await within(table).findByText('Old MacBook')).closest('tr')!;
    expect(within(row).getByText(`Not in Fleet since ${formatDate(SINCE)}`)).toBeInTheDocument();
    const other = within(table).getByText('New MacBook').closest('tr')!;
    expect(within(other).queryByText(/Not in Fleet/)).toBeNull();
    await user.click(within(row).getByText('Old MacBook'));
    const drawer = await screen.findByRole('dialog', { name: /Old MacBook/ });
    expect(await within(drawer).findByText(`Not in Fleet since ${formatDate(SINCE)}`)).toBeInTheDocument();
  });

  it('in German', async () => {
    await activateLocale('de');
    renderList();
    const table = await screen.findByRole('table', { name: 'Geräte' });
    const row = (await within(table).findByText('Old MacBook')).closest('tr')!;
    expect(within(row).getByText('Seit 20.11.2026 nicht mehr in Fleet')).toBeInTheDocument();
  });
});
