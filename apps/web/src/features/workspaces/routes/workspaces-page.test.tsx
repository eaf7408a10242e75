import type { Workspace, WorkspaceGroup, WorkspaceState } from '@equip/domain/workspaces';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type FakeRequest, installFakeApi } from '@/test/fake-api';
import { testUser } from '@/test/fixtures';
import { renderWithApp } from '@/test/render';
import { WorkspacesPage } from './workspaces-page';

const GOOGLE: Workspace = {
  provider: 'google',
  domain: 'sandbox.example.com',
  status: 'ACTIVE',
  sandbox: true,
  lastCheckedAt: '2026-11-27T09:00:00.000Z',
  lastError: null,
  lastErrorDetail: null,
  connectedAt: '2026-11-27T09:00:00.000Z',
};

const group = (
  externalId: string,
  name: string,
  memberCount: number,
  issue: WorkspaceGroup['autoAssignIssue'] = null,
): WorkspaceGroup => ({
  uuid: `00000000-0000-4000-8000-${externalId.length.toString().padStart(12, '0')}`.slice(0, 36),
  externalId,
  name,
  email: `${externalId}@sandbox.example.com`,
  kind: issue ? 'security_group' : 'group',
  memberCount,
  memberUserUuids: [],
  autoAssignIssue: issue,
});

const PEOPLE = [
  {
    uuid: '11111111-1111-4111-8111-111111111111',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@acme.test',
  },
  {
    uuid: '22222222-2222-4222-8222-222222222222',
    firstName: 'Bo',
    lastName: 'Brandt',
    email: 'bo@acme.test',
  },
];

/** A fake of the workspaces API: nothing connected until the sandbox's code is sent. */
function workspacesApi(options: { connected?: boolean; failState?: boolean } = {}) {
  let workspace: Workspace | null = options.connected ? { ...GOOGLE } : null;
  const groups = [
    group('sales', 'Sales', 1),
    group('all-staff', 'All staff', 4, 'GroupSetting_DynamicMembership'),
  ];
  return (request: FakeRequest) => {
    const { method, path } = request;
    if (method === 'GET' && path === '/workspaces') {
      if (options.failState) return { status: 500, body: {} };
      const state: WorkspaceState = { workspace, sandbox: true, connectable: ['google', 'microsoft'] };
      return { body: state };
    }
    if (method === 'POST' && path === '/workspaces/token') {
      workspace = { ...GOOGLE };
      return { status: 201, body: workspace };
    }
    if (method === 'GET' && path === '/workspaces/groups')
      return { body: { items: groups, total: groups.length } };
    if (method === 'GET' && path === '/workspaces/rules') return { body: { items: [] } };
    if (method === 'GET' && path === '/employees') return { body: { items: PEOPLE, total: PEOPLE.length } };
    if (method === 'POST' && path === '/workspaces/groups/members') {
      const body = request.body as { groupIds: string[]; userUuids: string[] };
      const sales = groups[0]!;
      sales.memberCount += body.userUuids.length;
      sales.memberUserUuids = body.userUuids;
      return { body: { groups: [{ groupId: 'sales', changed: body.userUuids.length, issue: null }] } };
    }
    if (method === 'DELETE' && path === '/workspaces') {
      workspace = null;
      return { status: 204, body: null };
    }
    return undefined;
  };
}

function renderPage() {
  return renderWithApp(
    [{ path: '/dashboard/workspaces', element: <WorkspacesPage /> }],
    '/dashboard/workspaces',
    { user: testUser({ role: 'it-owner' }) },
  );
}

describe('the workspaces page', () => {
  it('connects the sandbox Google Workspace and shows its groups with counts and issues', async () => {
    const api = installFakeApi(workspacesApi());
    const { user } = renderPage();
    expect(await screen.findByRole('heading', { name: 'No workspace connected' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Connect sandbox Google Workspace' }));
    expect(await screen.findByText('Google Workspace is connected.')).toBeInTheDocument();
    expect(api.requests.find((r) => r.method === 'POST')).toMatchObject({
      path: '/workspaces/token',
      body: { code: 'sandbox', providerKind: 'google' },
    });
    const table = await screen.findByRole('table', { name: 'Workspace groups' });
    const sales = await within(table).findByRole('row', { name: /Sales/ });
    expect(sales).toHaveTextContent('1');
    expect(within(table).getByRole('row', { name: /All staff/ })).toHaveTextContent(
      'Members are set by a rule in the workspace',
    );
  });

  it('adds two employees to a ticked group', async () => {
    const api = installFakeApi(workspacesApi({ connected: true }));
    const { user } = renderPage();
    const table = await screen.findByRole('table', { name: 'Workspace groups' });
    expect(screen.getByRole('button', { name: 'Add employees' })).toBeDisabled();
    await user.click(await within(table).findByRole('checkbox', { name: 'Select Sales' }));
    await user.click(screen.getByRole('button', { name: 'Add employees' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add employees to groups' });
    await user.click(await within(dialog).findByRole('checkbox', { name: /Ada Lovelace/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Bo Brandt/ }));
    expect(within(dialog).getByText('Chosen: Ada Lovelace, Bo Brandt')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add to groups' }));
    expect(await screen.findByText('Added 2 employees to Sales.')).toBeInTheDocument();
    expect(api.requests.find((r) => r.path === '/workspaces/groups/members')?.body).toEqual({
      groupIds: ['sales'],
      userUuids: PEOPLE.map((p) => p.uuid),
    });
    expect(await within(table).findByText('(2 of them in Equip)')).toBeInTheDocument();
  });

  it('disconnects after confirming', async () => {
    installFakeApi(workspacesApi({ connected: true }));
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Disconnect' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Disconnect' }),
    );
    expect(await screen.findByRole('heading', { name: 'No workspace connected' })).toBeInTheDocument();
  });

  it('says when the workspace could not be loaded', async () => {
    installFakeApi(workspacesApi({ failState: true }));
    renderPage();
    expect(await screen.findByText(/The workspace could not be loaded/)).toBeInTheDocument();
  });
});
