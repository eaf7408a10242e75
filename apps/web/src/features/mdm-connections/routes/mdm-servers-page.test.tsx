import { MDM_CHECK_ERRORS, type MdmConnection } from '@equip/domain/mdm-connections';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '@/lib/i18n/i18n';
import { knownMessage } from '@/lib/i18n/known-messages';
import { type FakeRequest, installFakeApi } from '@/test/fake-api';
import { testUser } from '@/test/fixtures';
import { renderWithApp } from '@/test/render';
import { MdmServersPage } from './mdm-servers-page';

const TOKEN = 'fleet-api-token-0123456789abcdef';

const CONNECTION: MdmConnection = {
  provider: 'FLEET',
  baseUrl: 'https://fleet.example.com',
  tokenHint: 'cdef',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  lastCheckedAt: '2026-11-21T09:30:00.000Z',
  lastError: null,
  sync: { requestedAt: null, startedAt: null, finishedAt: null, counts: null, error: null },
};

function renderPage() {
  return renderWithApp(
    [{ path: '/dashboard/account/mdm', element: <MdmServersPage /> }],
    '/dashboard/account/mdm',
    { user: testUser({ role: 'it-owner' }) },
  );
}

/** A fake of the MDM connections API; `refuse` answers saves as the server does when the test fails. */
function connectionsApi(
  connections: MdmConnection[],
  options: { refuse?: { msg: string; param: string }; checkError?: string | null } = {},
) {
  return (request: FakeRequest) => {
    const { method, path } = request;
    if (method === 'GET' && path === '/mdm-connections') return { body: { items: connections } };
    if (path.startsWith('/mdm-connections/FLEET')) {
      if (method === 'PUT') {
        if (options.refuse)
          return {
            status: 422,
            body: {
              errors: [
                { ...options.refuse, errorType: 'MdmConnectionFailed', location: 'body', errorCode: 422 },
              ],
            },
          };
        const body = request.body as { baseUrl: string; apiToken: string };
        const saved = { ...CONNECTION, baseUrl: body.baseUrl, tokenHint: body.apiToken.slice(-4) };
        const existed = connections.length > 0;
        connections.splice(0, connections.length, saved);
        return { status: existed ? 200 : 201, body: saved };
      }
      if (method === 'POST' && path.endsWith('/check')) {
        const checked = {
          ...connections[0]!,
          lastCheckedAt: '2026-11-22T08:00:00.000Z',
          lastError: options.checkError ?? null,
        };
        connections.splice(0, 1, checked);
        return { body: checked };
      }
      if (method === 'DELETE') {
        connections.splice(0, connections.length);
        return { status: 204 };
      }
      if (method === 'POST' && path.endsWith('/sync')) {
        // The sync is asked for; the next read finds it finished with its counts.
        const asked = {
          ...connections[0]!,
          sync: { ...connections[0]!.sync, requestedAt: '2026-11-22T08:00:00.000Z' },
        };
        connections.splice(0, 1, {
          ...asked,
          sync: {
            requestedAt: asked.sync.requestedAt,
            startedAt: '2026-11-22T08:00:01.000Z',
            finishedAt: '2026-11-22T08:00:05.000Z',
            counts: { seen: 120, created: 12, updated: 3, missing: 1, returned: 0, skipped: 2 },
            error: null,
          },
        });
        return { status: 202, body: asked };
      }
    }
    return undefined;
  };
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await activateLocale('en', 'Europe/Berlin');
});

