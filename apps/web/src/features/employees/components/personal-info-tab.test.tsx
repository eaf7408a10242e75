import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testUser } from '@/test/fixtures';
import { installFakeApi, makeEmployee, renderWithApp } from '../test/harness';
import { PersonalInfoTab } from './personal-info-tab';

const employee = makeEmployee({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@acme.example' });
const owner = testUser({ accountUuid: '33333333-3333-4333-8333-333333333333' });

function renderTab(person = employee, user = owner) {
  return renderWithApp([{ path: '/', element: <PersonalInfoTab employee={person} /> }], '/', { user });
}

describe('personal information tab', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('validates like the API and shows EmailIsUsed from the server at the email field', async () => {
    const api = installFakeApi((request) =>
      request.method === 'PATCH'
        ? {
            status: 409,
            body: {
              errors: [
                { msg: 'grace@acme.example is already used', errorType: 'EmailIsUsed', param: 'email' },
              ],
            },
          }
        : undefined,
    );
    const { user } = renderTab();
    const save = screen.getByRole('button', { name: 'Save changes' });
    expect(save).toBeDisabled();

    await user.clear(screen.getByLabelText('First name'));
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2026-05-02' } });
    fireEvent.change(screen.getByLabelText('Last day'), { target: { value: '2026-05-01' } });
    await user.click(save);
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);

    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.click(save);
    expect(await screen.findByText('Start date must not be after end date')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Last day'), { target: { value: '' } });
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'grace@acme.example');
    await user.click(save);
    await waitFor(() =>
      expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
        'grace@acme.example is already used',
      ),
    );
    expect(api.requests[0]?.body).toMatchObject({
      firstName: 'Ada',
      email: 'grace@acme.example',
      lastDate: null,
    });
  });

  it('offers only the roles an IT owner may grant, and sends the role only when it changes', async () => {
    const api = installFakeApi((request) =>
      request.method === 'PATCH' ? { body: { ...employee, ...(request.body as object) } } : undefined,
    );
    const { user } = renderTab();
    const role = screen.getByLabelText('Role');
    expect(role).toHaveValue('regular');
    expect(role).toBeEnabled();
    expect(
      within(role)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Employee', 'IT owner']);
    expect(within(role).queryByRole('option', { name: 'Equip admin' })).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Department'), ' Ops');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.requests).toHaveLength(1));
    expect(api.requests[0]?.body).not.toHaveProperty('role');

    await user.selectOptions(role, 'it-owner');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.requests).toHaveLength(2));
    expect(api.requests[1]?.body).toMatchObject({ role: 'it-owner' });
  });

  it('shows a refused role change at the role', async () => {
    installFakeApi((request) =>
      request.method === 'PATCH'
        ? {
            status: 409,
            body: { errors: [{ msg: 'The organisation needs at least one IT owner', param: 'role' }] },
          }
        : undefined,
    );
    const { user } = renderTab(makeEmployee({ role: 'it-owner' }));
    const role = screen.getByLabelText('Role');
    await user.selectOptions(role, 'regular');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(role).toHaveAccessibleDescription(/The organisation needs at least one IT owner/),
    );
  });

  it('does not let an IT owner change their own role or delete themselves, and says why', async () => {
    const me = makeEmployee({ uuid: owner.accountUuid, role: 'it-owner' });
    const api = installFakeApi((request) =>
      request.method === 'PATCH' ? { body: { ...me, ...(request.body as object) } } : undefined,
    );
    const { user } = renderTab(me);
    const role = screen.getByLabelText('Role');
    expect(role).toHaveValue('it-owner');
    expect(role).toBeDisabled();
    expect(role).toHaveAccessibleDescription('You can’t change your own role. Ask another IT owner.');
    const remove = screen.getByRole('button', { name: 'Delete' });
    expect(remove).toBeDisabled();
    expect(remove).toHaveAccessibleDescription('You can’t delete your own account. Another IT owner can.');

    // The rest of one's own details can still be saved; the role is not sent.
    await user.type(screen.getByLabelText('Position'), 'CTO');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.requests).toHaveLength(1));
    expect(api.requests[0]?.body).toMatchObject({ position: 'CTO' });
    expect(api.requests[0]?.body).not.toHaveProperty('role');
  });

  it('deletes after confirmation', async () => {
    const api = installFakeApi((request) => (request.method === 'DELETE' ? { status: 204 } : undefined));
    const { user } = renderTab();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByRole('alertdialog', { name: 'Delete Ada Lovelace?' })).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Delete employee' }));
    expect(await screen.findByText('Ada Lovelace was deleted')).toBeInTheDocument();
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`DELETE /employees/${employee.uuid}`]);
  });
});
