import type { ProviderAdmin } from '@equip/domain/provider-admins';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testUser } from '@/test/fixtures';
import { apiError, json, mockApi, noContent } from '@/test/mock-api';
import { renderRoute } from '@/test/render';

const PATH = '/api/admin/provider-admins';
const me = testUser({
  role: 'equip-admin',
  accountUuid: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  email: 'admin@equip.example',
  firstName: 'Equip',
  lastName: 'Admin',
});

function admin(overrides: Partial<ProviderAdmin>): ProviderAdmin {
  return {
    uuid: crypto.randomUUID(),
    email: 'someone@equip.example',
    firstName: 'Some',
    lastName: 'One',
    invitedAt: null,
    hasPassword: true,
    createdAt: '2024-05-01T08:00:00.000Z',
    ...overrides,
  };
}

const self = admin({ uuid: me.accountUuid, email: me.email, firstName: 'Equip', lastName: 'Admin' });
const grace = admin({
  email: 'grace@equip.example',
  firstName: 'Grace',
  lastName: 'Hopper',
  invitedAt: '2024-06-03T09:30:00.000Z',
  hasPassword: false,
});

/** A server that keeps its list: POST adds an invited admin, DELETE removes one. */
function server(initial: ProviderAdmin[], overrides: Parameters<typeof mockApi>[0] = {}) {
  let items = [...initial];
  return mockApi({
    [`GET ${PATH}`]: () => json(200, { items }),
    [`POST ${PATH}`]: ({ body }) => {
      const created = admin({
        ...(body as Pick<ProviderAdmin, 'email' | 'firstName' | 'lastName'>),
        hasPassword: false,
        invitedAt: '2024-06-10T10:00:00.000Z',
      });
      items = [...items, created];
      return json(201, created);
    },
    ...Object.fromEntries(
      items.map((item) => [
        `DELETE ${PATH}/${item.uuid}`,
        () => {
          items = items.filter((other) => other.uuid !== item.uuid);
          return noContent();
        },
      ]),
    ),
    ...overrides,
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('provider admins page', () => {
  it('lists the provider admins with their status and invitation date; yourself cannot be disabled', async () => {
    server([self, grace]);
    renderRoute('/dashboard/provider-admins', { user: me });
    expect(await screen.findByRole('heading', { level: 1, name: 'Provider admins' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Provider admins' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Email', 'Status', 'Invited', 'Actions']);
    const [, selfRow, graceRow] = within(table).getAllByRole('row');
    expect(selfRow).toHaveTextContent('Equip Admin');
    expect(within(selfRow!).getByText('You')).toBeInTheDocument();
    expect(within(selfRow!).getByText('Active')).toBeInTheDocument();
    expect(within(selfRow!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(graceRow!).getByText('grace@equip.example')).toBeInTheDocument();
    expect(within(graceRow!).getByText('Invited')).toBeInTheDocument();
    expect(within(graceRow!).getByText(/2024/)).toHaveAttribute('datetime', '2024-06-03T09:30:00.000Z');
    expect(within(graceRow!).getByRole('button', { name: 'Disable Grace Hopper' })).toBeInTheDocument();

    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Provider admins' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Sent mail' })).toBeInTheDocument();
  });

  it('adds a provider admin: checked like the API, a taken email at the field, then invited', async () => {
    let attempt = 0;
    const api = server([self], {
      [`POST ${PATH}`]: ({ body }) => {
        attempt += 1;
        if (attempt === 1) {
          return json(409, {
            errors: [
              {
                msg: 'grace@equip.example is already a provider admin',
                errorType: 'EmailIsUsed',
                location: 'body',
                param: 'email',
              },
            ],
          });
        }
        return json(
          201,
          admin({ ...(body as object), hasPassword: false, invitedAt: '2024-06-10T10:00:00.000Z' }),
        );
      },
    });
    const { user } = renderRoute('/dashboard/provider-admins', { user: me });
    const add = await screen.findByRole('button', { name: 'Add provider admin' });
    await user.click(add);
    const dialog = await screen.findByRole('dialog', { name: 'Add provider admin' });
    expect(dialog).toHaveAccessibleDescription(/email them a link to set their password/);
    const firstName = within(dialog).getByLabelText('First name');
    expect(firstName).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Add and invite' }));
    await waitFor(() => expect(firstName).toHaveAccessibleDescription('Enter a first name'));
    expect(within(dialog).getByLabelText('Last name')).toHaveAccessibleDescription('Enter a last name');
    const email = within(dialog).getByLabelText('Email');
    expect(email).toHaveAccessibleDescription('Enter an email address');
    expect(firstName).toHaveFocus();

    await user.type(firstName, 'Grace');
    await user.type(within(dialog).getByLabelText('Last name'), 'Hopper');
    await user.type(email, 'grace@');
    await user.click(within(dialog).getByRole('button', { name: 'Add and invite' }));
    await waitFor(() => expect(email).toHaveAccessibleDescription(/valid email address/));
    expect(api.calls(`POST ${PATH}`)).toHaveLength(0);

    await user.type(email, 'equip.example');
    await user.click(within(dialog).getByRole('button', { name: 'Add and invite' }));
    await waitFor(() =>
      expect(email).toHaveAccessibleDescription('grace@equip.example is already a provider admin'),
    );
    expect(email).toHaveFocus();

    await user.clear(email);
    await user.type(email, 'grace.hopper@equip.example{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      await screen.findByText(/An invitation is on its way to grace\.hopper@equip\.example/),
    ).toBeInTheDocument();
    expect(api.calls(`POST ${PATH}`).map((call) => call.body)).toEqual([
      { firstName: 'Grace', lastName: 'Hopper', email: 'grace@equip.example' },
      { firstName: 'Grace', lastName: 'Hopper', email: 'grace.hopper@equip.example' },
    ]);
    await waitFor(() => expect(api.calls(`GET ${PATH}`).length).toBeGreaterThan(1));
  });

  it('disables someone after asking, and shows a refusal in the dialog', async () => {
    const ada = admin({ email: 'ada@equip.example', firstName: 'Ada', lastName: 'Byron' });
    const api = server([self, grace, ada], {
      [`DELETE ${PATH}/${ada.uuid}`]: () =>
        apiError(409, 'The installation needs at least one provider admin', 'Conflict'),
    });
    const { user } = renderRoute('/dashboard/provider-admins', { user: me });
    await user.click(await screen.findByRole('button', { name: 'Disable Grace Hopper' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Disable Grace Hopper?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(api.calls(`DELETE ${PATH}/${grace.uuid}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Disable Grace Hopper' })).not.toBeInTheDocument(),
    );
    expect(
      await screen.findByText('Grace Hopper was disabled and can no longer sign in.'),
    ).toBeInTheDocument();
    expect(api.calls(`DELETE ${PATH}/${grace.uuid}`)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Disable Ada Byron' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Disable Ada Byron?' });
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The installation needs at least one provider admin',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Disable Ada Byron' })).toBeInTheDocument();
  });

  it('shows the loading state, then an error with a way to try again', async () => {
    let fail = true;
    mockApi({
      [`GET ${PATH}`]: () =>
        fail ? apiError(500, 'Internal error', 'InternalServerError') : json(200, { items: [self] }),
    });
    const { user } = renderRoute('/dashboard/provider-admins', { user: me });
    expect(await screen.findByText('Loading provider admins')).toHaveAttribute('role', 'status');
    expect(await screen.findByRole('alert', {}, { timeout: 3000 })).toHaveTextContent(
      'The provider admins could not be loaded',
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Provider admins' })).toBeInTheDocument();
  });

  it('has an empty state that offers to add someone', async () => {
    server([]);
    renderRoute('/dashboard/provider-admins', { user: me });
    expect(await screen.findByRole('heading', { name: 'No provider admins yet' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add provider admin' })).toBeInTheDocument();
  });

  it('is only for provider admins: an IT owner finds neither the page nor the link', async () => {
    const api = server([self]);
    renderRoute('/dashboard/provider-admins');
    expect(await screen.findByRole('heading', { name: /not found/i })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: 'Provider admins' })).not.toBeInTheDocument();
    expect(api.calls(`GET ${PATH}`)).toHaveLength(0);
  });
});
