import type { MdmProvider, MdmReach } from '@equip/domain/mdm';
import {
  MDM_CHECK_ERRORS,
  MDM_PROVIDER_NAMES,
  type MdmCheckError,
  noMdmClientMessage,
} from '@equip/domain/mdm-connections';
import { ZodError } from 'zod';
import type { AppConfig } from '../../config/env.ts';
import { decryptSecret, encryptSecret } from '../../security/sealed-secrets.ts';
import { equipUserAgent, outboundFetch } from '../outbound/public-fetch.ts';
import type { MdmAdapter } from './adapter.ts';
import { FleetApiError, FleetClient, FleetMdmAdapter } from './fleet.ts';
import { JamfApiError, JamfClient, JamfMdmAdapter } from './jamf.ts';
import { ManageEngineApiError, ManageEngineClient, ManageEngineMdmAdapter } from './manage-engine.ts';
import { SandboxMdmAdapter } from './sandbox.ts';

/** A connection's server and (plain) API token: what a client needs. */
export interface MdmServer {
  baseUrl: string;
  /** Fleet's API token, ManageEngine's API key, or Jamf Pro's API client secret (with `clientId`). */
  apiToken: string;
  /** Jamf Pro: the API client's ID. */
  clientId?: string | null;
}

/** An organisation's stored connection to a real MDM server (table mdm_connections): the token sealed. */
export interface StoredMdmConnection {
  provider: MdmProvider;
  baseUrl: string;
  apiTokenEncrypted: string;
  /** Jamf Pro: the API client's ID (its secret is the sealed token). */
  clientId?: string | null;
}

/** What testing a connection found: it works, or why not (fixed words, decision 015). */
export type MdmCheckResult = { ok: true } | { ok: false; error: MdmCheckError };

/** Why no adapter can take a device's commands. */
export class NoMdmAdapter extends Error {
  override name = 'NoMdmAdapter';
}

/**
 * Picks the adapter for a device's provider: the real client when the organisation has connected that
 * provider (Fleet, Jamf Pro, ManageEngine), else the provider's sandbox when the installation allows it (the demo, tests).
 */
export class MdmAdapters {
  private readonly sandboxes: Map<MdmProvider, SandboxMdmAdapter>;

  constructor(
    private readonly options: AppConfig['mdm'],
    /** The key API tokens are sealed with (security/sealed-secrets.ts, purpose `mdmTokens`). */
    private readonly tokenKey: Buffer,
    /**
     * Only public addresses (tests of a local fake allow private servers); never follows redirects;
     * names Equip in `user-agent`.
     */
    private readonly fetcher: typeof fetch = outboundFetch({
      allowPrivate: options.allowPrivateServers,
      userAgent: equipUserAgent('mdm'),
    }),
  ) {
    this.sandboxes = new Map(
      (['FLEET', 'JAMF', 'MANAGE_ENGINE'] as const).map((p) => [
        p,
        new SandboxMdmAdapter(p, options.sandboxDelayMs),
      ]),
    );
  }

  /** How a command to a device of `provider` would go: its server, the sandbox, or not at all (null). */
  reachedThrough(connection: StoredMdmConnection | null): MdmReach | null {
    if (connection) return 'server';
    return this.options.sandbox ? 'sandbox' : null;
  }

  /** Throws NoMdmAdapter when neither a connection nor the sandbox serves the provider. */
  for(provider: MdmProvider, connection: StoredMdmConnection | null): MdmAdapter {
    if (connection) {
      if (connection.provider === 'FLEET')
        return new FleetMdmAdapter(
          this.fleetClient({ baseUrl: connection.baseUrl, apiToken: this.openToken(connection) }),
          this.options.checkIntervalMs,
        );
      if (connection.provider === 'JAMF')
        return new JamfMdmAdapter(
          this.jamfClient({
            baseUrl: connection.baseUrl,
            apiToken: this.openToken(connection),
            clientId: connection.clientId ?? null,
          }),
          this.options.checkIntervalMs,
        );
      if (connection.provider === 'MANAGE_ENGINE')
        return new ManageEngineMdmAdapter(
          this.manageEngineClient({ baseUrl: connection.baseUrl, apiToken: this.openToken(connection) }),
          this.options.checkIntervalMs,
        );
      throw new NoMdmAdapter(noMdmClientMessage(provider));
    }
    if (this.options.sandbox) return this.sandboxes.get(provider)!;
    throw new NoMdmAdapter(`No ${MDM_PROVIDER_NAMES[provider]} server is connected to this organisation`);
  }

  /** The API token sealed for storage. */
  sealToken(apiToken: string): string {
    return encryptSecret(this.tokenKey, apiToken);
  }

