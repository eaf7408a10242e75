import { MDM_CHECK_ERRORS, type MdmConnection } from '@equip/domain/mdm-connections';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '@/lib/i18n/i18n';
import { type FakeRequest, installFakeApi } from '@/test/fake-api';
import { testUser } from '@/test/fixtures';
import { renderWithApp } from '@/test/render';
import { MdmServersPage } from '../routes/mdm-servers-page';

const CLIENT_ID = 'b8d4e4f1-5a3c-4c6d-9e1f-0123456789ab';
const SECRET = 'jamf-client-secret-0123456789abcdef';

const JAMF: MdmConnection = {
  provider: 'JAMF',
  baseUrl: 'https://acme.jamfcloud.com',
  tokenHint: 'cdef',
  clientId: CLIENT_ID,
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

/** The MDM connections API with Jamf Pro; `refuse` answers a save as the server does when its test fails. */
function jamfApi(connections: MdmConnection[], refuse?: { msg: string; param: string }) {
  return (request: FakeRequest) => {
    const { method, path } = request;
    if (method === 'GET' && path === '/mdm-connections') return { body: { items: connections } };
    if (method === 'PUT' && path === '/mdm-connections/JAMF') {
      if (refuse)
        return {
          status: 422,
          body: {
            errors: [{ ...refuse, errorType: 'MdmConnectionFailed', location: 'body', errorCode: 422 }],
          },
        };
      const body = request.body as { baseUrl: string; clientId: string; clientSecret: string };
      const saved = {
        ...JAMF,
        baseUrl: body.baseUrl,
        clientId: body.clientId,
        tokenHint: body.clientSecret.slice(-4),
      };
      connections.splice(0, connections.length, saved);
      return { status: 201, body: saved };
    }
    return undefined;
  };
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await activateLocale('en', 'Europe/Berlin');
});

describe('Jamf Pro on the MDM servers page', () => {
  it('connects Jamf Pro with its URL, client ID and client secret (a password field), never showing the secret', async () => {
    const api = installFakeApi(jamfApi([]));
    const { user } = renderPage();
    const card = (await screen.findByRole('heading', { name: /Jamf Pro/ })).closest('li')!;
    expect(within(card).getByText('Not connected')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Connect Jamf Pro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Connect Jamf Pro' });
    expect(dialog).toHaveAccessibleDescription(/API roles and clients/);
    const secret = within(dialog).getByLabelText('Client secret');
    expect(secret).toHaveAttribute('type', 'password');
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Server URL' })).toHaveFocus());
    await user.keyboard('https://acme.jamfcloud.com');
    await user.tab();
    expect(within(dialog).getByRole('textbox', { name: 'Client ID' })).toHaveFocus();
    await user.keyboard(CLIENT_ID);
    await user.tab();
    expect(secret).toHaveFocus();
    await user.keyboard(SECRET);
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Jamf Pro is connected.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.requests.find((r) => r.method === 'PUT')).toMatchObject({
      path: '/mdm-connections/JAMF',
      body: { baseUrl: 'https://acme.jamfcloud.com', clientId: CLIENT_ID, clientSecret: SECRET },
    });
    expect(await within(card).findByText('Connected')).toBeInTheDocument();
    expect(within(card).getByText(CLIENT_ID)).toBeInTheDocument();
    expect(within(card).getByText('cdef')).toBeInTheDocument();
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it('shows at the secret field that Jamf Pro refused it, and keeps the dialog open', async () => {
    installFakeApi(jamfApi([], { msg: MDM_CHECK_ERRORS.credentialsRefused, param: 'clientSecret' }));
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Connect Jamf Pro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Connect Jamf Pro' });
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Server URL' }),
      'https://acme.jamfcloud.com',
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'Client ID' }), CLIENT_ID);
    await user.type(within(dialog).getByLabelText('Client secret'), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Test and save' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Client secret')).toHaveAccessibleDescription(
        /The MDM server refused the client ID or secret/,
      ),
    );
    expect(within(dialog).getByLabelText('Client secret')).toHaveAttribute('aria-invalid', 'true');
  });

  it('speaks German, the reasons included', async () => {
    await activateLocale('de', 'Europe/Berlin');
    installFakeApi(jamfApi([{ ...JAMF, lastError: MDM_CHECK_ERRORS.credentialsRefused }]));
    renderPage();
    const card = (await screen.findByText(JAMF.baseUrl)).closest('li')!;
    expect(within(card).getByText('Verbindung gestört')).toBeInTheDocument();
    expect(
      within(card).getByText('Der MDM-Server hat die Client-ID oder das Geheimnis abgelehnt'),
    ).toBeInTheDocument();
    expect(within(card).getByText('Client-Geheimnis')).toBeInTheDocument();
  });
});
