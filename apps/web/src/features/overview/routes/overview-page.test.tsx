import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '@/lib/i18n/i18n';
import { installFakeApi } from '@/test/fake-api';
import { renderWithApp } from '@/test/render';
import { OverviewPage } from './overview-page';

const EMPLOYEE_TOTALS: Record<string, number> = {
  all: 146,
  onboarding: 12,
  offboarding: 8,
  withoutBundle: 26,
};
const DEVICE_TOTALS = { all: 1250, unencrypted: 31, unprotected: 7 };

function answerTotals() {
  return installFakeApi(({ path, query }) => {
    if (path === '/employees') {
      const key = query.get('onlyWithoutAssignedBundle') ? 'withoutBundle' : (query.get('view') ?? 'all');
      return { body: { items: [], total: EMPLOYEE_TOTALS[key], nextCursor: null } };
    }
    if (path === '/devices') {
      const key = query.get('showOnlyUnencrypted')
        ? 'unencrypted'
        : query.get('showOnlyUnprotected')
          ? 'unprotected'
          : 'all';
      return { body: { items: [], total: DEVICE_TOTALS[key], nextCursor: null } };
    }
    return undefined;
  });
}

const card = (name: string) => screen.getByRole('link', { name }).closest('li')!;

describe('overview', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the organisation's figures from the lists' totals, each linking to its list", async () => {
    const { requests } = answerTotals();
    renderWithApp([{ path: '/', element: <OverviewPage /> }], '/');
    expect(await screen.findByText('146')).toBeInTheDocument();
    expect(within(card('Employees')).getByText('12 onboarding · 8 offboarding')).toBeInTheDocument();
    expect(within(card('Devices')).getByText('1,250')).toBeInTheDocument();
    expect(within(card('Devices')).getByText('31 unencrypted · 7 unprotected')).toBeInTheDocument();
    expect(within(card('Employees with a bundle')).getByText('120')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Devices' })).toHaveAttribute('href', '/dashboard/devices');
    expect(requests.every((r) => r.query.get('take') === '1')).toBe(true);
  });

  it('says when a figure cannot be loaded, and keeps the others', async () => {
    installFakeApi(({ path }) =>
      path === '/devices'
        ? { status: 500, body: { errors: [{ msg: 'Boom', errorCode: 500, errorType: 'InternalError' }] } }
        : { body: { items: [], total: 3, nextCursor: null } },
    );
    renderWithApp([{ path: '/', element: <OverviewPage /> }], '/');
    expect(await within(card('Devices')).findByText('Could not be loaded right now.')).toBeInTheDocument();
    expect(within(card('Employees')).getByText('3')).toBeInTheDocument();
  });

  it('reads German numbers in German', async () => {
    answerTotals();
    await activateLocale('de');
    try {
      renderWithApp([{ path: '/', element: <OverviewPage /> }], '/');
      expect(await screen.findByText('1.250')).toBeInTheDocument();
    } finally {
      await activateLocale('en');
    }
  });
});
