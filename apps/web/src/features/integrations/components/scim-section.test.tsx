import type { ScimToken } from '@equip/domain/scim-tokens';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, type FakeRequest, installFakeApi } from '@/test/fake-api';
import { testUser } from '@/test/fixtures';
import { renderWithApp } from '@/test/render';
import { ScimSection } from './scim-section';

const TOKEN = 'equip_scim_Xk2v9pQ7wLr4mZt8Yb1nC6dF3gH5jK0s';

const ENTRA: ScimToken = {
  uuid: '0f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a',
  name: 'Entra ID',
  hint: 'a1b2',
  lastUsedAt: '2026-11-26T08:15:00.000Z',
  revokedAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
};

function scimApi(items: ScimToken[], options: { refuseCreate?: boolean } = {}) {
  return (request: FakeRequest) => {
    const { method, path } = request;
    if (method === 'GET' && path === '/scim-tokens') return { body: { items } };
    if (method === 'POST' && path === '/scim-tokens') {
      if (options.refuseCreate) return apiError(400, 'Too long');
      const created = {
        uuid: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
        name: (request.body as { name: string }).name,
        hint: TOKEN.slice(-4),
        lastUsedAt: null,
        revokedAt: null,
        createdAt: '2026-11-27T10:00:00.000Z',
      };
      items.unshift(created);
      return { status: 201, body: { ...created, token: TOKEN } };
    }
    const revoke = path.match(/^\/scim-tokens\/([^/]+)\/revoke$/);
    if (method === 'POST' && revoke) {
      const index = items.findIndex((i) => i.uuid === revoke[1]);
      items[index] = { ...items[index]!, revokedAt: '2026-11-27T10:05:00.000Z' };
      return { body: items[index] };
    }
    return undefined;
  };
}

function renderSection() {
  return renderWithApp(
    [{ path: '/dashboard/integrations', element: <ScimSection /> }],
    '/dashboard/integrations',
    {
      user: testUser({ role: 'it-owner' }),
    },
  );
}

describe('SCIM provisioning on the integrations page', () => {
  it('shows the SCIM address and the tokens with their last use, never a value', async () => {
    installFakeApi(scimApi([ENTRA]));
    renderSection();
    const list = await screen.findByRole('list', { name: 'SCIM tokens' });
    const [entra] = within(list).getAllByRole('listitem');
    expect(entra).toHaveTextContent('Entra ID');
    expect(entra).toHaveTextContent('Active');
    expect(entra).toHaveTextContent('Ending in a1b2');
    expect(entra).toHaveTextContent(/Last used/);
    expect(screen.getByText(`${window.location.origin}/scim/v2`)).toBeInTheDocument();
  });

  it('creates a token, shows it once and asks before closing', async () => {
    const api = installFakeApi(scimApi([]));
    const { user } = renderSection();
    expect(await screen.findByText('No SCIM token yet.')).toBeInTheDocument();
    const create = screen.getByRole('button', { name: 'Create token' });
    expect(create).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Token name' }), 'Okta');
    await user.click(create);
    const dialog = await screen.findByRole('dialog', { name: 'SCIM token' });
    expect(within(dialog).getByRole('textbox', { name: 'Token' })).toHaveValue(TOKEN);
    expect(api.requests.find((r) => r.method === 'POST')).toMatchObject({
      path: '/scim-tokens',
      body: { name: 'Okta' },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    const ask = await screen.findByRole('alertdialog', { name: 'You will not see this token again' });
    expect(ask).toHaveTextContent('You have not copied it.');
    // Kept open: the token is still there to copy.
    await user.click(within(ask).getByRole('button', { name: 'Keep it open' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    const kept = screen.getByRole('dialog', { name: 'SCIM token' });
    await user.click(within(kept).getByRole('button', { name: 'Copy' }));
    // user-event's clipboard stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe(TOKEN);
    expect(within(kept).getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    await user.click(within(kept).getByRole('button', { name: 'Done' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'You will not see this token again' })).getByRole(
        'button',
        {
          name: 'Close',
        },
      ),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'SCIM token' })).not.toBeInTheDocument());
    const list = await screen.findByRole('list', { name: 'SCIM tokens' });
    expect(list).toHaveTextContent('Okta');
    expect(document.body.textContent).not.toContain(TOKEN);
  });

  it('shows why a token could not be created', async () => {
    installFakeApi(scimApi([], { refuseCreate: true }));
    const { user } = renderSection();
    await user.type(await screen.findByRole('textbox', { name: 'Token name' }), 'Okta');
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByText('Too long')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('revokes a token after a confirmation', async () => {
    const api = installFakeApi(scimApi([{ ...ENTRA }]));
    const { user } = renderSection();
    await user.click(await screen.findByRole('button', { name: 'Revoke' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Revoke Entra ID?' });
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('The token is revoked.')).toBeInTheDocument();
    expect(
      api.requests.some((r) => r.method === 'POST' && r.path === `/scim-tokens/${ENTRA.uuid}/revoke`),
    ).toBe(true);
    const list = screen.getByRole('list', { name: 'SCIM tokens' });
    expect(await within(list).findByText('Revoked')).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: 'Revoke' })).not.toBeInTheDocument();
  });
});
