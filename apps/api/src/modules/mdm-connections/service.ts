import { ErrorType } from '@equip/domain/errors';
import type { MdmProvider } from '@equip/domain/mdm';
import {
  isConnectableMdmProvider,
  MDM_CHECK_ERRORS,
  MDM_CONNECTION_NOT_FOUND,
  MDM_CREDENTIAL_FIELDS,
  type MdmCheckError,
  type MdmConnection,
  type MdmConnectionList,
  mdmProviderOfParam,
  noMdmClientMessage,
  type SaveMdmConnectionRequest,
  tokenHintOf,
  UNKNOWN_MDM_PROVIDER,
} from '@equip/domain/mdm-connections';
import type { z } from 'zod';
import type { AppJobs } from '../../background/app-job-types.ts';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../http/access.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import type { MdmAdapters } from '../../providers/mdm/mdm-adapters.ts';
import { type OutboundPolicy, publicUrlProblem } from '../../providers/outbound/public-fetch.ts';
import { logEvent } from '../audit-log/index.ts';
import {
  type ConnectionRow,
  deleteConnection,
  findConnection,
  findStoredConnection,
  listConnections,
  recordCheck,
  recordSyncRequest,
  upsertConnection,
} from './queries.ts';

/** Runs work in the caller's tenant transaction (`request.tenant`): one per step, none while a server is asked. */
export type InTenant = <T>(work: (tx: Db) => Promise<T>) => Promise<T>;

/** What the connections' service is built with (services.ts). */
export interface MdmConnectionsDeps {
  mdm: MdmAdapters;
  /** The job queue: "Sync now" enqueues the connection's inventory sync (decision 025). */
  jobs: AppJobs;
  /** MDM_ALLOW_PRIVATE_SERVERS: http and private addresses (tests). */
  policy: OutboundPolicy;
}

const toConnection = (row: ConnectionRow): MdmConnection => ({
  provider: row.provider,
  baseUrl: row.baseUrl,
  tokenHint: row.apiTokenHint,
  ...(row.clientId ? { clientId: row.clientId } : {}),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  lastCheckedAt: row.lastCheckedAt?.toISOString() ?? null,
  lastError: row.lastError,
  sync: {
    requestedAt: row.syncRequestedAt?.toISOString() ?? null,
    startedAt: row.syncStartedAt?.toISOString() ?? null,
    finishedAt: row.syncFinishedAt?.toISOString() ?? null,
    counts: row.syncCounts,
    error: row.syncError,
  },
});

/** The provider a path names; any other value is a connection that does not exist (404). */
function providerOf(param: string): MdmProvider {
  const provider = mdmProviderOfParam(param);
  if (!provider)
    throw notFound(UNKNOWN_MDM_PROVIDER, { location: 'params', param: 'provider', path: ['provider'] });
  return provider;
}

/** 422: the provider has no client in Equip (none today), said like the adapters' NoMdmAdapter. */
function assertConnectable(provider: MdmProvider): void {
  if (!isConnectableMdmProvider(provider))
    throw new AppError(422, {
      msg: noMdmClientMessage(provider),
      errorType: ErrorType.MdmProviderUnsupported,
      location: 'params',
      param: 'provider',
      path: ['provider'],
    });
}

/**
 * The provider's credentials from the request (Fleet: the API token; ManageEngine: the API key, as
 * `apiToken`; Jamf Pro: the API client's ID and secret), a 400 at the first one missing. `secret` is what is sealed and hinted.
 */
function credentialsOf(
  provider: MdmProvider,
  body: z.output<typeof SaveMdmConnectionRequest>,
): { secret: string; clientId: string | null } {
  for (const field of MDM_CREDENTIAL_FIELDS[provider])
    if (!body[field]) throw badRequest('Required', { location: 'body', param: field, path: [field] });
  return provider === 'JAMF'
    ? { secret: body.clientSecret!, clientId: body.clientId! }
    : { secret: body.apiToken!, clientId: null };
}

/**
 * 422 at the field the failed test points to: the token (Jamf: the client secret) when it was refused,
 * else the address.
 */
function checkFailed(error: MdmCheckError): AppError {
  const field =
    error === MDM_CHECK_ERRORS.tokenRefused
      ? 'apiToken'
      : error === MDM_CHECK_ERRORS.credentialsRefused
        ? 'clientSecret'
        : 'baseUrl';
  return new AppError(422, {
    msg: error,
    errorType: ErrorType.MdmConnectionFailed,
    location: 'body',
    param: field,
    path: [field],
  });
}

/** Whether a recorded test changed the connection from working to failing or back (no event otherwise). */
function changeOf(previousError: string | null, error: string | null) {
  if (previousError === null && error !== null) return 'MDM_CONNECTION_FAILED' as const;
  if (previousError !== null && error === null) return 'MDM_CONNECTION_RESTORED' as const;
  return null;
}

/**
 * Tests an organisation's stored connection again and records when and with what outcome: the one way
 * both the "Test connection" route and the hourly job (`mdm.connections.check`) do it. The server is
 * asked outside any transaction; recording happens in the organisation's. When the outcome turns from
 * working to failing, MDM_CONNECTION_FAILED is logged (with the fixed words of the reason; the IT owners
 * are notified), when it turns back MDM_CONNECTION_RESTORED; a check that finds what the last one found
 * logs nothing, nor does a failure whose reason changed. `actorUuid` is the person who asked, null for
 * the job (its events say `automatic: true`). Answers the connection as it is now, or null when there is
 * none.
 */
