import { WORKSPACE_CHECK_ERRORS, type WorkspaceProviderKind } from '@equip/domain/workspaces';
import type { AppConfig } from '../../config/env.ts';
import { decryptSecret, encryptSecret } from '../../security/sealed-secrets.ts';
import { equipUserAgent, outboundFetch } from '../outbound/public-fetch.ts';
import type { WorkspaceAdapter, WorkspaceCheckResult } from './adapter.ts';
import {
  GOOGLE_SCOPES,
  GOOGLE_UNVERIFIED_SCOPES,
  GoogleWorkspaceClient,
  googleError,
  googleOAuth,
} from './google.ts';
import { WorkspaceApiError, workspaceFetch } from './http.ts';
import { MICROSOFT_SCOPES, MicrosoftWorkspaceClient, microsoftToken } from './microsoft.ts';
import { SandboxWorkspaceAdapter } from './sandbox.ts';

/** The code the sandbox's consent gives (the demo's "Connect" sends it). */
export const SANDBOX_CONSENT_CODE = 'sandbox';

/** An organisation's stored workspace: its refresh token sealed (null: the sandbox, without any). */
export interface StoredWorkspace {
  organizationUuid: string;
  provider: WorkspaceProviderKind;
  refreshTokenEncrypted: string | null;
}

/** Why no adapter can reach a workspace. */
export class NoWorkspaceAdapter extends Error {
  override name = 'NoWorkspaceAdapter';
}

/**
 * Picks the adapter of a workspace (decision 033): the sandbox where it is on (the demo, tests), else the
 * provider's official client with the organisation's refresh token and the installation's OAuth client.
 * Also runs the OAuth code flow: the consent address, and the code exchanged for a refresh token, which
 * is sealed for storage. Every request goes through the app's public fetch (`outboundFetch`).
 */
export class WorkspaceAdapters {
  private readonly fetcher: typeof fetch;

  constructor(
    private readonly options: AppConfig['workspace'],
    /** The key refresh tokens are sealed with (security/sealed-secrets.ts, purpose `workspaceTokens`). */
    private readonly key: Buffer,
    fetcher: typeof fetch = outboundFetch({
      allowPrivate: options.allowPrivateServers,
      userAgent: equipUserAgent('workspace'),
    }),
  ) {
    this.fetcher = workspaceFetch({
      fetcher,
      timeoutMs: options.requestTimeoutMs,
      maxRetryWaitMs: options.maxRetryWaitMs,
    });
  }

  get sandbox(): boolean {
    return this.options.sandbox;
  }

  /** The providers this installation can connect: both in the sandbox, else those with an OAuth client. */
  connectable(): WorkspaceProviderKind[] {
    if (this.options.sandbox) return ['google', 'microsoft'];
    return (['google', 'microsoft'] as const).filter((p) => this.options[p] !== null);
  }

  /**
   * The provider's consent page for this organisation (`state` ties the answer to it). Google's
   * unverified scopes (licences, data transfer) only with `unverifiedScopes` (flag
   * `unverified-google-oauth-scopes`). Null in the sandbox: there is no consent page.
   */
  authorizeUrl(
    provider: WorkspaceProviderKind,
    input: { redirectUri: string; state: string; unverifiedScopes: boolean },
  ): string | null {
    if (this.options.sandbox) return null;
    if (provider === 'google') {
      const oauth = googleOAuth(this.client('google'), this.options.googleUrls, this.fetcher);
      return oauth.generateAuthUrl({
        access_type: 'offline',
        prompt: 'consent',
        redirect_uri: input.redirectUri,
        state: input.state,
        scope: [...GOOGLE_SCOPES, ...(input.unverifiedScopes ? GOOGLE_UNVERIFIED_SCOPES : [])],
      });
    }
    const url = new URL('common/oauth2/v2.0/authorize', `${this.options.microsoftUrls.loginUrl}/`);
    url.search = new URLSearchParams({
      client_id: this.client('microsoft').clientId,
      response_type: 'code',
      redirect_uri: input.redirectUri,
      response_mode: 'query',
      scope: MICROSOFT_SCOPES.join(' '),
      state: input.state,
      prompt: 'consent',
    }).toString();
    return url.href;
  }

