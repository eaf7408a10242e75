import { ErrorType } from '@equip/domain/errors';
import {
  type ConnectIntegrationRequest,
  HR_CREDENTIAL_FIELDS,
  type HrIntegration,
  type HrIntegrationList,
  type HrProvider,
  hrFieldMappingOf,
  hrProviderOfParam,
  INTEGRATION_NOT_FOUND,
  noHrClientMessage,
  UNKNOWN_HR_PROVIDER,
} from '@equip/domain/integrations';
import { tokenHintOf } from '@equip/domain/mdm-connections';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../http/access.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import type { HrCheckField } from '../../providers/hr/adapter.ts';
import type { HrAdapters, HrCredentials } from '../../providers/hr/hr-adapters.ts';
import {
  deleteIntegration,
  findIntegration,
  findStoredIntegration,
  type IntegrationRow,
  listIntegrations,
  recordCheck,
  setPaused,
  upsertIntegration,
} from './queries.ts';
import { syncSummaries } from './sync-queries.ts';

/** Runs work in the caller's tenant transaction (`request.tenant`): one per step, none while a vendor is asked. */
export type InTenant = <T>(work: (tx: Db) => Promise<T>) => Promise<T>;

/** What the integrations' service is built with (its area.ts). */
export interface IntegrationsDeps {
  hr: HrAdapters;
}

/** The newest sync runs and the open conflicts of the tenant's integrations (decision 032). */
type SyncSummaries = Awaited<ReturnType<typeof syncSummaries>>;

