import type { PasswordPublicKey } from '@equip/domain/identity';
import type { Read } from '../cli/database-source.ts';
import type { DemoLogin } from '../demo/logins.ts';
import { encryptPassword } from './auth-client.ts';

/**
 * Data in every table of an Equip that holds the demo, for the tests that copy or upgrade a whole
 * database (backup and restore, the upgrade fixtures): most of it through Equip's own HTTP API (a
 * sign-in, a failed one, a reset request, a webhook endpoint and its test delivery, MDM commands, an MDM
 * server connection: sealed secrets made by Equip itself), the rest with plain SQL where a flow would
 * need a phone, an identity provider or an agent. A table added later and left empty makes those tests
 * fail with its name: fill it here.
 */

/** The schemas whose rows must survive: the app's tables and drizzle's migration journal. */
export const COUNTED_SCHEMAS = ['public', 'drizzle'] as const;

/** Rows per table ("public.users": 161), in one statement. */
export async function countRows(sql: Read): Promise<Record<string, number>> {
  const tables = await sql(
    `select schemaname || '.' || tablename as name from pg_tables
     where schemaname in (${COUNTED_SCHEMAS.map((s) => `'${s}'`).join(', ')}) order by 1`,
  );
  const counts = await sql(
    tables
      .map(({ name }) => `select '${name}' as name, count(*)::int as n from ${quoteName(String(name))}`)
      .join(' union all '),
  );
  return Object.fromEntries(counts.map((row) => [String(row.name), Number(row.n)]));
}

const quoteName = (name: string) =>
  name
    .split('.')
    .map((part) => `"${part}"`)
    .join('.');

export const emptyTables = (counts: Record<string, number>) =>
  Object.entries(counts)
    .filter(([, n]) => n === 0)
    .map(([name]) => name);

/** Rows no HTTP flow of a test can make; each only where its table is still empty. */
export async function fillWithSql(sql: Read): Promise<void> {
  const statements: [table: string, insert: string][] = [
    [
      'recovery_codes',
      `insert into recovery_codes (user_uuid, code_hash)
       select uuid, 'fill:' || uuid from users where role = 'it-owner' order by email limit 1`,
    ],
    [
      'sso_states',
      `insert into sso_states (organization_uuid, state_hash, code_verifier, nonce, login_hint, redirect, expires_at)
       select uuid, 'fill:' || uuid, 'verifier', 'nonce', 'someone@example.test', '/dashboard', now() + interval '10 minutes'
       from organizations where name = 'Acme GmbH'`,
    ],
    ['sms_outbox', `insert into sms_outbox (to_number, text) values ('+4915100000000', 'Your code: 000000')`],
    [
      'workspace_rules',
      `insert into workspace_rules (organization_uuid, department, group_ids)
       select organization_uuid, 'Engineering', array[external_id] from workspace_groups order by name limit 1`,
    ],
    ['analytics_events', `insert into analytics_events (endpoint, payload) values ('t', '{"event":"fill"}')`],
    [
      'device_agents',
      `insert into device_agents (organization_uuid, device_uuid, token_hash)
       select organization_uuid, uuid, 'fill:' || uuid from devices order by serial_number limit 1`,
    ],
    ['job_receipts', `insert into job_receipts (key, queue) values ('fill:receipt', 'fill')`],
    // A worker that stopped without saying so an hour ago (one that stops cleanly deletes its row).
    [
      'worker_heartbeats',
      `insert into worker_heartbeats (worker_id, role, started_at, beat_at)
       values ('fill:worker', 'worker', now() - interval '2 hours', now() - interval '1 hour')`,
    ],
    // Procurement (migration 0044): an inbound webhook message already taken.
    [
      'procurement_webhook_messages',
      `insert into procurement_webhook_messages (provider_kind, message_id) values ('TopiComspot', 'msg_fill')`,
    ],
    [
      'setup_links',
      `insert into setup_links (token_hash, expires_at, used_at) values ('fill:setup', now(), now())`,
    ],
  ];
  for (const [table, insert] of statements) {
    // A table an older Equip did not have yet (the upgrade fixtures are made by older commits) is skipped.
    const [exists] = await sql(`select to_regclass('public.${table}') is not null as exists`);
    if (!exists?.exists) continue;
    const [present] = await sql(`select exists (select 1 from ${table}) as present`);
    if (!present?.present) await sql(insert);
  }
  // An SSO client secret as Equip stored it before decision 034 (plain text): the next start seals it
  // (organizations.sso_client_secret_encrypted), which the backups then check opens.
  const [sealable] = await sql(
    `select exists (select 1 from information_schema.columns where table_name = 'organizations'
       and column_name = 'sso_client_secret_encrypted') as sealable`,
  );
  if (sealable?.sealable)
    await sql(
      `update organizations set sso_provider = 'google', sso_issuer = 'https://accounts.google.com',
         sso_client_id = 'every-table-client', sso_client_secret = 'every-table-sso-secret'
       where name = 'Acme GmbH' and sso_client_secret_encrypted is null`,
    );
}