  /**
   * Asks the server whether the address is one of the provider's and the token is accepted (Fleet:
   * `GET /api/v1/fleet/me`; Jamf Pro: a token for the client ID and secret, then
   * `GET /api/v1/jamf-pro-version`; ManageEngine: the first page of `GET /api/v1/mdm/devices` with the
   * API key). Never throws for the server's sake: a refusal, no answer, another server's
   * answer or a server error comes back as the reason. Throws NoMdmAdapter for a provider without client.
   */
  async check(provider: MdmProvider, server: MdmServer): Promise<MdmCheckResult> {
    if (provider === 'JAMF')
      try {
        await this.jamfClient(server).checkConnection();
        return { ok: true };
      } catch (error) {
        return { ok: false, error: jamfCheckError(error) };
      }
    if (provider === 'MANAGE_ENGINE')
      try {
        await this.manageEngineClient(server).checkConnection();
        return { ok: true };
      } catch (error) {
        return { ok: false, error: manageEngineCheckError(error) };
      }
    if (provider !== 'FLEET') throw new NoMdmAdapter(noMdmClientMessage(provider));
    try {
      await this.fleetClient(server).checkConnection();
      return { ok: true };
    } catch (error) {
      return { ok: false, error: checkError(error) };
    }
  }

  /** `check` of a stored connection; a token that cannot be opened is a failed check. */
  async checkStored(connection: StoredMdmConnection): Promise<MdmCheckResult> {
    let apiToken: string;
    try {
      apiToken = this.openToken(connection);
    } catch {
      return { ok: false, error: MDM_CHECK_ERRORS.tokenUnreadable };
    }
    return this.check(connection.provider, {
      baseUrl: connection.baseUrl,
      apiToken,
      clientId: connection.clientId ?? null,
    });
  }

  private jamfClient(server: MdmServer): JamfClient {
    return new JamfClient(
      { baseUrl: server.baseUrl, clientId: server.clientId ?? '', clientSecret: server.apiToken },
      this.fetcher,
      this.options.requestTimeoutMs,
    );
  }

  private manageEngineClient(server: MdmServer): ManageEngineClient {
    return new ManageEngineClient(
      { baseUrl: server.baseUrl, apiToken: server.apiToken },
      this.fetcher,
      this.options.requestTimeoutMs,
    );
  }

  private fleetClient(server: MdmServer): FleetClient {
    return new FleetClient(
      { baseUrl: server.baseUrl, apiToken: server.apiToken },
      this.fetcher,
      this.options.requestTimeoutMs,
    );
  }

  /** A token sealed under another installation secret (or altered) cannot serve: connect again. */
  private openToken(connection: StoredMdmConnection): string {
    try {
      return decryptSecret(this.tokenKey, connection.apiTokenEncrypted);
    } catch {
      throw new NoMdmAdapter(MDM_CHECK_ERRORS.tokenUnreadable);
    }
  }
}

function checkError(error: unknown): MdmCheckError {
  if (error instanceof FleetApiError) {
    if (error.status === 401 || error.status === 403) return MDM_CHECK_ERRORS.tokenRefused;
    if (error.retryable) return MDM_CHECK_ERRORS.serverError;
    return MDM_CHECK_ERRORS.unexpectedAnswer;
  }
  // 200 with another shape: not a Fleet server (or not its API).
  if (error instanceof ZodError) return MDM_CHECK_ERRORS.unexpectedAnswer;
  // No answer: refused, unresolvable, a private address, a timeout, TLS.
  return MDM_CHECK_ERRORS.unreachable;
}

/** Jamf Pro: refused credentials at the token endpoint (400 invalid_client or 401) are the secret's fault. */
function jamfCheckError(error: unknown): MdmCheckError {
  if (error instanceof JamfApiError) {
    if (error.duringToken && (error.status === 400 || error.status === 401 || error.status === 403))
      return MDM_CHECK_ERRORS.credentialsRefused;
    if (error.status === 401 || error.status === 403) return MDM_CHECK_ERRORS.credentialsRefused;
    if (error.retryable) return MDM_CHECK_ERRORS.serverError;
    return MDM_CHECK_ERRORS.notJamf;
  }
  if (error instanceof ZodError) return MDM_CHECK_ERRORS.notJamf;
  return MDM_CHECK_ERRORS.unreachable;
}

/** ManageEngine: a refused API key (401/403) is the key's fault, at `apiToken`. */
function manageEngineCheckError(error: unknown): MdmCheckError {
  if (error instanceof ManageEngineApiError) {
    if (error.status === 401 || error.status === 403) return MDM_CHECK_ERRORS.tokenRefused;
    if (error.retryable) return MDM_CHECK_ERRORS.serverError;
    return MDM_CHECK_ERRORS.notManageEngine;
  }
  if (error instanceof ZodError) return MDM_CHECK_ERRORS.notManageEngine;
  return MDM_CHECK_ERRORS.unreachable;
}
