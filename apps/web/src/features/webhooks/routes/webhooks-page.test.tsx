import type { WebhookDelivery, WebhookEndpoint } from '@equip/domain/webhooks';
import { screen, waitFor, within } from '@testing-library/react';
import { type UserEvent, userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '@/lib/i18n/i18n';
import { type FakeRequest, installFakeApi } from '@/test/fake-api';
import { testUser } from '@/test/fixtures';
import { renderWithApp } from '@/test/render';
import { WebhooksPage } from './webhooks-page';

const ENDPOINT: WebhookEndpoint = {
  uuid: '7f2b8a52-3c1d-4e5f-9a6b-0c1d2e3f4a5b',
  url: 'https://hr.example.com/hooks/equip',
  description: 'HR system',
  eventTypes: ['employee.created', 'employee.updated'],
  enabled: true,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

const DELIVERY: WebhookDelivery = {
  uuid: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  messageId: 'msg_0a1b2c3d4e5f4a6b8c7d9e0f1a2b3c4d',
  eventType: 'employee.created',
  status: 'failed',
  attempts: 8,
  lastStatusCode: 503,
  lastDurationMs: 1234,
  lastError: 'The endpoint answered 503',
  responseExcerpt: 'unavailable',
  nextAttemptAt: null,
  lastAttemptAt: '2026-11-21T09:30:00.000Z',
  createdAt: '2026-11-20T09:30:00.000Z',
};

function renderPage(search = '') {
  return renderWithApp(
    [{ path: '/dashboard/account/webhooks', element: <WebhooksPage /> }],
    `/dashboard/account/webhooks${search}`,
    {
      user: testUser({ role: 'it-owner' }),
    },
  );
}

/** A fake of the webhooks API over a list of endpoints. */
function webhooksApi(endpoints: WebhookEndpoint[], deliveries: WebhookDelivery[] = []) {
  return (request: FakeRequest) => {
    const { method, path } = request;
    if (method === 'GET' && path === '/webhooks') return { body: { items: endpoints } };
    if (method === 'POST' && path === '/webhooks') {
      const body = request.body as {
        url: string;
        description: string;
        eventTypes: WebhookEndpoint['eventTypes'];
      };
      const created = { ...ENDPOINT, uuid: crypto.randomUUID(), ...body };
      endpoints.push(created);
      return { status: 201, body: { ...created, secret: 'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0IQ==' } };
    }
    const one = path.match(/^\/webhooks\/([^/]+)(\/.*)?$/);
    const endpoint = endpoints.find((e) => e.uuid === one?.[1]);
    if (!endpoint) return undefined;
    const rest = one?.[2] ?? '';
    if (method === 'PATCH' && rest === '') {
      Object.assign(endpoint, request.body);
      return { body: endpoint };
    }
    if (method === 'DELETE' && rest === '') {
      endpoints.splice(endpoints.indexOf(endpoint), 1);
      return { status: 204 };
    }
    if (method === 'POST' && rest === '/secret')
      return { body: { ...endpoint, secret: 'whsec_bmV3LW5ldy1uZXctbmV3LW5ldy1uZXctbmV3IQ==' } };
    if (method === 'GET' && rest === '/deliveries')
      return { body: { items: deliveries, total: deliveries.length } };
    if (method === 'POST' && rest === '/test')
      return { status: 202, body: { ...DELIVERY, eventType: 'webhook.test', status: 'pending' } };
    if (method === 'POST' && rest.endsWith('/redeliver'))
      return { status: 202, body: { ...DELIVERY, status: 'pending' } };
    return undefined;
  };
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await activateLocale('en', 'Europe/Berlin');
});

describe('webhooks page', () => {
  it('adds an endpoint with grouped event types and shows its secret once, with a copy button', async () => {
    const api = installFakeApi(webhooksApi([]));
    const { user } = renderPage();
    expect(await screen.findByRole('heading', { name: 'No webhook endpoints yet' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add webhook endpoint' });
    await user.type(within(dialog).getByRole('textbox', { name: 'URL' }), 'https://crm.example.com/in');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'CRM');
    // Nothing picked: said at the event types, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(dialog).findByText('Pick at least one event type.')).toBeInTheDocument();
    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    const devices = within(dialog).getByRole('group', { name: 'Devices' });
    await user.click(within(devices).getByRole('checkbox', { name: /device\.enrolled/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /employee\.imported/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    const secret = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(within(secret).getByText(/shown only this once/)).toBeInTheDocument();
    expect(within(secret).getByRole('textbox', { name: 'Secret' })).toHaveValue(
      'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0IQ==',
    );
    await user.click(within(secret).getByRole('button', { name: 'Copy' }));
    // user-event's clipboard stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe('whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0IQ==');
    expect(within(secret).getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({
      url: 'https://crm.example.com/in',
      description: 'CRM',
      eventTypes: ['device.enrolled', 'employee.imported'],
    });
    await user.click(within(secret).getByRole('button', { name: 'Done' }));
    const ask = await screen.findByRole('alertdialog', { name: 'You will not see this secret again' });
    await user.click(within(ask).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('https://crm.example.com/in')).toBeInTheDocument();
  });

  it('shows what the server refused at the URL field', async () => {
    installFakeApi((request) =>
      request.method === 'POST'
        ? {
            status: 400,
            body: {
              errors: [
                {
                  msg: 'The webhook URL cannot be used: 10.0.0.1 is a private, loopback or link-local address',
                  param: 'url',
                  location: 'body',
                },
              ],
            },
          }
        : webhooksApi([])(request),
    );
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add webhook endpoint' });
    await user.type(within(dialog).getByRole('textbox', { name: 'URL' }), 'https://10.0.0.1/in');
    await user.click(within(dialog).getByRole('checkbox', { name: /security\.alert/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'URL' })).toHaveAccessibleDescription(
        /private, loopback/,
      ),
    );
  });

  it("lists an endpoint's deliveries with status code, duration and attempts; redelivers and sends a test event", async () => {
    const api = installFakeApi(webhooksApi([{ ...ENDPOINT }], [DELIVERY]));
    const { user } = renderPage();
    const card = (await screen.findByText(ENDPOINT.url)).closest('li')!;
    expect(within(card).getByText('HR system')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Deliveries' }));
    const table = await within(card).findByRole('table', { name: `Deliveries to ${ENDPOINT.url}` });
    const row = (await within(table).findByText('employee.created')).closest('tr')!;
    expect(within(row).getByText('Failed')).toBeInTheDocument();
    expect(within(row).getByText('503')).toBeInTheDocument();
    expect(within(row).getByText('1,234 ms')).toBeInTheDocument();
    expect(within(row).getByText('8')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: /Redeliver employee\.created/ }));
    await waitFor(() =>
      expect(
        api.requests.some(
          (r) => r.method === 'POST' && r.path.endsWith(`/deliveries/${DELIVERY.uuid}/redeliver`),
        ),
      ).toBe(true),
    );
    await user.click(within(card).getByRole('button', { name: 'Send test event' }));
    expect(await screen.findByText('Test event sent.')).toBeInTheDocument();
    expect(
      api.requests.some((r) => r.method === 'POST' && r.path === `/webhooks/${ENDPOINT.uuid}/test`),
    ).toBe(true);
  });

  it('keeps the open deliveries, their status filter, sorting and page in the address; the server filters and sorts', async () => {
    const OTHER: WebhookEndpoint = {
      ...ENDPOINT,
      uuid: crypto.randomUUID(),
      url: 'https://crm.example.com/in',
    };
    const api = installFakeApi(webhooksApi([{ ...ENDPOINT }, OTHER], [DELIVERY]));
    const { user, router } = renderPage(`?deliveries=${ENDPOINT.uuid}&status=failed`);
    const card = (await screen.findByText(ENDPOINT.url)).closest('li')!;
    const table = await within(card).findByRole('table', { name: `Deliveries to ${ENDPOINT.url}` });
    await within(table).findByText('employee.created');
    const deliveryQueries = () =>
      api.requests.filter((r) => r.method === 'GET' && r.path === `/webhooks/${ENDPOINT.uuid}/deliveries`);
    expect(Object.fromEntries(deliveryQueries()[0]!.query)).toEqual({
      status: 'failed',
      skip: '0',
      take: '10',
    });
    await user.click(within(table).getByRole('button', { name: /time/i }));
    await waitFor(() =>
      expect(Object.fromEntries(deliveryQueries().at(-1)!.query)).toMatchObject({
        sortingKey: 'createdAt',
        sortingDirection: 'asc',
      }),
    );
    expect(router.state.location.search).toBe(
      `?deliveries=${ENDPOINT.uuid}&status=failed&sort=createdAt.asc`,
    );
    // Clearing the status keeps the deliveries open.
    await user.click(within(card).getByRole('button', { name: 'Reset filters' }));
    expect(router.state.location.search).toBe(`?deliveries=${ENDPOINT.uuid}&sort=createdAt.asc`);
    // Another endpoint's deliveries replace these, without their filters.
    const other = screen.getByText(OTHER.url).closest('li')!;
    await user.click(within(other).getByRole('button', { name: 'Deliveries' }));
    expect(router.state.location.search).toBe(`?deliveries=${OTHER.uuid}&sort=createdAt.asc`);
    expect(
      await within(other).findByRole('table', { name: `Deliveries to ${OTHER.url}` }),
    ).toBeInTheDocument();
    expect(within(card).queryByRole('table')).not.toBeInTheDocument();
    await user.click(within(other).getByRole('button', { name: 'Deliveries' }));
    expect(router.state.location.search).toBe('?sort=createdAt.asc');
  });

  it('disables, rotates the secret and deletes only after confirming', async () => {
    const api = installFakeApi(webhooksApi([{ ...ENDPOINT }]));
    const { user } = renderPage();
    const card = (await screen.findByText(ENDPOINT.url)).closest('li')!;
    await user.click(within(card).getByRole('button', { name: 'Disable' }));
    expect(await within(card).findByText('Disabled')).toBeInTheDocument();
    expect(api.requests.find((r) => r.method === 'PATCH')?.body).toEqual({ enabled: false });

    // Rotating waits for a confirmation: cancelled, nothing is sent.
    const rotations = () => api.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/secret'));
    await user.click(within(card).getByRole('button', { name: 'Rotate secret' }));
    const cancelled = await screen.findByRole('alertdialog', { name: 'Rotate the signing secret?' });
    expect(cancelled).toHaveTextContent('The current secret stops working at once');
    await user.click(within(cancelled).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(rotations()).toHaveLength(0);
    await user.click(within(card).getByRole('button', { name: 'Rotate secret' }));
    const rotate = await screen.findByRole('alertdialog', { name: 'Rotate the signing secret?' });
    await user.click(within(rotate).getByRole('button', { name: 'Rotate secret' }));
    const secret = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(rotations()).toHaveLength(1);
    expect(within(secret).getByRole('textbox', { name: 'Secret' })).toHaveValue(
      'whsec_bmV3LW5ldy1uZXctbmV3LW5ldy1uZXctbmV3IQ==',
    );
    await user.click(within(secret).getByRole('button', { name: 'Done' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this endpoint?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.requests.some((r) => r.method === 'DELETE')).toBe(false);
    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete endpoint' }),
    );
    expect(await screen.findByRole('heading', { name: 'No webhook endpoints yet' })).toBeInTheDocument();
    expect(api.requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
  });

  it('edits the URL, description, event types and enabled, sending only what changed', async () => {
    const api = installFakeApi(webhooksApi([{ ...ENDPOINT }]));
    const { user } = renderPage();
    const card = (await screen.findByText(ENDPOINT.url)).closest('li')!;
    await user.click(within(card).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit webhook endpoint' });
    // It opens with the endpoint as it is.
    const url = within(dialog).getByRole('textbox', { name: 'URL' });
    expect(url).toHaveValue(ENDPOINT.url);
    expect(within(dialog).getByRole('textbox', { name: 'Description' })).toHaveValue('HR system');
    expect(within(dialog).getByRole('checkbox', { name: /employee\.created/ })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: /employee\.updated/ })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: /device\.enrolled/ })).not.toBeChecked();
    const enabled = within(dialog).getByRole('checkbox', { name: /^Enabled/ });
    expect(enabled).toBeChecked();

    // No event type left: said at the event types, nothing sent.
    await user.click(within(dialog).getByRole('checkbox', { name: /employee\.created/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /employee\.updated/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Pick at least one event type.')).toBeInTheDocument();
    expect(api.requests.filter((r) => r.method === 'PATCH')).toHaveLength(0);

    await user.click(within(dialog).getByRole('checkbox', { name: /employee\.updated/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /device\.enrolled/ }));
    await user.clear(url);
    await user.type(url, 'https://hr.example.com/hooks/v2');
    await user.click(enabled);
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Endpoint saved.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The description did not change, so it is not sent.
    expect(api.requests.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([
      {
        url: 'https://hr.example.com/hooks/v2',
        eventTypes: ['employee.updated', 'device.enrolled'],
        enabled: false,
      },
    ]);
    expect(await screen.findByText('https://hr.example.com/hooks/v2')).toBeInTheDocument();
    expect(within(card).getByText('Disabled')).toBeInTheDocument();
    expect(within(card).getByRole('list', { name: 'Event types' })).toHaveTextContent(
      'employee.updateddevice.enrolled',
    );
  });

  it('shows a URL the server refuses at the field when editing, and keeps the dialog open', async () => {
    installFakeApi((request) =>
      request.method === 'PATCH'
        ? {
            status: 400,
            body: {
              errors: [
                {
                  msg: 'The webhook URL cannot be used: 169.254.169.254 is a private, loopback or link-local address',
                  param: 'url',
                  location: 'body',
                },
              ],
            },
          }
        : webhooksApi([{ ...ENDPOINT }])(request),
    );
    const { user } = renderPage();
    const card = (await screen.findByText(ENDPOINT.url)).closest('li')!;
    await user.click(within(card).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit webhook endpoint' });
    const url = within(dialog).getByRole('textbox', { name: 'URL' });
    await user.clear(url);
    await user.type(url, 'https://169.254.169.254/latest');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(url).toHaveAccessibleDescription(/private, loopback/));
    expect(screen.getByRole('dialog', { name: 'Edit webhook endpoint' })).toBeInTheDocument();
    expect(within(card).getByText(ENDPOINT.url)).toBeInTheDocument();
  });

  it.each([
    ['the Escape key', async (user: UserEvent) => user.keyboard('{Escape}')],
    [
      'a click outside',
      // Radix makes the page behind a modal dialog inert (pointer-events: none); the click lands there.
      async () =>
        userEvent.setup({ pointerEventsCheck: 0 }).pointer({ keys: '[MouseLeft]', target: document.body }),
    ],
    ['Done', async (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Done' }))],
  ])('asks before the shown-once secret closes by %s', async (_how, close) => {
    installFakeApi(webhooksApi([{ ...ENDPOINT }]));
    const { user } = renderPage();
    const card = (await screen.findByText(ENDPOINT.url)).closest('li')!;
    await user.click(within(card).getByRole('button', { name: 'Rotate secret' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Rotate secret' }),
    );
    await screen.findByRole('dialog', { name: 'Signing secret' });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());

    await close(user);
    const ask = await screen.findByRole('alertdialog', { name: 'You will not see this secret again' });
    expect(ask).toHaveTextContent('You have not copied it.');
    // Kept open: the secret is still there to copy.
    await user.click(within(ask).getByRole('button', { name: 'Keep it open' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    const secret = screen.getByRole('dialog', { name: 'Signing secret' });
    expect(within(secret).getByRole('textbox', { name: 'Secret' })).toHaveValue(
      'whsec_bmV3LW5ldy1uZXctbmV3LW5ldy1uZXctbmV3IQ==',
    );

    // Asked again, and closed for good.
    await close(user);
    await user.click(
      within(
        await screen.findByRole('alertdialog', { name: 'You will not see this secret again' }),
      ).getByRole('button', { name: 'Close' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('says when the endpoints cannot be loaded, and tries again', async () => {
    let fail = true;
    installFakeApi((request) =>
      fail ? { status: 500, body: { errors: [{ msg: 'Internal error' }] } } : webhooksApi([])(request),
    );
    const { user } = renderPage();
    expect(await screen.findByText('The webhook endpoints could not be loaded.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No webhook endpoints yet' })).toBeInTheDocument();
  });

  it('speaks German', async () => {
    await activateLocale('de', 'Europe/Berlin');
    installFakeApi(webhooksApi([{ ...ENDPOINT }], [DELIVERY]));
    const { user } = renderPage();
    const card = (await screen.findByText(ENDPOINT.url)).closest('li')!;
    expect(within(card).getByRole('button', { name: 'Testereignis senden' })).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Zustellungen' }));
    expect(await within(card).findByText('Fehlgeschlagen')).toBeInTheDocument();
  });
});