  /**
   * SPEC §7 workspace token acquisition: the consent code exchanged for a refresh token (null in the
   * sandbox, which needs none). A refused code is a WorkspaceApiError with the provider's words.
   */
  async exchange(provider: WorkspaceProviderKind, code: string, redirectUri: string): Promise<string | null> {
    if (this.options.sandbox) {
      if (code !== SANDBOX_CONSENT_CODE) throw new WorkspaceApiError('Sandbox', 400, 'Unknown consent code');
      return null;
    }
    if (provider === 'google') {
      const oauth = googleOAuth(this.client('google'), this.options.googleUrls, this.fetcher);
      try {
        const { tokens } = await oauth.getToken({ code, redirect_uri: redirectUri });
        if (!tokens.refresh_token)
          throw new WorkspaceApiError('Google Workspace', 400, 'Google gave no refresh token');
        return tokens.refresh_token;
      } catch (error) {
        throw googleError(error);
      }
    }
    const token = await microsoftToken(
      { client: this.client('microsoft'), urls: this.options.microsoftUrls, fetcher: this.fetcher },
      { code, redirectUri },
    );
    if (!token.refreshToken)
      throw new WorkspaceApiError('Microsoft 365', 400, 'Microsoft gave no refresh token');
    return token.refreshToken;
  }

  /** The adapter for a refresh token (`key`: the organisation, whose sandbox workspace it is). */
  with(provider: WorkspaceProviderKind, refreshToken: string | null, key: string): WorkspaceAdapter {
    if (this.options.sandbox) return new SandboxWorkspaceAdapter(provider, key);
    if (!refreshToken) throw new NoWorkspaceAdapter(WORKSPACE_CHECK_ERRORS.noClient);
    if (provider === 'google')
      return new GoogleWorkspaceClient(refreshToken, {
        client: this.client('google'),
        urls: this.options.googleUrls,
        fetcher: this.fetcher,
      });
    return new MicrosoftWorkspaceClient(refreshToken, {
      client: this.client('microsoft'),
      urls: this.options.microsoftUrls,
      fetcher: this.fetcher,
    });
  }

  /** The adapter of a stored workspace (its refresh token opened). */
  for(stored: StoredWorkspace): WorkspaceAdapter {
    return this.with(stored.provider, this.open(stored), stored.organizationUuid);
  }

  /** Tests a stored workspace; never throws for the provider's sake. */
  async checkStored(stored: StoredWorkspace): Promise<WorkspaceCheckResult> {
    const adapter = this.adapterOf(stored);
    return 'check' in adapter ? adapter.check() : adapter;
  }

  /**
   * The adapter of a stored workspace, or why there can be none (a failed check: the token cannot be
   * opened, was the sandbox's, or the provider's OAuth client is not configured).
   */
  adapterOf(stored: StoredWorkspace): WorkspaceAdapter | Extract<WorkspaceCheckResult, { ok: false }> {
    let token: string | null;
    try {
      token = this.open(stored);
    } catch {
      return { ok: false, error: WORKSPACE_CHECK_ERRORS.tokenUnreadable, detail: null };
    }
    if (!this.options.sandbox && !token)
      return { ok: false, error: WORKSPACE_CHECK_ERRORS.noClient, detail: null };
    if (!this.options.sandbox && !this.options[stored.provider])
      return { ok: false, error: WORKSPACE_CHECK_ERRORS.notConfigured, detail: null };
    return this.with(stored.provider, token, stored.organizationUuid);
  }

  seal(refreshToken: string): string {
    return encryptSecret(this.key, refreshToken);
  }

  /** Null for none stored; throws for a token sealed under another installation secret. */
  private open(stored: StoredWorkspace): string | null {
    return stored.refreshTokenEncrypted ? decryptSecret(this.key, stored.refreshTokenEncrypted) : null;
  }

  private client(provider: WorkspaceProviderKind) {
    const client = this.options[provider];
    if (!client) throw new NoWorkspaceAdapter(WORKSPACE_CHECK_ERRORS.notConfigured);
    return client;
  }
}
