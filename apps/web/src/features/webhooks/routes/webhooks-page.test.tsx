import type { WebhookDelivery, WebhookEndpoint } from '@equip/domain/webhooks';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '@/lib/i18n/i18n';
import { type FakeRequest, installFakeApi, renderWithApp } from '@/test/fake-api';
import { testUser } from '@/test/fixtures';
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

function renderPage() {
  return renderWithApp(
    [{ path: '/dashboard/account/webhooks', element: <WebhooksPage /> }],
    '/dashboard/account/webhooks',
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

  it('disables, rotates the secret and deletes only after confirming', async () => {
    const api = installFakeApi(webhooksApi([{ ...ENDPOINT }]));
    const { user } = renderPage();
    const card = (await screen.findByText(ENDPOINT.url)).closest('li')!;
    await user.click(within(card).getByRole('button', { name: 'Disable' }));
    expect(await within(card).findByText('Disabled')).toBeInTheDocument();
    expect(api.requests.find((r) => r.method === 'PATCH')?.body).toEqual({ enabled: false });

    await user.click(within(card).getByRole('button', { name: 'Rotate secret' }));
    const rotate = await screen.findByRole('alertdialog', { name: 'Rotate the signing secret?' });
    await user.click(within(rotate).getByRole('button', { name: 'Rotate secret' }));
    const secret = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(within(secret).getByRole('textbox', { name: 'Secret' })).toHaveValue(
      'whsec_bmV3LW5ldy1uZXctbmV3LW5ldy1uZXctbmV3IQ==',
    );
    await user.click(within(secret).getByRole('button', { name: 'Done' }));

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