export interface HttpPeers {
  /** A webhook receiver (WEBHOOKS_ALLOW_PRIVATE=true on the server). */
  webhookReceiverUrl: string;
  /** The fake Fleet server (MDM_ALLOW_PRIVATE_SERVERS=true on the server) and its API token. */
  fleetUrl: string;
  fleetToken: string;
  /**
   * A consent code the server's Google Workspace takes (a fake of Google, the server configured for it):
   * connecting seals the workspace's refresh token (decision 033).
   */
  googleWorkspaceCode?: string;
}

export interface FilledOverHttp {
  owner: { email: string; password: string; accessToken: string; refreshToken: string };
  webhook: { uuid: string; secret: string; url: string };
}

/** Drives a running Equip's API; throws with the answer when a step is refused. */
export async function fillOverHttp(
  base: string,
  logins: DemoLogin[],
  peers: HttpPeers,
): Promise<FilledOverHttp> {
  const owner = logins.find((l) => l.role === 'it-owner')!;
  const regular = logins.find((l) => l.role === 'regular')!;
  const tokens = await signIn(base, owner.email, owner.password);
  const api = (method: string, route: string, body?: unknown) =>
    call(base, method, route, body, tokens.accessToken);

  // auth_attempts
  await expectStatus(
    call(base, 'POST', LOGIN, await loginBody(base, regular.email, 'not the password')),
    [401],
  );
  // one_time_tokens and mail_outbox
  await expectStatus(call(base, 'POST', RESET, { email: regular.email }), [200, 202, 204]);
  // device_commands: the demo's devices answer through the MDM sandbox
  const devices = await json<{ items: { uuid: string; mdmProvider: string | null }[] }>(
    api('GET', '/api/devices?take=20'),
    [200],
  );
  const deviceUuids = devices.items.map((d) => d.uuid);
  await expectStatus(api('POST', '/api/devices/actions', { action: 'restart', deviceUuids }), [202]);
  // device_software: a managed device's software, read from its MDM's sandbox
  const managed = devices.items.find((d) => d.mdmProvider !== null);
  if (!managed) throw new Error('No demo device is managed through an MDM');
  await expectStatus(api('POST', `/api/devices/${managed.uuid}/software/refresh`), [200]);
  // webhook_endpoints (a sealed secret) and webhook_deliveries
  const url = `${peers.webhookReceiverUrl}/filled`;
  const endpoint = await json<{ uuid: string; secret: string }>(
    api('POST', '/api/webhooks', { url, eventTypes: ['employee.created'], description: 'every table' }),
    [201],
  );
  await expectStatus(api('POST', `/api/webhooks/${endpoint.uuid}/test`), [202]);
  // mdm_connections (a sealed token)
  const fleet = { baseUrl: peers.fleetUrl, apiToken: peers.fleetToken };
  await expectStatus(api('PUT', '/api/mdm-connections/FLEET', fleet), [200, 201]);
  // workspaces (a sealed refresh token): Google Workspace connected with its consent code
  if (peers.googleWorkspaceCode)
    await expectStatus(
      api('POST', '/api/workspaces/token', { code: peers.googleWorkspaceCode, providerKind: 'google' }),
      [200, 201],
    );
  // integrations (sealed credentials; the installation's sandbox HR system takes any, decision 029)
  const personio = { clientId: 'every-table-client', clientSecret: 'every-table-secret-0001' };
  await expectStatus(api('PUT', '/api/integrations/personio', personio), [200, 201]);
  // integration_sync_runs and integration_conflicts (decision 032): Personio's first sync (after its
  // preview), then HiBob's, whose people Personio has already brought: their emails are conflicts.
  for (const provider of ['personio', 'hibob'] as const) {
    if (provider === 'hibob') await expectStatus(api('PUT', '/api/integrations/hibob', personio), [200, 201]);
    await expectStatus(api('POST', `/api/integrations/${provider}/sync/preview`), [200]);
    await expectStatus(api('POST', `/api/integrations/${provider}/sync`), [202]);
    await until(async () => {
      const runs = await json<{ items: { provider: string; status: string }[] }>(
        api('GET', `/api/integrations/sync-runs?provider=${provider}`),
        [200],
      );
      return runs.items.some((run) => run.status === 'succeeded' || run.status === 'failed');
    }, `${provider}'s first sync`);
  }
  // scim_tokens, scim_users, scim_groups and scim_group_members (decision 034): an identity provider
  // provisions a person into a group with the organisation's SCIM token
  const scim = await json<{ token: string }>(api('POST', '/api/scim-tokens', { name: 'every table' }), [201]);
  const scimUser = await json<{ id: string }>(
    call(base, 'POST', '/scim/v2/Users', { userName: 'every-table-scim@example.test' }, scim.token),
    [201],
  );
  await expectStatus(
    call(
      base,
      'POST',
      '/scim/v2/Groups',
      { displayName: 'Every table', members: [{ value: scimUser.id }] },
      scim.token,
    ),
    [201],
  );
  // bundle_settings: the organisation's default management mode for new applications (decision 028)
  await expectStatus(api('PUT', '/bundle-api/settings', { defaultManagementMode: 'ITOwners' }), [200]);
  // procurement_providers (a sealed webhook secret), set by a provider admin (decision 031)
  const admin = logins.find((l) => l.role === 'equip-admin');
  if (!admin) throw new Error('The demo has no provider admin');
  const adminTokens = await signIn(base, admin.email, admin.password);
  await expectStatus(
    call(
      base,
      'POST',
      '/api/procurement/providers/TopiComspot/webhook-secret',
      undefined,
      adminTokens.accessToken,
    ),
    [200],
  );
  return {
    owner: { email: owner.email, password: owner.password, ...tokens },
    webhook: { uuid: endpoint.uuid, secret: endpoint.secret, url },
  };
}