const toIntegration = (row: IntegrationRow, sandbox: boolean, sync: SyncSummaries): HrIntegration => ({
  provider: row.provider,
  language: row.language,
  status: row.status,
  setupStatus: row.setupStatus,
  credentialHint: row.credentialsHint,
  sandbox: sandbox || !row.hasCredentials,
  lastCheckedAt: row.lastCheckedAt?.toISOString() ?? null,
  lastError: row.lastError,
  lastErrorDetail: row.lastErrorDetail,
  lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
  fieldMapping: hrFieldMappingOf(row.fieldMapping),
  lastSync: lastSyncOf(sync.lastSync.get(row.provider)),
  openConflicts: sync.openConflicts.get(row.provider) ?? 0,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

function lastSyncOf(run: ReturnType<SyncSummaries['lastSync']['get']>): HrIntegration['lastSync'] {
  if (!run) return null;
  const { provider: _provider, finishedAt, ...rest } = run;
  return { ...rest, finishedAt: finishedAt?.toISOString() ?? null };
}

/** The kind a path names; any other value is an integration that does not exist (404). */
export function providerOf(param: string): HrProvider {
  const provider = hrProviderOfParam(param);
  if (!provider)
    throw notFound(UNKNOWN_HR_PROVIDER, { location: 'params', param: 'provider', path: ['provider'] });
  return provider;
}

/** The kind's credentials from the request (`HR_CREDENTIAL_FIELDS`), a 400 at the first one missing. */
function credentialsOf(
  provider: HrProvider,
  body: z.output<typeof ConnectIntegrationRequest>,
): { credentials: HrCredentials; secret: string } {
  const fields = HR_CREDENTIAL_FIELDS[provider];
  const credentials: HrCredentials = {};
  for (const field of fields) {
    const value = body[field];
    if (!value) throw badRequest('Required', { location: 'body', param: field, path: [field] });
    credentials[field] = value;
  }
  return { credentials, secret: credentials[fields.at(-1)!]! };
}

/** 422 at the credential the failed test points to (the kind's secret when the vendor does not say). */
function checkFailed(
  provider: HrProvider,
  error: string,
  detail: string | null,
  field: HrCheckField,
): AppError {
  const fields = HR_CREDENTIAL_FIELDS[provider];
  const at = fields.includes(field as (typeof fields)[number]) ? field : fields.at(-1)!;
  return new AppError(422, {
    msg: detail ? `${error}: ${detail}` : error,
    errorType: ErrorType.IntegrationFailed,
    location: 'body',
    param: at,
    path: [at],
  });
}

/**
 * Tests an organisation's stored integration again and records when and with what outcome: the one way
 * both "Test" and the hourly job (`integrations.check`) do it. The HR system is asked outside any
 * transaction; recording happens in the organisation's. ACTIVE ↔ INVALID follow the outcome; a paused
 * (INACTIVE) integration stays paused. Answers the integration as it is now, or null when there is none.
 */
export async function recheckIntegration(
  tenant: InTenant,
  hr: HrAdapters,
  provider: HrProvider,
): Promise<IntegrationRow | null> {
  const stored = await tenant((tx) => findStoredIntegration(tx, provider));
  if (!stored) return null;
  const checked = await hr.checkStored(stored);
  return tenant(async (tx) => {
    const recorded = await recordCheck(
      tx,
      stored,
      new Date(),
      checked.ok ? null : { error: checked.error, detail: checked.detail },
    );
    // Removed or saved anew (and tested by that save) while the system was asked: that state stands.
    return recorded ?? findIntegration(tx, provider);
  });
}

/**
 * The organisation's HR integrations (decision 029). Connecting tests the credentials against the HR
 * system first and stores nothing when the test fails; the credentials are stored sealed and never
 * answered.
 */
export function createIntegrationsService(deps: IntegrationsDeps) {
  const { hr } = deps;
  const answerIn = async (tx: Db, row: IntegrationRow) =>
    toIntegration(row, hr.sandbox, await syncSummaries(tx));
  const foundIn = (tx: Db, row: IntegrationRow | null) => {
    if (!row) throw notFound(INTEGRATION_NOT_FOUND);
    return answerIn(tx, row);
  };
  const found = (tenant: InTenant, row: IntegrationRow | null) => tenant((tx) => foundIn(tx, row));
  return {
    async list(tx: Db): Promise<HrIntegrationList> {
      const sync = await syncSummaries(tx);
      return { items: (await listIntegrations(tx)).map((row) => toIntegration(row, hr.sandbox, sync)) };
    },

    /** Adds or replaces the kind's integration after a successful test; `created` says which. */
    async connect(
      tenant: InTenant,
      auth: AuthContext,
      param: string,
      body: z.output<typeof ConnectIntegrationRequest>,
    ): Promise<{ integration: HrIntegration; created: boolean }> {
      const provider = providerOf(param);
      if (!hr.connectable(provider))
        throw new AppError(422, {
          msg: noHrClientMessage(provider),
          errorType: ErrorType.HrProviderUnsupported,
          location: 'params',
          param: 'provider',
          path: ['provider'],
        });
      const { credentials, secret } = credentialsOf(provider, body);
      // Asked outside any transaction: a slow HR system holds no connection of the database.
      const checked = await hr.check(provider, credentials);
      if (!checked.ok) throw checkFailed(provider, checked.error, checked.detail, checked.field);
      return tenant(async (tx) => {
        const before = await findIntegration(tx, provider);
        const row = await upsertIntegration(tx, {
          organizationUuid: auth.organizationUuid,
          provider,
          language: body.language,
          credentialsEncrypted: hr.seal(credentials),
          credentialsHint: tokenHintOf(secret),
          checkedAt: new Date(),
        });
        return { integration: await answerIn(tx, row), created: !before };
      });
    },

    /** Tests the stored credentials again (`recheckIntegration`, as the hourly job does). */
    async check(tenant: InTenant, param: string): Promise<HrIntegration> {
      return found(tenant, await recheckIntegration(tenant, hr, providerOf(param)));
    },

    /** Pauses the integration (INACTIVE): no checks and no syncs until it is resumed. */
    async pause(tx: Db, param: string): Promise<HrIntegration> {
      return foundIn(tx, await setPaused(tx, providerOf(param), true));
    },

    /** Takes the integration back from a pause and tests it: ACTIVE or INVALID with the reason. */
    async resume(tenant: InTenant, param: string): Promise<HrIntegration> {
      const provider = providerOf(param);
      if (!(await tenant((tx) => setPaused(tx, provider, false)))) throw notFound(INTEGRATION_NOT_FOUND);
      return found(tenant, await recheckIntegration(tenant, hr, provider));
    },

    /** Removes the integration and its credentials. */
    async remove(tx: Db, param: string): Promise<void> {
      if (!(await deleteIntegration(tx, providerOf(param)))) throw notFound(INTEGRATION_NOT_FOUND);
    },
  };
}

export type IntegrationsService = ReturnType<typeof createIntegrationsService>;
