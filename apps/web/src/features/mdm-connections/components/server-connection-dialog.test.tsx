import { MDM_CHECK_ERRORS, type MdmCheckError, type MdmConnection } from '@equip/domain/mdm-connections';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '@/lib/i18n/i18n';
import { type FakeRequest, installFakeApi } from '@/test/fake-api';
import { testUser } from '@/test/fixtures';
import { renderWithApp } from '@/test/render';
import { MdmServersPage } from '../routes/mdm-servers-page';

const CONNECTED_AT = {
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  lastCheckedAt: '2026-11-21T09:30:00.000Z',
  lastError: null,
  sync: { requestedAt: null, startedAt: null, finishedAt: null, counts: null, error: null },
};

/** A credential field of the dialog, as a person fills it in (after the server URL, in this order). */
interface Credential {
  label: string;
  param: string;
  value: string;
  secret: boolean;
}

/**
 * One MDM server one connects with an address and credentials, as the dialog tests drive it: its words,
 * its fields and what the card shows once it is connected. The steps are the same for each.
 */
interface ServerDialog {
  provider: 'JAMF' | 'MANAGE_ENGINE';
  name: string;
  connection: MdmConnection;
  /** Words of the dialog's instructions, which describe it. */
  instructions: RegExp;
  credentials: Credential[];
  /** What the card shows of the saved connection, beside the secret's last four characters. */
  shownOnCard: string;
  refusal: { msg: MdmCheckError; param: string; words: RegExp };
  german: { lastError: MdmCheckError; reason: string; credential: string };
}

const CLIENT_ID = 'b8d4e4f1-5a3c-4c6d-9e1f-0123456789ab';

const SERVERS: ServerDialog[] = [
  {
    provider: 'JAMF',
    name: 'Jamf Pro',
    connection: {
      provider: 'JAMF',
      baseUrl: 'https://acme.jamfcloud.com',
      tokenHint: 'cdef',
      clientId: CLIENT_ID,
      ...CONNECTED_AT,
    },
    instructions: /API roles and clients/,
    credentials: [
      { label: 'Client ID', param: 'clientId', value: CLIENT_ID, secret: false },
      {
        label: 'Client secret',
        param: 'clientSecret',
        value: 'jamf-client-secret-0123456789abcdef',
        secret: true,
      },
    ],
    shownOnCard: CLIENT_ID,
    refusal: {
      msg: MDM_CHECK_ERRORS.credentialsRefused,
      param: 'clientSecret',
      words: /The MDM server refused the client ID or secret/,
    },
    german: {
      lastError: MDM_CHECK_ERRORS.credentialsRefused,
      reason: 'Der MDM-Server hat die Client-ID oder das Geheimnis abgelehnt',
      credential: 'Client-Geheimnis',
    },
  },
  {
    provider: 'MANAGE_ENGINE',
    name: 'ManageEngine',
    connection: {
      provider: 'MANAGE_ENGINE',
      baseUrl: 'https://mdm.acme.example:8383',
      tokenHint: '89AB',
      ...CONNECTED_AT,
    },
    instructions: /API Key Generation/,
    credentials: [
      { label: 'API key', param: 'apiToken', value: 'D6A1B2C3-0000-4E5F-8A9B-0123456789AB', secret: true },
    ],
    shownOnCard: 'API key',
    refusal: {
      msg: MDM_CHECK_ERRORS.tokenRefused,
      param: 'apiToken',
      words: /The MDM server refused the API token/,
    },
    german: {
      lastError: MDM_CHECK_ERRORS.notManageEngine,
      reason: 'Die Adresse hat nicht wie ein ManageEngine-MDM-Server geantwortet',
      credential: 'API-Schlüssel',
    },
  },
];

function renderPage() {
  return renderWithApp(
    [{ path: '/dashboard/account/mdm', element: <MdmServersPage /> }],
    '/dashboard/account/mdm',
    { user: testUser({ role: 'it-owner' }) },
  );
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await activateLocale('en', 'Europe/Berlin');
});

