import {
  DEFAULT_HR_FIELD_MAPPING,
  HR_CHECK_ERRORS,
  HR_SYNC_REASONS,
  type HrConflict,
  type HrIntegration,
  type HrSyncPreview,
} from '@equip/domain/integrations';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type FakeRequest, installFakeApi } from '@/test/fake-api';
import { testUser } from '@/test/fixtures';
import { renderWithApp } from '@/test/render';
import { IntegrationsPage } from './integrations-page';

const SECRET = 'papi-secret-7d41b0c9a2e85f36';

const PERSONIO: HrIntegration = {
  provider: 'personio',
  language: 'en',
  status: 'ACTIVE',
  setupStatus: 'INCOMPLETE',
  credentialHint: '5f36',
  sandbox: false,
  lastCheckedAt: '2026-11-21T09:30:00.000Z',
  lastError: null,
  lastErrorDetail: null,
  lastSyncedAt: null,
  fieldMapping: DEFAULT_HR_FIELD_MAPPING,
  lastSync: null,
  openConflicts: 0,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

function renderPage() {
  return renderWithApp(
    [{ path: '/dashboard/integrations', element: <IntegrationsPage /> }],
    '/dashboard/integrations',
    { user: testUser({ role: 'it-owner' }) },
  );
}

/** A fake of the integrations API; `refuse` answers connects as the server does when the test fails. */
function integrationsApi(
  items: HrIntegration[],
  options: { refuse?: { msg: string; param: string }; failList?: boolean } = {},
) {
  return (request: FakeRequest) => {
    const { method, path } = request;
    // The SCIM section (its own suite: scim-section.test.tsx) has no tokens here.
    if (method === 'GET' && path === '/scim-tokens') return { body: { items: [] } };
    if (method === 'GET' && path === '/integrations')
      return options.failList ? { status: 500, body: {} } : { body: { items } };
    const index = items.findIndex((i) => path.startsWith(`/integrations/${i.provider}`));
    if (method === 'PUT' && path === '/integrations/personio') {
      if (options.refuse)
        return {
          status: 422,
          body: {
            errors: [{ ...options.refuse, errorType: 'IntegrationFailed', location: 'body', errorCode: 422 }],
          },
        };
      const body = request.body as { clientSecret: string };
      const saved = { ...PERSONIO, credentialHint: body.clientSecret.slice(-4) };
      items.push(saved);
      return { status: 201, body: saved };
    }
    // The conflicts' routes name no integration: they are the (one) connected one's here.
    if (path.startsWith('/integrations/conflicts') && items.length > 0) return syncApi(request, items, 0);
    if (index < 0)
      return { status: 404, body: { errors: [{ msg: 'No HR system of this kind is connected' }] } };
    const set = (change: Partial<HrIntegration>) => {
      items[index] = { ...items[index]!, ...change };
      return { body: items[index] };
    };
    if (method === 'POST' && path.endsWith('/check'))
      return set({
        status: 'INVALID',
        lastError: HR_CHECK_ERRORS.credentialsRefused,
        lastErrorDetail: 'Authorization is not provided',
      });
    if (method === 'POST' && path.endsWith('/pause')) return set({ status: 'INACTIVE' });
    if (method === 'POST' && path.endsWith('/resume')) return set({ status: 'ACTIVE' });
    if (method === 'DELETE') {
      items.splice(index, 1);
      return { status: 204 };
    }
    return syncApi(request, items, index);
  };
}

const CONFLICT: HrConflict = {
  uuid: '3f0c8f52-6f0b-4d0e-9a3e-0b9f2d1f6a11',
  provider: 'personio',
  kind: 'EDITED_IN_EQUIP',
  externalId: 'personio:7',
  name: 'Ada Berg',
  employeeUuid: '6b1d7a43-9a53-4a8b-8c50-1e9d6d0f4f12',
  field: 'department',
  hrValue: 'Sales',
  equipValue: 'Platform',
  resolution: null,
  createdAt: '2026-11-21T10:00:00.000Z',
  resolvedAt: null,
};

/** The HR sync's routes (decision 032): preview, run (done at once here), runs, conflicts, resolve. */
function syncApi(request: FakeRequest, items: HrIntegration[], index: number) {
  const { method, path } = request;
  const counts = { created: 2, updated: 1, skipped: 1, conflicts: 1 };
  if (method === 'POST' && path.endsWith('/sync/preview')) {
    items[index] = { ...items[index]!, setupStatus: 'FINAL_SYNC_PENDING' };
    const preview: HrSyncPreview = {
      setupStatus: 'FINAL_SYNC_PENDING',
      counts,
      entries: [
        {
          action: 'create',
          externalId: '1',
          name: 'Nora New',
          email: 'nora@example.com',
          employeeUuid: null,
          changes: [],
          reason: null,
        },
        {
          action: 'skip',
          externalId: '2',
          name: 'Lena Left',
          email: null,
          employeeUuid: null,
          changes: [],
          reason: HR_SYNC_REASONS.leftBeforeSync,
        },
      ],
    };
    return { body: preview };
  }
  if (method === 'POST' && path.endsWith('/sync')) {
    const run = {
      uuid: 'c2b1a7e4-0d55-4c1c-9f5e-7a0e0d8d2b10',
      status: 'succeeded' as const,
      ...counts,
      error: null,
      finishedAt: '2026-11-21T11:00:00.000Z',
    };
    items[index] = { ...items[index]!, setupStatus: 'COMPLETED', lastSync: run, openConflicts: 1 };
    return {
      status: 202,
      body: {
        ...run,
        provider: 'personio',
        trigger: 'manual',
        entries: [],
        startedAt: null,
        createdAt: run.finishedAt,
      },
    };
  }
  if (method === 'GET' && path === '/integrations/conflicts')
    return { body: { items: items[index]!.openConflicts ? [CONFLICT] : [], total: 1 } };
  if (method === 'POST' && path === `/integrations/conflicts/${CONFLICT.uuid}/resolve`) {
    items[index] = { ...items[index]!, openConflicts: 0 };
    return { body: { ...CONFLICT, resolution: 'EQUIP', resolvedAt: '2026-11-21T12:00:00.000Z' } };
  }
  return undefined;
}

describe('the integrations page', () => {
  it('shows the seven HR systems, none connected, and connects Personio through the connection dialog', async () => {
    const api = installFakeApi(integrationsApi([]));
    const { user } = renderPage();
    expect(await screen.findByText(/No HR system is connected yet/)).toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'HR systems' })).getAllByRole('listitem');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'PersonioNot connected',
      'HiBobNot connected',
      'KenjoNot connected',
      'HeavenHRNot connected',
      'HRworksNot connected',
      'FactorialNot connected',
      'BambooHRNot connected',
    ]);
    const personio = cards[0]!;
    await user.click(within(personio).getByRole('button', { name: 'Connect Personio' }));
    const dialog = await screen.findByRole('dialog', { name: 'Connect Personio' });
    expect(dialog).toHaveAccessibleDescription(/API credentials/);
    expect(within(dialog).getByLabelText('Client secret')).toHaveAttribute('type', 'password');
    await user.type(within(dialog).getByRole('textbox', { name: 'Client ID' }), 'papi-client');
    await user.type(within(dialog).getByLabelText('Client secret'), SECRET);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'HR language' }), 'de');
    await user.click(within(dialog).getByRole('button', { name: 'Test and save' }));
    expect(await screen.findByText('Personio is connected.')).toBeInTheDocument();
    expect(api.requests.find((r) => r.method === 'PUT')).toMatchObject({
      path: '/integrations/personio',
      body: { clientId: 'papi-client', clientSecret: SECRET, language: 'de' },
    });
    expect(await within(personio).findByText('Active')).toBeInTheDocument();
    expect(
      within(personio).getByText('Setup not finished: the first sync has not run yet'),
    ).toBeInTheDocument();
    expect(within(personio).getByText('5f36')).toBeInTheDocument();
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it('shows at the secret that Personio refused the credentials, with its words, and keeps the dialog open', async () => {
    installFakeApi(
      integrationsApi([], {
        refuse: {
          msg: `${HR_CHECK_ERRORS.credentialsRefused}: Authorization is not provided`,
          param: 'clientSecret',
        },
      }),
    );
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Connect Personio' }));
    const dialog = await screen.findByRole('dialog', { name: 'Connect Personio' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Client ID' }), 'papi-client');
    await user.type(within(dialog).getByLabelText('Client secret'), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Test and save' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Client secret')).toHaveAccessibleDescription(
        /The HR system refused the credentials: Authorization is not provided/,
      ),
    );
    expect(screen.getByRole('dialog', { name: 'Connect Personio' })).toBeInTheDocument();
  });

  it('tests again and shows the reason it fails, pauses, resumes and removes', async () => {
    const api = installFakeApi(integrationsApi([{ ...PERSONIO }]));
    const { user } = renderPage();
    const personio = (await screen.findByRole('heading', { name: /Personio/ })).closest('li')!;
    await user.click(within(personio).getByRole('button', { name: 'Test connection' }));
    expect(await within(personio).findByText('Not working')).toBeInTheDocument();
    expect(
      within(personio).getByText('The HR system refused the credentials: Authorization is not provided'),
    ).toBeInTheDocument();
    await user.click(within(personio).getByRole('button', { name: 'Pause' }));
    expect(await within(personio).findByText('Paused')).toBeInTheDocument();
    await user.click(within(personio).getByRole('button', { name: 'Resume' }));
    expect(await within(personio).findByText('Active')).toBeInTheDocument();
    await user.click(within(personio).getByRole('button', { name: 'Remove' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove Personio?' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await within(personio).findByText('Not connected')).toBeInTheDocument();
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining([
        'POST /integrations/personio/check',
        'POST /integrations/personio/pause',
        'POST /integrations/personio/resume',
        'DELETE /integrations/personio',
      ]),
    );
  });

  it('previews the first sync, runs it, shows the counts and resolves a conflict (decision 032)', async () => {
    const api = installFakeApi(integrationsApi([{ ...PERSONIO }]));
    const { user } = renderPage();
    const personio = (await screen.findByRole('heading', { name: /Personio/ })).closest('li')!;
    expect(within(personio).getByText('Never synced')).toBeInTheDocument();
    await user.click(within(personio).getByRole('button', { name: 'Preview first sync' }));
    const dialog = await screen.findByRole('dialog', { name: 'Preview of the first sync with Personio' });
    expect(within(dialog).getByText('2 added, 1 updated, 1 skipped, 1 conflicts')).toBeInTheDocument();
    expect(within(dialog).getByText('Nora New')).toBeInTheDocument();
    expect(within(dialog).getByText('Left the company before the first sync')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Run first sync' }));
    expect(await screen.findByText('The first sync with Personio has started.')).toBeInTheDocument();
    expect(await within(personio).findByText('Set up')).toBeInTheDocument();
    expect(within(personio).getByText('2 added, 1 updated, 1 skipped, 1 conflicts')).toBeInTheDocument();
    expect(within(personio).getByRole('button', { name: 'Sync now' })).toBeInTheDocument();
    const conflicts = await within(personio).findByRole('list', { name: 'Conflicts to decide' });
    expect(await within(conflicts).findByText('Ada Berg · Department')).toBeInTheDocument();
    await user.click(within(conflicts).getByRole('button', { name: 'Keep Equip value' }));
    expect(await screen.findByText('The conflict is resolved.')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(personio).queryByRole('list', { name: 'Conflicts to decide' })).toBeNull(),
    );
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining([
        'POST /integrations/personio/sync/preview',
        'POST /integrations/personio/sync',
        `POST /integrations/conflicts/${CONFLICT.uuid}/resolve`,
      ]),
    );
    expect(api.requests.find((r) => r.path.endsWith('/resolve'))?.body).toEqual({ keep: 'EQUIP' });
  });

  it('says when the integrations could not be loaded', async () => {
    installFakeApi(integrationsApi([], { failList: true }));
    renderPage();
    expect(await screen.findByText('The integrations could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Try again/ })).toBeInTheDocument();
  });
});