describe('MDM servers page', () => {
  it('shows the last inventory sync and syncs now, following the sync to its counts', async () => {
    const api = installFakeApi(
      connectionsApi([
        {
          ...CONNECTION,
          sync: {
            requestedAt: null,
            startedAt: '2026-11-21T10:11:00.000Z',
            finishedAt: '2026-11-21T10:11:09.000Z',
            counts: null,
            error: 'Fleet 401: Authentication failed',
          },
        },
      ]),
    );
    const { user } = renderPage();
    const fleet = (await screen.findByRole('heading', { name: /Fleet/ })).closest('li')!;
    expect(await within(fleet).findByText(/failed \(Fleet 401: Authentication failed\)/)).toBeInTheDocument();
    await user.click(within(fleet).getByRole('button', { name: 'Sync now' }));
    expect(
      await within(fleet).findByText(/12 new, 3 changed, 1 no longer in the MDM/, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(api.requests.find((r) => r.method === 'POST')).toMatchObject({
      path: '/mdm-connections/FLEET/sync',
    });
  });

  it('says in German when a sync is running', async () => {
    await activateLocale('de', 'Europe/Berlin');
    installFakeApi(
      connectionsApi([
        {
          ...CONNECTION,
          sync: {
            requestedAt: null,
            startedAt: '2026-11-21T10:11:00.000Z',
            finishedAt: null,
            counts: null,
            error: null,
          },
        },
      ]),
    );
    renderPage();
    expect(await screen.findByText('Geräte werden synchronisiert…')).toBeInTheDocument();
    expect(screen.getByText('Letzte Synchronisierung')).toBeInTheDocument();
  });

  it('connects Fleet with its URL and API token (a password field), and shows the connection, never the token', async () => {
    const api = installFakeApi(connectionsApi([]));
    const { user } = renderPage();
    const fleet = (await screen.findByRole('heading', { name: /Fleet/ })).closest('li')!;
    expect(within(fleet).getByText('Not connected')).toBeInTheDocument();
    // Jamf Pro and ManageEngine: their own cards and dialogs (jamf-connection-dialog.test.tsx,
    // manage-engine-connection-dialog.test.tsx).
    const manageEngine = screen.getByRole('heading', { name: /ManageEngine/ }).closest('li')!;
    expect(within(manageEngine).getByText('Not connected')).toBeInTheDocument();
    expect(within(manageEngine).getByRole('button', { name: 'Connect ManageEngine' })).toBeInTheDocument();
    await user.click(within(fleet).getByRole('button', { name: 'Connect Fleet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Connect Fleet' });
    expect(dialog).toHaveAccessibleDescription(/create an API-only user/);
    const token = within(dialog).getByLabelText('API token');
    expect(token).toHaveAttribute('type', 'password');
    // The dialog starts in the first field: the keyboard reaches everything in order.
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Server URL' })).toHaveFocus());
    await user.keyboard('https://fleet.example.com');
    await user.tab();
    expect(token).toHaveFocus();
    await user.keyboard(TOKEN);
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Fleet is connected.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.requests.find((r) => r.method === 'PUT')).toMatchObject({
      path: '/mdm-connections/FLEET',
      body: { baseUrl: 'https://fleet.example.com', apiToken: TOKEN },
    });
    expect(await within(fleet).findByText('Connected')).toBeInTheDocument();
    expect(within(fleet).getByText('https://fleet.example.com')).toBeInTheDocument();
    expect(within(fleet).getByText('cdef')).toBeInTheDocument();
    expect(document.body.textContent).not.toContain(TOKEN);
  });

  it('shows at the token field that Fleet refused it, and keeps the dialog open', async () => {
    installFakeApi(connectionsApi([], { refuse: { msg: MDM_CHECK_ERRORS.tokenRefused, param: 'apiToken' } }));
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Connect Fleet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Connect Fleet' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Server URL' }), 'https://fleet.example.com');
    await user.type(within(dialog).getByLabelText('API token'), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Test and save' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('API token')).toHaveAccessibleDescription(
        /The MDM server refused the API token/,
      ),
    );
    expect(within(dialog).getByLabelText('API token')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog', { name: 'Connect Fleet' })).toBeInTheDocument();
  });

  it('tests the connection again and shows when and what went wrong', async () => {
    const api = installFakeApi(
      connectionsApi([{ ...CONNECTION }], { checkError: MDM_CHECK_ERRORS.unreachable }),
    );
    const { user } = renderPage();
    const fleet = (await screen.findByText(CONNECTION.baseUrl)).closest('li')!;
    expect(within(fleet).getByText('Connected')).toBeInTheDocument();
    expect(within(fleet).getByText('Last tested')).toBeInTheDocument();
    await user.click(within(fleet).getByRole('button', { name: 'Test connection' }));
    expect(
      await screen.findByText('The connection test failed: Equip could not reach the MDM server'),
    ).toBeInTheDocument();
    expect(await within(fleet).findByText('Connection failing')).toBeInTheDocument();
    expect(within(fleet).getByText('Equip could not reach the MDM server')).toBeInTheDocument();
    expect(api.requests.some((r) => r.method === 'POST' && r.path === '/mdm-connections/FLEET/check')).toBe(
      true,
    );
  });

  it('disconnects only after confirming', async () => {
    const api = installFakeApi(connectionsApi([{ ...CONNECTION }]));
    const { user } = renderPage();
    const fleet = (await screen.findByText(CONNECTION.baseUrl)).closest('li')!;
    await user.click(within(fleet).getByRole('button', { name: 'Disconnect' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Disconnect Fleet?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.requests.some((r) => r.method === 'DELETE')).toBe(false);
    await user.click(within(fleet).getByRole('button', { name: 'Disconnect' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Disconnect' }),
    );
    expect(await screen.findByText('Fleet is disconnected.')).toBeInTheDocument();
    expect(await within(fleet).findByText('Not connected')).toBeInTheDocument();
    expect(api.requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
  });

  it('says while it loads, and when the servers cannot be loaded, and tries again', async () => {
    let fail = true;
    installFakeApi((request) =>
      fail ? { status: 500, body: { errors: [{ msg: 'Internal error' }] } } : connectionsApi([])(request),
    );
    const { user } = renderPage();
    expect(screen.getByRole('status', { name: 'Loading MDM servers…' })).toBeInTheDocument();
    expect(await screen.findByText('The MDM servers could not be loaded.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Connect Fleet' })).toBeInTheDocument();
  });

  it('speaks German, the server’s reasons included', async () => {
    for (const reason of Object.values(MDM_CHECK_ERRORS)) expect(knownMessage(reason), reason).toBeDefined();
    await activateLocale('de', 'Europe/Berlin');
    installFakeApi(connectionsApi([{ ...CONNECTION, lastError: MDM_CHECK_ERRORS.tokenRefused }]));
    renderPage();
    const fleet = (await screen.findByText(CONNECTION.baseUrl)).closest('li')!;
    expect(within(fleet).getByText('Verbindung gestört')).toBeInTheDocument();
    expect(within(fleet).getByText('Der MDM-Server hat das API-Token abgelehnt')).toBeInTheDocument();
    expect(within(fleet).getByRole('button', { name: 'Verbindung testen' })).toBeInTheDocument();
    // Every provider has a client: no card says "not available".
    expect(screen.getAllByText('Nicht verbunden')).toHaveLength(2);
  });
});