describe.each(SERVERS)('$name on the MDM servers page', (server) => {
  const secret = server.credentials.find((c) => c.secret)!;
  const field = (dialog: HTMLElement, credential: Credential) =>
    credential.secret
      ? within(dialog).getByLabelText(credential.label)
      : within(dialog).getByRole('textbox', { name: credential.label });

  /** The MDM connections API; `refuse` answers a save as the server does when its test fails. */
  function serverApi(connections: MdmConnection[], refuse?: { msg: string; param: string }) {
    return (request: FakeRequest) => {
      const { method, path } = request;
      if (method === 'GET' && path === '/mdm-connections') return { body: { items: connections } };
      if (method === 'PUT' && path === `/mdm-connections/${server.provider}`) {
        if (refuse)
          return {
            status: 422,
            body: {
              errors: [{ ...refuse, errorType: 'MdmConnectionFailed', location: 'body', errorCode: 422 }],
            },
          };
        const body = request.body as Record<string, string>;
        const saved: MdmConnection = {
          ...server.connection,
          baseUrl: body.baseUrl!,
          ...(server.connection.clientId ? { clientId: body.clientId! } : {}),
          tokenHint: body[secret.param]!.slice(-4),
        };
        connections.splice(0, connections.length, saved);
        return { status: 201, body: saved };
      }
      return undefined;
    };
  }

  it('connects with its URL and credentials (the secret a password field), never showing the secret', async () => {
    const api = installFakeApi(serverApi([]));
    const { user } = renderPage();
    const card = (await screen.findByRole('heading', { name: new RegExp(server.name) })).closest('li')!;
    expect(within(card).getByText('Not connected')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: `Connect ${server.name}` }));
    const dialog = await screen.findByRole('dialog', { name: `Connect ${server.name}` });
    expect(dialog).toHaveAccessibleDescription(server.instructions);
    expect(field(dialog, secret)).toHaveAttribute('type', 'password');
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Server URL' })).toHaveFocus());
    await user.keyboard(server.connection.baseUrl);
    for (const credential of server.credentials) {
      await user.tab();
      expect(field(dialog, credential)).toHaveFocus();
      await user.keyboard(credential.value);
    }
    await user.keyboard('{Enter}');
    expect(await screen.findByText(`${server.name} is connected.`)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.requests.find((r) => r.method === 'PUT')).toMatchObject({
      path: `/mdm-connections/${server.provider}`,
      body: {
        baseUrl: server.connection.baseUrl,
        ...Object.fromEntries(server.credentials.map((c) => [c.param, c.value])),
      },
    });
    expect(await within(card).findByText('Connected')).toBeInTheDocument();
    expect(within(card).getByText(server.shownOnCard)).toBeInTheDocument();
    expect(within(card).getByText(secret.value.slice(-4))).toBeInTheDocument();
    expect(document.body.textContent).not.toContain(secret.value);
  });

  it('shows at the secret field that the server refused it, and keeps the dialog open', async () => {
    installFakeApi(serverApi([], { msg: server.refusal.msg, param: server.refusal.param }));
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: `Connect ${server.name}` }));
    const dialog = await screen.findByRole('dialog', { name: `Connect ${server.name}` });
    await user.type(within(dialog).getByRole('textbox', { name: 'Server URL' }), server.connection.baseUrl);
    for (const credential of server.credentials)
      await user.type(field(dialog, credential), credential.secret ? 'wrong' : credential.value);
    await user.click(within(dialog).getByRole('button', { name: 'Test and save' }));
    await waitFor(() => expect(field(dialog, secret)).toHaveAccessibleDescription(server.refusal.words));
    expect(field(dialog, secret)).toHaveAttribute('aria-invalid', 'true');
  });

  it('speaks German, the reasons included', async () => {
    await activateLocale('de', 'Europe/Berlin');
    installFakeApi(serverApi([{ ...server.connection, lastError: server.german.lastError }]));
    renderPage();
    const card = (await screen.findByText(server.connection.baseUrl)).closest('li')!;
    expect(within(card).getByText('Verbindung gestört')).toBeInTheDocument();
    expect(within(card).getByText(server.german.reason)).toBeInTheDocument();
    expect(within(card).getByText(server.german.credential)).toBeInTheDocument();
  });
});
