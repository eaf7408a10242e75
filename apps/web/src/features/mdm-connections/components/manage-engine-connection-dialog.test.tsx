import { MDM_CHECK_ERRORS, type MdmConnection } from '@equip/domain/mdm-connections';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '@/lib/i18n/i18n';
import { type FakeRequest, installFakeApi } from '@/test/fake-api';
import { testUser } from '@/test/fixtures';
import { renderWithApp } from '@/test/render';
import { MdmServersPage } from '../routes/mdm-servers-page';

const API_KEY = 'D6A1B2C3-0000-4E5F-8A9B-0123456789AB';

const MANAGE_ENGINE: MdmConnection = {
  provider: 'MANAGE_ENGINE',
  baseUrl: 'https://mdm.acme.example:8383',
  tokenHint: '89AB',
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

/** The MDM connections API with ManageEngine; `refuse` answers a save as the server does when its test fails. */
function manageEngineApi(connections: MdmConnection[], refuse?: { msg: string; param: string }) {
  return (request: FakeRequest) => {
    const { method, path } = request;
    if (method === 'GET' && path === '/mdm-connections') return { body: { items: connections } };
    if (method === 'PUT' && path === '/mdm-connections/MANAGE_ENGINE') {
      if (refuse)
        return {
          status: 422,
          body: {
            errors: [{ ...refuse, errorType: 'MdmConnectionFailed', location: 'body', errorCode: 422 }],
          },
        };
      const body = request.body as { baseUrl: string; apiToken: string };
      const saved = { ...MANAGE_ENGINE, baseUrl: body.baseUrl, tokenHint: body.apiToken.slice(-4) };
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

describe('ManageEngine on the MDM servers page', () => {
  it('connects ManageEngine with its URL and API key (a password field), never showing the key', async () => {
    const api = installFakeApi(manageEngineApi([]));
    const { user } = renderPage();
    const card = (await screen.findByRole('heading', { name: /ManageEngine/ })).closest('li')!;
    expect(within(card).getByText('Not connected')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Connect ManageEngine' }));
    const dialog = await screen.findByRole('dialog', { name: 'Connect ManageEngine' });
    expect(dialog).toHaveAccessibleDescription(/API Key Generation/);
    const key = within(dialog).getByLabelText('API key');
    expect(key).toHaveAttribute('type', 'password');
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Server URL' })).toHaveFocus());
    await user.keyboard(MANAGE_ENGINE.baseUrl);
    await user.tab();
    expect(key).toHaveFocus();
    await user.keyboard(API_KEY);
    await user.keyboard('{Enter}');
    expect(await screen.findByText('ManageEngine is connected.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.requests.find((r) => r.method === 'PUT')).toMatchObject({
      path: '/mdm-connections/MANAGE_ENGINE',
      body: { baseUrl: MANAGE_ENGINE.baseUrl, apiToken: API_KEY },
    });
    expect(await within(card).findByText('Connected')).toBeInTheDocument();
    expect(within(card).getByText('API key')).toBeInTheDocument();
    expect(within(card).getByText('89AB')).toBeInTheDocument();
    expect(document.body.textContent).not.toContain(API_KEY);
  });

  it('shows at the key field that ManageEngine refused it, and keeps the dialog open', async () => {
    installFakeApi(manageEngineApi([], { msg: MDM_CHECK_ERRORS.tokenRefused, param: 'apiToken' }));
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Connect ManageEngine' }));
    const dialog = await screen.findByRole('dialog', { name: 'Connect ManageEngine' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Server URL' }), MANAGE_ENGINE.baseUrl);
    await user.type(within(dialog).getByLabelText('API key'), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Test and save' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('API key')).toHaveAccessibleDescription(
        /The MDM server refused the API token/,
      ),
    );
    expect(within(dialog).getByLabelText('API key')).toHaveAttribute('aria-invalid', 'true');
  });

  it('speaks German, the reasons included', async () => {
    await activateLocale('de', 'Europe/Berlin');
    installFakeApi(manageEngineApi([{ ...MANAGE_ENGINE, lastError: MDM_CHECK_ERRORS.notManageEngine }]));
    renderPage();
    const card = (await screen.findByText(MANAGE_ENGINE.baseUrl)).closest('li')!;
    expect(within(card).getByText('Verbindung gestört')).toBeInTheDocument();
    expect(
      within(card).getByText('Die Adresse hat nicht wie ein ManageEngine-MDM-Server geantwortet'),
    ).toBeInTheDocument();
    expect(within(card).getByText('API-Schlüssel')).toBeInTheDocument();
  });
});
