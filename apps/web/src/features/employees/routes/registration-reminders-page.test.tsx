import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { selectEmailReminders } from '../organization-setup-slice';
import { installFakeApi, renderWithApp } from '../test/harness';
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

describe('device registration reminders', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists people without a device; views, sorting, selection and "Send reminder"', async () => {
    const api = installFakeApi((request) => {
      if (request.path !== '/organization-setup/registration-reminders') return undefined;
      if (request.method === 'GET') return { body: { items: PEOPLE } };
      return { body: { sent: (request.body as { userUuids: string[] }).userUuids.length } };
    });
    const { user, store } = renderWithApp([{ path: '/', element: <RegistrationRemindersPage /> }], '/');
    const table = await screen.findByRole('table', { name: 'People without a registered device' });
    await within(table).findByText('Cleo Adams');
    const names = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => (row as HTMLTableRowElement).cells[1]?.textContent);
    expect(names()).toEqual(['Cleo Adams', 'Ben Young', 'Ava Miller']);

    await user.click(within(table).getByRole('button', { name: /name/i }));
    expect(names()).toEqual(['Cleo Adams', 'Ava Miller', 'Ben Young']);
    expect(selectEmailReminders(store.getState())).toMatchObject({
      sortingKey: 'name',
      sortingDirection: 'asc',
    });

    await user.click(screen.getByRole('button', { name: /^Active/ }));
    expect(names()).toEqual(['Cleo Adams', 'Ava Miller']);
    expect(selectEmailReminders(store.getState()).currentViewName).toBe('active');

    await user.click(screen.getByRole('checkbox', { name: 'Select everyone listed' }));
    expect(screen.getByRole('checkbox', { name: 'Deselect everyone listed' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Select Ava Miller' }));
    expect(screen.getByRole('checkbox', { name: 'Select everyone listed' })).toBePartiallyChecked();

    await user.click(screen.getByRole('button', { name: 'Send reminder to 1 person' }));
    expect(await screen.findByText('Reminders sent to 1 person')).toBeInTheDocument();
    const post = api.requests.find((r) => r.method === 'POST');
    expect(post?.body).toEqual({ userUuids: [PEOPLE[0]!.uuid] });
    await waitFor(() => expect(selectEmailReminders(store.getState()).selectedEmployeeUuids).toEqual([]));
  });
});
