import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { selectOrganizationSetup } from '../organization-setup-slice';
import { type FakeRequest, installFakeApi, renderWithApp } from '../test/harness';
import { RegistrationRemindersPage } from './registration-reminders-page';

const person = (
  uuid: string,
  firstName: string,
  lastName: string,
  employeeStatus: string,
  startDate: string,
) => ({
  uuid,
  firstName,
  lastName,
  email: `${firstName.toLowerCase()}@acme.example`,
  department: null,
  startDate,
  employeeStatus,
});

const PEOPLE = [
  person('00000000-0000-4000-8000-000000000001', 'Cleo', 'Adams', 'ACTIVE', '2024-03-01'),
  person('00000000-0000-4000-8000-000000000002', 'Ben', 'Young', 'ONBOARDING', '2026-09-01'),
  person('00000000-0000-4000-8000-000000000003', 'Ava', 'Miller', 'ACTIVE', '2023-01-01'),
];
const PATH = '/organization-setup/registration-reminders';

/** The server's list: a view's people, paged; "sorted" by reversing when asked to sort descending. */
function remindersApi(request: FakeRequest) {
  if (request.path !== PATH) return undefined;
  if (request.method === 'POST') {
    const body = request.body as { userUuids?: string[]; view?: string };
    return { body: { sent: body.userUuids?.length ?? 60 } };
  }
  const view = request.query.get('view') ?? 'all';
  const listed = PEOPLE.filter(
    (p) => view === 'all' || p.employeeStatus === (view === 'active' ? 'ACTIVE' : 'ONBOARDING'),
  );
  const sorted = request.query.get('sortingDirection') === 'desc' ? [...listed].reverse() : listed;
  const skip = Number(request.query.get('skip'));
  const take = Number(request.query.get('take'));
  return { body: { items: sorted.slice(skip, skip + take), total: listed.length } };
}

function renderPage(path = '/') {
  return renderWithApp([{ path: '/', element: <RegistrationRemindersPage /> }], path);
}

describe('device registration reminders', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists people without a device from the server: views, sorting and the totals per view', async () => {
    const api = installFakeApi(remindersApi);
    const { user, router } = renderPage();
    const table = await screen.findByRole('table', { name: 'People without a registered device' });
    await within(table).findByText('Cleo Adams');
    const names = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => (row as HTMLTableRowElement).cells[1]?.textContent);
    expect(names()).toEqual(['Cleo Adams', 'Ben Young', 'Ava Miller']);
    expect(await screen.findByRole('button', { name: 'Onboarding 1' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    const lists = () => api.requests.filter((r) => r.method === 'GET' && r.query.get('take') === '50');

    await user.click(within(table).getByRole('button', { name: /name/i }));
    await user.click(within(table).getByRole('button', { name: /name/i }));
    await waitFor(() => expect(names()).toEqual(['Ava Miller', 'Ben Young', 'Cleo Adams']));
    expect(Object.fromEntries(lists().at(-1)!.query)).toEqual({
      view: 'all',
      sortingKey: 'name',
      sortingDirection: 'desc',
      skip: '0',
      take: '50',
    });
    expect(router.state.location.search).toBe('?sort=name.desc');

    await user.click(screen.getByRole('button', { name: 'Active 2' }));
    await waitFor(() => expect(names()).toEqual(['Cleo Adams', 'Ava Miller']));
    expect(router.state.location.search).toBe('?view=active');
    expect(lists().at(-1)!.query.get('view')).toBe('active');
  });

  it('sends reminders to the people selected, then clears the selection', async () => {
    const api = installFakeApi(remindersApi);
    const { user, store } = renderPage('/?view=active');
    const table = await screen.findByRole('table', { name: 'People without a registered device' });
    await within(table).findByText('Cleo Adams');
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(screen.getByRole('checkbox', { name: 'Deselect all rows on this page' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Select Ava Miller' }));
    expect(screen.getByRole('checkbox', { name: 'Select all rows on this page' })).toBePartiallyChecked();
    await user.click(screen.getByRole('button', { name: 'Send reminder to 1 person' }));
    expect(await screen.findByText('Reminders sent to 1 person')).toBeInTheDocument();
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({ userUuids: [PEOPLE[0]!.uuid] });
    await waitFor(() => expect(selectOrganizationSetup(store.getState()).active.selectedIds).toEqual([]));
  });

  it('reminds everyone the view lists when all matching are selected', async () => {
    const api = installFakeApi((request) => {
      if (request.method === 'GET' && request.path === PATH) {
        // More people than a page holds: 60 onboarding, 50 of them on the first page.
        const items = Array.from({ length: Number(request.query.get('take')) }, (_, i) =>
          person(
            `00000000-0000-4000-8000-${String(i + 10).padStart(12, '0')}`,
            'New',
            `Starter ${i}`,
            'ONBOARDING',
            '2026-09-01',
          ),
        );
        return { body: { items, total: 60 } };
      }
      return remindersApi(request);
    });
    const { user } = renderPage('/?view=onboarding');
    const table = await screen.findByRole('table', { name: 'People without a registered device' });
    await within(table).findByText('New Starter 0');
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    await user.click(screen.getByRole('button', { name: 'Select all 60 matching' }));
    await user.click(screen.getByRole('button', { name: 'Send reminder to 60 people' }));
    expect(await screen.findByText('Reminders sent to 60 people')).toBeInTheDocument();
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({ view: 'onboarding' });
  });

  it('says when nobody needs a reminder, and when the list cannot be loaded', async () => {
    installFakeApi((request) => (request.method === 'GET' ? { body: { items: [], total: 0 } } : undefined));
    const first = renderPage();
    expect(
      await screen.findByRole('heading', { name: 'Everyone has registered a device' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send reminder' })).toBeDisabled();
    first.unmount();
    installFakeApi(() => ({ status: 500, body: { errors: [{ msg: 'Boom', errorCode: 500 }] } }));
    renderPage();
    expect(
      await screen.findByRole('heading', { name: 'Could not load the list' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});
