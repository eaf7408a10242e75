import type { AuditLogEntry } from '@equip/domain/audit-log';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeRequest, installFakeApi } from '@/test/fake-api';
import { testUser } from '@/test/fixtures';
import { renderWithApp } from '@/test/render';
import { dayStart } from '../lib/day-range';
import { AuditLogPage } from './audit-log-page';

const owner = '00000000-0000-4000-8000-000000000001';
const anna = '00000000-0000-4000-8000-000000000002';

function event(overrides: Partial<AuditLogEntry>): AuditLogEntry {
  return {
    uuid: crypto.randomUUID(),
    type: 'USER_ADDED',
    createdAt: '2026-11-20T10:00:00.000Z',
    actorUuid: owner,
    actorName: 'Olga Owner',
    subjectUuid: anna,
    subjectName: 'Anna Ågren',
    data: {},
    ...overrides,
  };
}

const imported = event({
  type: 'USERS_IMPORTED',
  subjectUuid: null,
  subjectName: null,
  data: { count: 3, fileName: 'people.csv' },
});
const edited = event({
  type: 'USER_UPDATED',
  createdAt: '2026-11-19T10:00:00.000Z',
  data: { before: { department: 'Sales', phone: null }, after: { department: 'Engineering', phone: null } },
});
const bySystem = event({
  type: 'SECURITY_ALERT',
  actorUuid: null,
  actorName: null,
  subjectName: 'MacBook',
  createdAt: '2026-11-18T10:00:00.000Z',
});

function auditApi(events: AuditLogEntry[]) {
  return (request: FakeRequest) => {
    if (request.method === 'GET' && request.path === '/audit-log') {
      const types = request.query.getAll('types');
      const actor = request.query.get('actorUuid');
      const matching = events.filter(
        (e) => (types.length === 0 || types.includes(e.type)) && (!actor || e.actorUuid === actor),
      );
      return { body: { items: matching, total: matching.length } };
    }
    const one = /^\/audit-log\/([^/]+)$/.exec(request.path);
    if (request.method === 'GET' && one) {
      const found = events.find((e) => e.uuid === one[1]);
      return found ? { body: found } : { status: 404, body: { errors: [{ msg: 'Event not found' }] } };
    }
    return undefined;
  };
}

const routes = [{ path: '/dashboard/audit-log/:eventUuid?', element: <AuditLogPage /> }];

