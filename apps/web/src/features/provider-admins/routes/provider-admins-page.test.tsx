import type { ProviderAdmin } from '@equip/domain/provider-admins';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, type FakeRoutes, installFakeApi, json, noContent } from '@/test/fake-api';
import { testUser } from '@/test/fixtures';
import { renderRoute } from '@/test/render';

const PATH = '/admin/provider-admins';
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
function server(initial: ProviderAdmin[], overrides: FakeRoutes = {}) {
  let items = [...initial];
  return installFakeApi({
    [`GET ${PATH}`]: () => json(200, { items, total: items.length }),
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
    renderRoute('/dashboard/settings/provider-admins', { user: me });
    expect(await screen.findByRole('heading', { level: 1, name: 'Provider admins' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Provider admins' });
    await within(table).findByText('grace@equip.example');
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

    const nav = screen.getByRole('navigation', { name: 'Settings' });
    expect(within(nav).getByRole('link', { name: 'Provider admins' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Sent mail' })).toBeInTheDocument();
  });

  it('searches, filters by status, sorts and pages on the server, with all of it in the address', async () => {
    const api = server([self, grace]);
    const { user, router } = renderRoute('/dashboard/settings/provider-admins?status=invited&page=1', {
      user: me,
    });
    const table = await screen.findByRole('table', { name: 'Provider admins' });
    const lastQuery = () => new URL(api.calls(`GET ${PATH}`).at(-1)!.url, 'http://localhost').searchParams;
    expect(lastQuery().getAll('status')).toEqual(['invited']);
    expect(lastQuery().get('take')).toBe('25');
    expect(lastQuery().get('skip')).toBe('0');
    await user.type(screen.getByRole('searchbox', { name: 'Search provider admins' }), 'grace');
    await waitFor(() => expect(lastQuery().get('textSearchQuery')).toBe('grace'));
    expect(router.state.location.search).toBe('?q=grace&status=invited');
    await user.click(within(table).getByRole('button', { name: /email/i }));
    await waitFor(() => expect(lastQuery().get('sortingKey')).toBe('email'));
    expect(lastQuery().get('sortingDirection')).toBe('asc');
    expect(router.state.location.search).toBe('?q=grace&status=invited&sort=email.asc');
    await user.click(screen.getByRole('button', { name: 'Reset filters' }));
    expect(router.state.location.search).toBe('?sort=email.asc');
  });

  it('warns of emails several accounts share, naming the accounts and their organisations', async () => {
    server([self], {
      'GET /admin/email-conflicts': () =>
        json(200, {
          items: [
            {
              email: 'sam@shared.example',
              accounts: [
                {
                  uuid: crypto.randomUUID(),
                  email: 'sam@shared.example',
                  firstName: 'Sam',
                  lastName: 'One',
                  organizationUuid: crypto.randomUUID(),
                  organizationName: 'Acme GmbH',
                },
                {
                  uuid: crypto.randomUUID(),
                  email: 'SAM@shared.example',
                  firstName: 'Sam',
                  lastName: 'Two',
                  organizationUuid: crypto.randomUUID(),
                  organizationName: 'Globex Ltd',
                },
              ],
            },
          ],
        }),
    });
    renderRoute('/dashboard/settings/provider-admins', { user: me });
    expect(await screen.findByText('1 email belongs to several accounts')).toBeInTheDocument();
    expect(await screen.findByText('sam@shared.example')).toBeInTheDocument();
    expect(screen.getByText('Sam One · Acme GmbH')).toBeInTheDocument();
    expect(screen.getByText('Sam Two · Globex Ltd')).toBeInTheDocument();
  });

  it('shows no warning while no email is shared', async () => {
    server([self], { 'GET /admin/email-conflicts': () => json(200, { items: [] }) });
    renderRoute('/dashboard/settings/provider-admins', { user: me });
    await screen.findByRole('table', { name: 'Provider admins' });
    expect(screen.queryByText(/belongs? to several accounts/)).not.toBeInTheDocument();
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
                msg: 'grace@equip.example is already in use',
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
    const { user } = renderRoute('/dashboard/settings/provider-admins', { user: me });
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
    await waitFor(() => expect(email).toHaveAccessibleDescription('grace@equip.example is already in use'));
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
    const { user } = renderRoute('/dashboard/settings/provider-admins', { user: me });
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
    installFakeApi({
      [`GET ${PATH}`]: () =>
        fail
          ? apiError(500, 'Internal error', 'InternalServerError')
          : json(200, { items: [self], total: 1 }),
    });
    const { user } = renderRoute('/dashboard/settings/provider-admins', { user: me });
    expect(await screen.findByText('Loading provider admins')).toHaveAttribute('role', 'status');
    expect(
      await screen.findByRole(
        'heading',
        { name: 'The provider admins could not be loaded' },
        { timeout: 3000 },
      ),
    ).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    const table = screen.getByRole('table', { name: 'Provider admins' });
    expect(await within(table).findByText('Equip Admin')).toBeInTheDocument();
  });

  it('has an empty state, and one for filters that match nobody', async () => {
    server([]);
    const first = renderRoute('/dashboard/settings/provider-admins', { user: me });
    expect(await screen.findByRole('heading', { name: 'No provider admins yet' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add provider admin' })).toBeInTheDocument();
    first.unmount();
    renderRoute('/dashboard/settings/provider-admins?q=nobody', { user: me });
    expect(
      await screen.findByRole('heading', { name: 'No provider admins match these filters' }),
    ).toBeInTheDocument();
  });

  it('is only for provider admins: an IT owner finds neither the page nor the link', async () => {
    const api = server([self]);
    renderRoute('/dashboard/settings/provider-admins');
    expect(await screen.findByRole('heading', { name: /not found/i })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: 'Provider admins' })).not.toBeInTheDocument();
    expect(api.calls(`GET ${PATH}`)).toHaveLength(0);
  });
});
