import type { AdminOrganization } from '@equip/domain/organizations';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, type FakeRoutes, installFakeApi, json } from '@/test/fake-api';
import { testUser } from '@/test/fixtures';
import { renderRoute } from '@/test/render';

const PATH = '/admin/organizations';
const me = testUser({
  role: 'equip-admin',
  email: 'admin@equip.example',
  firstName: 'Equip',
  lastName: 'Admin',
});

function organization(overrides: Partial<AdminOrganization>): AdminOrganization {
  return {
    uuid: crypto.randomUUID(),
    name: 'Acme GmbH',
    country: 'DE',
    timeZone: 'Europe/Berlin',
    workingDays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
    onboardingStep: 'finished',
    people: 1250,
    devices: 1410,
    createdAt: '2024-05-01T08:00:00.000Z',
    deactivatedAt: null,
    ...overrides,
  };
}

const acme = organization({});
const globex = organization({
  name: 'Globex Ltd',
  country: 'GB',
  timeZone: 'Europe/London',
  onboardingStep: 'registerDevices',
  people: 1,
  devices: 0,
});

/** A server that keeps its list: POST adds, PATCH renames, deactivate and reactivate change one. */
function server(initial: AdminOrganization[], overrides: FakeRoutes = {}) {
  let items = [...initial];
  const replace = (uuid: string, change: Partial<AdminOrganization>) => {
    items = items.map((item) => (item.uuid === uuid ? { ...item, ...change } : item));
    return json(
      200,
      items.find((item) => item.uuid === uuid),
    );
  };
  return installFakeApi({
    [`GET ${PATH}`]: () => json(200, { items, total: items.length }),
    [`POST ${PATH}`]: ({ body }) => {
      const request = body as { organization: Pick<AdminOrganization, 'name' | 'country' | 'timeZone'> };
      const created = organization({
        ...request.organization,
        people: 1,
        devices: 0,
        onboardingStep: 'registerDevices',
      });
      items = [...items, created];
      return json(201, created);
    },
    ...Object.fromEntries(
      initial.flatMap((item) => [
        [
          `PATCH ${PATH}/${item.uuid}`,
          ({ body }: { body: unknown }) => replace(item.uuid, body as { name: string }),
        ],
        [
          `POST ${PATH}/${item.uuid}/deactivate`,
          () => replace(item.uuid, { deactivatedAt: '2024-06-01T10:00:00.000Z' }),
        ],
        [`POST ${PATH}/${item.uuid}/reactivate`, () => replace(item.uuid, { deactivatedAt: null })],
      ]),
    ),
    'GET /organizations': () => json(200, { items: items.map(({ uuid, name }) => ({ uuid, name })) }),
    ...overrides,
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('organisations page', () => {
  it('lists the organisations with their status, country, people, devices and creation date', async () => {
    server([acme, globex]);
    renderRoute('/dashboard/settings/organizations', { user: me });
    expect(await screen.findByRole('heading', { level: 1, name: 'Organisations' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Organisations' });
    await within(table).findByText('Globex Ltd');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Status', 'Country', 'People', 'Devices', 'Created', 'Actions']);
    const [, acmeRow, globexRow] = within(table).getAllByRole('row');
    expect(acmeRow).toHaveTextContent('Active');
    expect(acmeRow).toHaveTextContent('Germany');
    expect(acmeRow).toHaveTextContent('1,250');
    expect(acmeRow).toHaveTextContent('1,410');
    expect(within(acmeRow!).getByText(/2024/)).toHaveAttribute('datetime', '2024-05-01T08:00:00.000Z');
    expect(globexRow).toHaveTextContent('Setting up');
    expect(globexRow).toHaveTextContent('United Kingdom');
    expect(within(globexRow!).getByRole('button', { name: 'Rename Globex Ltd' })).toBeInTheDocument();
    expect(within(globexRow!).getByRole('button', { name: 'Deactivate Globex Ltd' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Settings' });
    expect(within(nav).getByRole('link', { name: 'Organisations' })).toHaveAttribute('aria-current', 'page');
  });

  it('is where the issue’s address leads', async () => {
    server([acme]);
    const { router } = renderRoute('/dashboard/organizations?q=acme', { user: me });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/settings/organizations'));
    expect(router.state.location.search).toBe('?q=acme');
  });

  it('is nobody’s but provider admins’', async () => {
    server([acme]);
    renderRoute('/dashboard/settings/organizations', { user: testUser({ role: 'it-owner' }) });
    expect(await screen.findByRole('heading', { name: /page not found/i })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Organisations' })).not.toBeInTheDocument();
  });

  it('searches, filters by status and sorts on the server, with all of it in the address', async () => {
    const api = server([acme, globex]);
    const { user, router } = renderRoute('/dashboard/settings/organizations?status=deactivated', {
      user: me,
    });
    const table = await screen.findByRole('table', { name: 'Organisations' });
    const lastQuery = () => new URL(api.calls(`GET ${PATH}`).at(-1)!.url, 'http://localhost').searchParams;
    expect(lastQuery().getAll('status')).toEqual(['deactivated']);
    await user.type(screen.getByRole('searchbox', { name: 'Search organisations' }), 'glob');
    await waitFor(() => expect(lastQuery().get('textSearchQuery')).toBe('glob'));
    await user.click(within(table).getByRole('button', { name: /people/i }));
    await waitFor(() => expect(lastQuery().get('sortingKey')).toBe('people'));
    expect(router.state.location.search).toBe('?q=glob&status=deactivated&sort=people.asc');
  });

  it('creates an organisation: checked like the API, a taken email at the field, then invited', async () => {
    let attempt = 0;
    const api = server([acme], {
      [`POST ${PATH}`]: ({ body }) => {
        attempt += 1;
        if (attempt === 1)
          return json(409, {
            errors: [
              {
                msg: 'it@initech.example is already in use',
                errorType: 'EmailIsUsed',
                location: 'body',
                param: 'owner.email',
              },
            ],
          });
        const request = body as { organization: Pick<AdminOrganization, 'name'> };
        return json(201, organization({ name: request.organization.name, people: 1, devices: 0 }));
      },
    });
    const { user } = renderRoute('/dashboard/settings/organizations', { user: me });
    await user.click(await screen.findByRole('button', { name: 'Create organisation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create organisation' });
    const name = within(dialog).getByLabelText('Name');
    expect(name).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Create and invite' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription('Enter the organisation’s name'));
    expect(within(dialog).getByLabelText('Email')).toHaveAccessibleDescription(/valid email address/);

    await user.type(name, 'Initech');
    await user.selectOptions(within(dialog).getByLabelText('Country'), 'AT');
    await user.selectOptions(within(dialog).getByLabelText('Time zone'), 'Europe/Vienna');
    const days = within(dialog).getByRole('group', { name: 'Working days' });
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'])
      await user.click(within(days).getByRole('checkbox', { name: day }));
    await user.click(within(dialog).getByRole('button', { name: 'Create and invite' }));
    await waitFor(() => expect(days).toHaveAccessibleDescription('Choose at least one working day'));
    await user.click(within(days).getByRole('checkbox', { name: 'Saturday' }));
    await user.click(within(days).getByRole('checkbox', { name: 'Monday' }));
    await user.type(within(dialog).getByLabelText('First name'), 'Peter');
    await user.type(within(dialog).getByLabelText('Last name'), 'Gibbons');
    const email = within(dialog).getByLabelText('Email');
    await user.type(email, 'it@initech.example');
    expect(api.calls(`POST ${PATH}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Create and invite' }));
    await waitFor(() => expect(email).toHaveAccessibleDescription('it@initech.example is already in use'));
    expect(email).toHaveFocus();
    await user.clear(email);
    await user.type(email, 'peter@initech.example{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      await screen.findByText('Initech was created. An invitation is on its way to peter@initech.example.'),
    ).toBeInTheDocument();
    expect(api.calls(`POST ${PATH}`).at(-1)!.body).toEqual({
      organization: {
        name: 'Initech',
        country: 'AT',
        timeZone: 'Europe/Vienna',
        workingDays: ['monday', 'saturday'],
      },
      owner: { firstName: 'Peter', lastName: 'Gibbons', email: 'peter@initech.example' },
    });
    await waitFor(() => expect(api.calls(`GET ${PATH}`).length).toBeGreaterThan(1));
  });

  it('renames one, and deactivates and reactivates one after asking', async () => {
    const api = server([acme, globex]);
    const { user } = renderRoute('/dashboard/settings/organizations', { user: me });
    await user.click(await screen.findByRole('button', { name: 'Rename Acme GmbH' }));
    const rename = await screen.findByRole('dialog', { name: 'Rename Acme GmbH' });
    const field = within(rename).getByLabelText('Name');
    await user.clear(field);
    await user.click(within(rename).getByRole('button', { name: 'Rename' }));
    expect(field).toHaveAccessibleDescription('Enter the organisation’s name');
    await user.type(field, 'Acme AG{Enter}');
    expect(await screen.findByText('The organisation is now called Acme AG.')).toBeInTheDocument();
    expect(api.calls(`PATCH ${PATH}/${acme.uuid}`).map((call) => call.body)).toEqual([{ name: 'Acme AG' }]);

    await user.click(await screen.findByRole('button', { name: 'Deactivate Globex Ltd' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Deactivate Globex Ltd?' });
    expect(confirm).toHaveAccessibleDescription(/sessions end at once/);
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    expect(
      await screen.findByText('Globex Ltd was deactivated. Its people can no longer sign in.'),
    ).toBeInTheDocument();
    const row = (await screen.findByRole('button', { name: 'Reactivate Globex Ltd' })).closest('tr')!;
    expect(row).toHaveTextContent('Deactivated');
    await user.click(within(row).getByRole('button', { name: 'Reactivate Globex Ltd' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Reactivate Globex Ltd?' })).getByRole('button', {
        name: 'Reactivate',
      }),
    );
    expect(
      await screen.findByText('Globex Ltd was reactivated. Its people can sign in again.'),
    ).toBeInTheDocument();
    expect(api.calls(`POST ${PATH}/${globex.uuid}/deactivate`)).toHaveLength(1);
    expect(api.calls(`POST ${PATH}/${globex.uuid}/reactivate`)).toHaveLength(1);
  });

  it('shows the empty state with a way to create the first one, and an error with a way to try again', async () => {
    let fail = true;
    installFakeApi({
      [`GET ${PATH}`]: () =>
        fail ? apiError(500, 'Internal error', 'InternalServerError') : json(200, { items: [], total: 0 }),
      'GET /organizations': () => json(200, { items: [] }),
    });
    const { user } = renderRoute('/dashboard/settings/organizations', { user: me });
    expect(await screen.findByText('The organisations could not be loaded')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No organisations yet')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Organisations' });
    await user.click(within(table).getByRole('button', { name: 'Create organisation' }));
    expect(await screen.findByRole('dialog', { name: 'Create organisation' })).toBeInTheDocument();
  });
});