describe('AuditLogPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the events with who did it and about whom', async () => {
    installFakeApi(auditApi([imported, edited, bySystem]));
    renderWithApp(routes, '/dashboard/audit-log', { user: testUser() });
    const table = await screen.findByRole('table', { name: 'Audit log' });
    await within(table).findByText('Employees imported');
    expect(within(table).getAllByText('Olga Owner')).toHaveLength(2);
    expect(within(table).getByText('System')).toBeInTheDocument();
    expect(within(table).getByText('MacBook')).toBeInTheDocument();
    expect(screen.getByText('3 events')).toBeInTheDocument();
    expect(screen.queryByText(/Acting for/)).not.toBeInTheDocument();
  });

  it('sends the filters of the URL, the days as instants in the organisation’s time zone', async () => {
    const { requests } = installFakeApi(auditApi([imported]));
    renderWithApp(
      routes,
      `/dashboard/audit-log?type=USERS_IMPORTED&actor=${owner}&from=2026-11-01&to=2026-11-23`,
      {
        user: testUser(),
      },
    );
    await screen.findByText('Employees imported');
    const list = requests.find((r) => r.path === '/audit-log')!;
    expect(list.query.getAll('types')).toEqual(['USERS_IMPORTED']);
    expect(list.query.get('actorUuid')).toBe(owner);
    // Berlin: midnight is 23:00 UTC the day before (CET in November).
    expect(list.query.get('from')).toBe('2026-10-31T23:00:00.000Z');
    expect(list.query.get('to')).toBe('2026-11-23T23:00:00.000Z');
    expect(
      await screen.findByRole('button', { name: 'Remove the filter by Olga Owner' }),
    ).toBeInTheDocument();
  });

  it('exports the table’s columns with the filters, or all columns', async () => {
    const handler = auditApi([imported]);
    const { requests } = installFakeApi((request) =>
      request.path === '/audit-log/export' ? { body: 'file' } : handler(request),
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
    const { user } = renderWithApp(routes, '/dashboard/audit-log?type=USERS_IMPORTED', { user: testUser() });
    await screen.findByText('Employees imported');
    const exports = () => requests.filter((r) => r.path === '/audit-log/export');
    // The table's columns, as it shows them.
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Time', 'Event', 'By', 'About']);
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Excel (.xlsx)' }));
    await waitFor(() => expect(exports()).toHaveLength(1));
    expect(exports()[0]!.query.get('columns')).toBe('createdAt,type,actorName,subjectName');
    expect(exports()[0]!.query.getAll('types')).toEqual(['USERS_IMPORTED']);
    expect(exports()[0]!.query.get('format')).toBe('xlsx');
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'CSV, all columns' }));
    await waitFor(() => expect(exports()).toHaveLength(2));
    expect(exports()[1]!.query.get('columns')).toBe('all');
  });

  it('opens an event with its before and after, and narrows to its actor', async () => {
    installFakeApi(auditApi([imported, edited, bySystem]));
    const { user, router } = renderWithApp(routes, '/dashboard/audit-log', { user: testUser() });
    await user.click(await screen.findByText('Employee changed'));
    const drawer = await screen.findByRole('dialog');
    expect(router.state.location.pathname).toBe(`/dashboard/audit-log/${edited.uuid}`);
    const changes = within(drawer).getByRole('table', { name: 'Values before and after the change' });
    const rows = within(changes).getAllByRole('row');
    // Only the field that changed.
    expect(rows).toHaveLength(2);
    expect(rows[1]).toHaveTextContent('DepartmentSalesEngineering');
    await user.click(within(drawer).getByRole('button', { name: 'All events by this person' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/audit-log'));
    expect(router.state.location.search).toBe(`?actor=${owner}`);
  });

  it('opens a shared link to an event that is not on the page', async () => {
    const other = event({ type: 'DEVICE_ADDED', data: { name: 'ThinkPad' } });
    const { requests } = installFakeApi(auditApi([imported, other]));
    renderWithApp(routes, `/dashboard/audit-log/${other.uuid}`, { user: testUser() });
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('ThinkPad')).toBeInTheDocument();
    expect(requests.some((r) => r.path === `/audit-log/${other.uuid}`)).toBe(true);
  });

  it('tells a provider admin which organisation they act for', async () => {
    installFakeApi(auditApi([]));
    renderWithApp(routes, '/dashboard/audit-log', {
      user: testUser({ role: 'equip-admin', organizationName: 'Acme GmbH' }),
    });
    expect(await screen.findByText('Acting for Acme GmbH')).toBeInTheDocument();
    expect(await screen.findByText('Nothing has happened yet')).toBeInTheDocument();
  });

  it('says when no event matches, with a reset', async () => {
    installFakeApi(auditApi([imported]));
    const { user } = renderWithApp(routes, '/dashboard/audit-log?type=LOGIN', { user: testUser() });
    expect(await screen.findByText('No events match these filters')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Reset filters' })[0]!);
    expect(await screen.findByText('Employees imported')).toBeInTheDocument();
  });

  it('says when the log cannot be loaded', async () => {
    installFakeApi(() => ({ status: 500, body: { errors: [{ msg: 'Internal error' }] } }));
    renderWithApp(routes, '/dashboard/audit-log', { user: testUser() });
    expect(await screen.findByText('Could not load the audit log')).toBeInTheDocument();
  });
});

describe('dayStart', () => {
  it('finds midnight in the zone, also across daylight saving', () => {
    expect(dayStart('2026-07-01', 0, 'Europe/Berlin')).toBe('2026-06-30T22:00:00.000Z');
    expect(dayStart('2026-03-29', 0, 'Europe/Berlin')).toBe('2026-03-28T23:00:00.000Z');
    expect(dayStart('2026-03-29', 1, 'Europe/Berlin')).toBe('2026-03-29T22:00:00.000Z');
    expect(dayStart('2026-01-01', 0, 'America/New_York')).toBe('2026-01-01T05:00:00.000Z');
    expect(dayStart('2026-01-01', 0, 'UTC')).toBe('2026-01-01T00:00:00.000Z');
  });
});