export async function recheckConnection(
  tenant: InTenant,
  mdm: MdmAdapters,
  target: { organizationUuid: string; provider: MdmProvider; actorUuid: string | null },
): Promise<ConnectionRow | null> {
  const { organizationUuid, provider, actorUuid } = target;
  const stored = await tenant((tx) => findStoredConnection(tx, provider));
  if (!stored) return null;
  const checked = await mdm.checkStored(stored);
  const error = checked.ok ? null : checked.error;
  return tenant(async (tx) => {
    const recorded = await recordCheck(tx, stored, new Date(), error);
    // Removed or saved anew (and tested by that save) while the server was asked: that state stands.
    if (!recorded) return findConnection(tx, provider);
    const type = changeOf(recorded.previousError, error);
    if (type)
      await logEvent(tx, {
        organizationUuid,
        type,
        actorUuid,
        data: {
          provider,
          baseUrl: stored.baseUrl,
          ...(error ? { error } : { previousError: recorded.previousError }),
          ...(actorUuid ? {} : { automatic: true }),
        },
      });
    return recorded.row;
  });
}

/**
 * The organisation's connections to its MDM servers (decision 015). Saving tests the address and token
 * against the server first and stores nothing when the test fails; the token is stored sealed and never
 * answered. Adding, changing and removing a connection are logged.
 */
export function createMdmConnectionsService(deps: MdmConnectionsDeps) {
  return {
    async list(tx: Db): Promise<MdmConnectionList> {
      return { items: (await listConnections(tx)).map(toConnection) };
    },

    /** Adds or replaces the provider's connection after a successful test; `created` says which. */
    async save(
      tenant: InTenant,
      auth: AuthContext,
      param: string,
      body: z.output<typeof SaveMdmConnectionRequest>,
    ): Promise<{ connection: MdmConnection; created: boolean }> {
      const provider = providerOf(param);
      assertConnectable(provider);
      const { secret, clientId } = credentialsOf(provider, body);
      const problem = await publicUrlProblem(body.baseUrl, deps.policy);
      if (problem)
        throw badRequest(`The server URL cannot be used: ${problem}`, {
          location: 'body',
          param: 'baseUrl',
          path: ['baseUrl'],
        });
      // Asked outside any transaction: a slow server holds no connection of the database.
      const checked = await deps.mdm.check(provider, { baseUrl: body.baseUrl, apiToken: secret, clientId });
      if (!checked.ok) throw checkFailed(checked.error);
      const tokenHint = tokenHintOf(secret);
      return tenant(async (tx) => {
        const before = await findConnection(tx, provider);
        const row = await upsertConnection(tx, {
          organizationUuid: auth.organizationUuid,
          provider,
          baseUrl: body.baseUrl,
          apiTokenEncrypted: deps.mdm.sealToken(secret),
          apiTokenHint: tokenHint,
          clientId,
          checkedAt: new Date(),
        });
        await logEvent(tx, {
          organizationUuid: auth.organizationUuid,
          type: before ? 'MDM_CONNECTION_CHANGED' : 'MDM_CONNECTION_ADDED',
          actorUuid: auth.userUuid,
          data: {
            provider,
            baseUrl: row.baseUrl,
            tokenHint,
            ...(clientId ? { clientId } : {}),
            ...(before
              ? {
                  before: {
                    baseUrl: before.baseUrl,
                    tokenHint: before.apiTokenHint,
                    ...(before.clientId ? { clientId: before.clientId } : {}),
                  },
                }
              : {}),
          },
        });
        return { connection: toConnection(row), created: !before };
      });
    },

    /** Tests the stored connection again (`recheckConnection`, as the hourly job does) for the person asking. */
    async check(tenant: InTenant, auth: AuthContext, param: string): Promise<MdmConnection> {
      const provider = providerOf(param);
      const row = await recheckConnection(tenant, deps.mdm, {
        organizationUuid: auth.organizationUuid,
        provider,
        actorUuid: auth.userUuid,
      });
      if (!row) throw notFound(MDM_CONNECTION_NOT_FOUND);
      return toConnection(row);
    },

    /**
     * "Sync now" (decision 025): enqueues the connection's inventory sync, with the time it was asked
     * for, in the organisation's transaction, and wakes this process's workers. A sync already running
     * finishes on its own (the asked-for one then finds it and ends: the next hour's catches up).
     */
    async requestSync(tenant: InTenant, auth: AuthContext, param: string): Promise<MdmConnection> {
      const provider = providerOf(param);
      const row = await tenant(async (tx) => {
        const asked = await recordSyncRequest(tx, provider, new Date());
        if (asked)
          await deps.jobs.send(
            'mdm.inventory.sync',
            { organizationUuid: auth.organizationUuid, provider, requestedByUuid: auth.userUuid },
            { db: tx },
          );
        return asked;
      });
      if (!row) throw notFound(MDM_CONNECTION_NOT_FOUND);
      deps.jobs.kick('mdm.inventory.sync');
      return toConnection(row);
    },

    /** Removes the connection: the provider's devices go to the sandbox where it is on, else fail clearly. */
    async remove(tx: Db, auth: AuthContext, param: string): Promise<void> {
      const provider = providerOf(param);
      const removed = await deleteConnection(tx, provider);
      if (!removed) throw notFound(MDM_CONNECTION_NOT_FOUND);
      await logEvent(tx, {
        organizationUuid: auth.organizationUuid,
        type: 'MDM_CONNECTION_REMOVED',
        actorUuid: auth.userUuid,
        data: { provider, baseUrl: removed.baseUrl },
      });
    },
  };
}

export type MdmConnectionsService = ReturnType<typeof createMdmConnectionsService>;