export const LOGIN = '/api/user/shared/auth/unprotected/login';
const RESET = '/api/user/shared/auth/unprotected/request-password-reset';

export async function loginBody(base: string, email: string, password: string) {
  const key = await json<PasswordPublicKey>(
    call(base, 'GET', '/api/user/shared/auth/unprotected/public-key'),
    [200],
  );
  return { email, encryptedPassword: encryptPassword(key, password) };
}

export async function signIn(
  base: string,
  email: string,
  password: string,
): Promise<{ accessToken: string; refreshToken: string }> {
  return json(call(base, 'POST', LOGIN, await loginBody(base, email, password)), [200]);
}

export async function call(
  base: string,
  method: string,
  route: string,
  body?: unknown,
  accessToken?: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${base}${route}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** The answer's JSON, once its status is one of `expected`. */
export async function json<T>(answer: Promise<Response> | Response, expected: number[]): Promise<T> {
  return (await (await expectStatus(answer, expected)).json()) as T;
}

export async function expectStatus(
  answer: Promise<Response> | Response,
  expected: number[],
): Promise<Response> {
  const res = await answer;
  if (!expected.includes(res.status))
    throw new Error(
      `${res.url} answered ${res.status} (${await res.text()}), expected ${expected.join(' or ')}`,
    );
  return res;
}

/** Waits (up to 30 s) for what the server does in the background, such as a job's run. */
async function until(done: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
